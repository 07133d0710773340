// The held-out suite: hand-written Codex and Gemini CLI cases (heldout/*-cases.ts), apart from
// the generators, decided by RuleLens and by the real agents — Codex through its whole pipeline
// (`codex exec`: the model's shell call, its bash -lc split, every .rules file of the trusted
// project), Gemini through its policy engine and scheduler. Agreement must be at least 99%.
import { strict as assert } from 'node:assert';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initDialects } from '../../shared/dialects';
import { codexMembers, evaluateCodex, parseCodexPolicy } from '../../shared/dialects/codex';
import { evaluateGemini, geminiMembers, parseGeminiPolicy } from '../../shared/dialects/gemini';
import { installOracle } from './oracle-cache';
import { LineOracle } from './line-oracle';
import { askCodexExec, startResponsesMock, type ResponsesMock } from './codex/exec-oracle';
import { CODEX_COMMANDS, CODEX_RULES } from './heldout/codex-cases';
import { GEMINI_POLICIES } from './heldout/gemini-cases';
import { codexBinary, CODEX_VERSION } from './codex/binary';

const GEMINI_VERSION = '0.61.0';
const HOME = '/home/rulelens-heldout';
/** The agreement the suite must reach. */
export const MIN_AGREEMENT = 0.99;
const PARALLEL = Number(process.env.DIFF_PARALLEL ?? 2);

interface Miss {
  what: string;
  agent: string;
  rulelens: string;
  why: string;
}

function report(name: string, total: number, misses: Miss[]): void {
  const agreement = total ? (total - misses.length) / total : 1;
  console.log(`      held-out ${name}: ${total - misses.length} of ${total} agree (${(agreement * 100).toFixed(1)}%)`);
  if (process.env.DIFF_REPORT) writeFileSync(`${process.env.DIFF_REPORT}.${name}.json`, JSON.stringify({ total, misses }, null, 1));
  assert.ok(agreement >= MIN_AGREEMENT, `${name}: ${(agreement * 100).toFixed(1)}% agreement, below ${MIN_AGREEMENT * 100}%:\n${misses.map((m) => `${m.what}: agent ${m.agent}, RuleLens ${m.rulelens} (${m.why})`).join('\n')}`);
}

describe('differential: the held-out suite (Codex, Gemini CLI)', function () {
  this.timeout(0);
  before(() => initDialects());

  it(`Codex ${CODEX_VERSION}: shell calls under a rules folder of two files, through codex exec`, async () => {
    const bin = codexBinary(installOracle('@openai/codex', CODEX_VERSION));
    const dir = '/p/.codex/rules';
    const names = Object.keys(CODEX_RULES).sort();
    const host = { readFile: (p: string) => CODEX_RULES[p.slice(dir.length + 1)], list: (d: string) => (d === dir ? names.map((name) => ({ name, kind: 'file' as const })) : undefined) };
    const main = { path: `${dir}/${names[0]}`, text: CODEX_RULES[names[0]] };
    const rs = parseCodexPolicy(main, codexMembers(main, host, {}), {});
    const mocks: ResponsesMock[] = await Promise.all(Array.from({ length: PARALLEL }, () => startResponsesMock()));
    const misses: Miss[] = [];
    let next = 0;
    try {
      await Promise.all(
        mocks.map(async (mock) => {
          while (next < CODEX_COMMANDS.length) {
            const cmd = CODEX_COMMANDS[next++];
            const answer = await askCodexExec(bin, mock, CODEX_RULES, cmd);
            const v = evaluateCodex(rs, { command: ['/bin/bash', '-lc', cmd] });
            if (v.native !== answer.outcome) misses.push({ what: JSON.stringify(cmd), agent: `${answer.outcome} (${answer.evidence.slice(0, 160)})`, rulelens: v.native, why: `${v.trace.branch}; ${v.trace.notes.join(' | ')}` });
          }
        }),
      );
    } finally {
      await Promise.all(mocks.map((m) => m.close()));
    }
    report('codex', CODEX_COMMANDS.length, misses);
  });

  it(`Gemini CLI ${GEMINI_VERSION}: policies of several files, calls of every shape`, async () => {
    const core = join(installOracle('@google/gemini-cli-core', GEMINI_VERSION), 'node_modules', '@google', 'gemini-cli-core');
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'rulelens-heldout-ws-')));
    const oracle = new LineOracle(process.execPath, [join(__dirname, 'gemini', 'oracle.mjs'), core, workspace]);
    const misses: Miss[] = [];
    let total = 0;
    try {
      for (const p of GEMINI_POLICIES) {
        const names = Object.keys(p.files).sort();
        const calls = p.calls.map((c) => ({ command: c.command, mode: c.mode ?? 'default', interactive: c.interactive ?? true }));
        const got = await oracle.ask<{ finals: string[]; crash?: string }>({ files: names.map((name) => ({ tier: 'user', name, toml: p.files[name] })), calls, knownSafe: true });
        assert.equal(got.crash, undefined, `oracle crashed: ${got.crash}`);
        const dir = `${HOME}/.gemini/policies`;
        const ctx = { home: HOME, root: workspace };
        const host = { readFile: (x: string) => p.files[x.slice(dir.length + 1)], list: (d: string) => (d === dir ? names.map((name) => ({ name, kind: 'file' as const })) : undefined) };
        const main = { path: `${dir}/${names[0]}`, text: p.files[names[0]] };
        const rs = parseGeminiPolicy(main, geminiMembers(main, host, ctx), ctx);
        calls.forEach((c, i) => {
          total++;
          const v = evaluateGemini(rs, { tool: 'run_shell_command', args: { command: c.command }, mode: c.mode, interactive: c.interactive }, ctx);
          if (v.native !== got.finals[i]) misses.push({ what: `${p.name}: ${JSON.stringify(c)}`, agent: got.finals[i], rulelens: v.native, why: `${v.trace.branch}; ${v.trace.notes.join(' | ')}` });
        });
      }
    } finally {
      oracle.close();
      rmSync(workspace, { recursive: true, force: true });
    }
    report('gemini', total, misses);
  });
});
