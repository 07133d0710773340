// RuleLens against Codex CLI's own exec policy (`codex execpolicy check --rules A --rules B -- CMD…`,
// @openai/codex with its native binary): generated policies of one to three `.rules` files of one
// folder (Codex loads them all as one policy) and argvs, matched rules and decisions compared, and
// load errors (bad examples, blank justifications: Codex then refuses them all) on both sides.
// `execpolicy check` matches the argv as given, so RuleLens is asked the same (no `bash -lc` split;
// the split has its own unit tests).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { initDialects } from '../../shared/dialects';
import { codexMembers, evaluateCodex, parseCodexPolicy } from '../../shared/dialects/codex';
import { diffRuns, diffSeed, installOracle } from './oracle-cache';
import { argv, policyFiles } from './codex/generate';
import { codexBinary, CODEX_VERSION as VERSION } from './codex/binary';

const COMMANDS_PER_FILE = 4;

describe('differential: codex execpolicy', function () {
  let bin: string;
  let work: string;
  before(async function () {
    bin = codexBinary(installOracle('@openai/codex', VERSION));
    work = mkdtempSync(join(tmpdir(), 'rulelens-codex-diff-'));
    await initDialects();
  });
  after(() => work && rmSync(work, { recursive: true, force: true }));

  it(`matches and decides every generated command under a policy of several files as Codex ${VERSION} does`, function () {
    let cases = 0;
    let refused = 0;
    let runs = 0;
    const seen: Record<string, number> = {};
    fc.assert(
      fc.property(policyFiles, fc.array(argv, { minLength: 1, maxLength: COMMANDS_PER_FILE }), (texts, commands) => {
        const dir = join(work, `run${runs++}`, 'rules');
        mkdirSync(dir, { recursive: true });
        const names = texts.map((_, k) => `p${k}.rules`);
        const paths = names.map((n) => join(dir, n));
        texts.forEach((t, k) => writeFileSync(paths[k], t));
        const host = { readFile: (p: string) => texts[paths.indexOf(p)], list: (d: string) => (d === dir ? names.map((name) => ({ name, kind: 'file' as const })) : undefined) };
        const main = { path: paths[0], text: texts[0] };
        const rs = parseCodexPolicy(main, codexMembers(main, host, {}), {});
        const text = texts.map((t, k) => `# ${names[k]}\n${t}`).join('\n');
        for (const cmd of commands) {
          cases++;
          const r = spawnSync(bin, ['execpolicy', 'check', ...paths.flatMap((p) => ['--rules', p]), '--', ...cmd], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: work } });
          const where = `files:\n${text}\ncommand: ${JSON.stringify(cmd)}\nCodex: ${r.status === 0 ? r.stdout.trim() : `exit ${r.status}: ${r.stderr.split('\n').slice(0, 6).join(' | ')}`}`;
          if (r.status !== 0) {
            refused++;
            assert.ok(rs.rejectedBy !== undefined, `Codex refuses the policy, RuleLens loads it\n${where}`);
            return;
          }
          assert.equal(rs.rejectedBy, undefined, `RuleLens reports load errors Codex does not: ${[...rs.findings, ...(rs.memberFindings ?? []).flatMap((m) => m.findings)].map((f) => f.message).join(' | ')}\n${where}`);
          const out = JSON.parse(r.stdout) as { matchedRules: unknown[]; decision?: string };
          const v = evaluateCodex(rs, { command: cmd, noShellSplit: true });
          seen[out.decision ?? 'no match'] = (seen[out.decision ?? 'no match'] ?? 0) + 1;
          assert.equal(v.details.matched, out.matchedRules.length > 0, `matched differs\n${where}\nRuleLens: ${v.trace.branch}`);
          if (out.decision) assert.equal(v.native, out.decision, `decision differs\n${where}\nRuleLens: ${v.native} (${v.trace.branch})`);
          assert.equal(v.trace.sections[0].rows.filter((x) => x.matches[0]).length, out.matchedRules.length, `number of matching rules differs\n${where}`);
        }
      }),
      { numRuns: diffRuns(), seed: diffSeed(), endOnFailure: true },
    );
    console.log(`      codex: ${cases} commands compared (${refused} refused policies; Codex decided ${JSON.stringify(seen)})`);
  });
});
