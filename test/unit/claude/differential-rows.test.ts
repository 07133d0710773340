import { strict as assert } from 'assert';
import { readFileSync, rmSync } from 'fs';
import * as path from 'path';
import type { Decision } from '../../../shared/model';
import { nodePathFs } from '../../../shared/host/node-fs';
import { evaluateClaude, initShellParser, parseClaude, type ClaudeRequest } from '../../../shared/dialects/claude';
import { fillCase, freshDirs, materialize, type OracleCase } from '../../differential/claude/oracle';

/**
 * Every disagreement the differential run found between RuleLens and the real Claude Code CLI,
 * kept with the CLI's answer on each pinned version: the case (settings, the project's files and
 * symlinks, the outside folder, the tool call) is laid out in a temp folder exactly as the CLI saw
 * it and RuleLens must now decide it the CLI's way (the newest version's, where they differ).
 */
interface Row {
  case: OracleCase;
  cli: Record<string, Decision>;
  /** What RuleLens said when the row was found. */
  was: Decision;
  found: string;
}

const ROWS: Row[] = JSON.parse(readFileSync(path.join(__dirname, 'differential-rows.json'), 'utf8'));

function requestOf(c: OracleCase): ClaudeRequest {
  const i = c.call.input;
  if (c.call.name === 'Bash') return { tool: 'Bash', command: String(i.command) };
  if (c.call.name === 'WebFetch') return { tool: 'WebFetch', url: String(i.url) };
  return { tool: c.call.name, path: String(i.file_path) };
}

/** The newest version's answer: what users get. */
function expected(r: Row): Decision {
  const versions = Object.keys(r.cli).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return r.cli[versions[versions.length - 1]];
}

describe('claude: the differential run\'s disagreements, decided as the CLI does', () => {
  before(() => initShellParser());
  it('has rows', () => assert.ok(ROWS.length > 0));
  for (const r of ROWS) {
    const what = r.case.call.name === 'Bash' ? JSON.stringify(r.case.call.input.command) : `${r.case.call.name} ${String(r.case.call.input.file_path ?? r.case.call.input.url)}`;
    it(`${what.slice(0, 90)} → ${expected(r)} (CLI ${Object.entries(r.cli).map(([v, d]) => `${v} ${d}`).join(', ')}; RuleLens said ${r.was})`, () => {
      const dirs = freshDirs();
      try {
        const c = fillCase(r.case, dirs);
        materialize(c, dirs);
        const rs = parseClaude({ path: `${dirs.project}/.claude/settings.json`, text: JSON.stringify(c.project ?? {}) }, { root: dirs.project, home: dirs.home });
        const v = evaluateClaude(rs, requestOf(c), { root: dirs.project, home: dirs.home, fs: nodePathFs });
        assert.equal(v.decision, expected(r), `${JSON.stringify(r.case.project)} links ${JSON.stringify(r.case.links)}\n${v.trace.sections.map((s) => `${s.kind} ${s.subject}: ${s.decision} — ${s.branch}`).join('\n')}`);
      } finally {
        rmSync(dirs.base, { recursive: true, force: true });
      }
    });
  }
});
