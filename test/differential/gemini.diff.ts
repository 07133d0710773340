// RuleLens against Gemini CLI's own policy engine (@google/gemini-cli-core, in-process in a
// helper process, with the built-in default policies loaded): generated policies — rules spread
// over several files of the user tier — and shell tool calls, every final decision compared (the
// engine's answer as the CLI's scheduler turns it: a non-interactive session refuses what would
// ask). Gemini's known-safe heuristic is on, judged against one workspace on both sides.
import { strict as assert } from 'node:assert';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { initDialects } from '../../shared/dialects';
import { evaluateGemini, geminiMembers, parseGeminiPolicy } from '../../shared/dialects/gemini';
import { diffRuns, diffSeed, installOracle } from './oracle-cache';
import { LineOracle } from './line-oracle';
import { call, policyFiles, toToml } from './gemini/generate';

const VERSION = '0.61.0';
const HOME = '/home/rulelens-diff';
const DIR = `${HOME}/.gemini/policies`;
const CALLS_PER_POLICY = 4;

describe('differential: gemini policy engine', function () {
  let oracle: LineOracle;
  let workspace: string;
  before(async function () {
    const dir = installOracle('@google/gemini-cli-core', VERSION);
    workspace = realpathSync(mkdtempSync(join(tmpdir(), 'rulelens-gemini-ws-')));
    oracle = new LineOracle(process.execPath, [join(__dirname, 'gemini', 'oracle.mjs'), join(dir, 'node_modules', '@google', 'gemini-cli-core'), workspace]);
    await initDialects();
  });
  after(() => {
    oracle?.close();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it(`decides every generated call under a policy of several files as Gemini ${VERSION} does`, async function () {
    let cases = 0;
    const seen: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(policyFiles, fc.array(call, { minLength: 1, maxLength: CALLS_PER_POLICY }), async (files, calls) => {
        const named = files.map((rs, k) => ({ tier: 'user', name: `p${k}.toml`, toml: toToml(rs) }));
        const got = await oracle.ask<{ finals: string[]; errors: string[]; crash?: string }>({ files: named, calls, knownSafe: true });
        assert.equal(got.crash, undefined, `oracle crashed: ${got.crash}`);
        const texts = Object.fromEntries(named.map((f) => [`${DIR}/${f.name}`, f.toml]));
        const host = { readFile: (p: string) => texts[p], list: (d: string) => (d === DIR ? named.map((f) => ({ name: f.name, kind: 'file' as const })) : undefined) };
        const ctx = { home: HOME, root: workspace };
        const main = { path: `${DIR}/${named[0].name}`, text: named[0].toml };
        const parsed = parseGeminiPolicy(main, geminiMembers(main, host, ctx), ctx);
        calls.forEach((c, i) => {
          cases++;
          seen[got.finals[i]] = (seen[got.finals[i]] ?? 0) + 1;
          const v = evaluateGemini(parsed, { tool: 'run_shell_command', args: { command: c.command }, mode: c.mode, interactive: c.interactive }, ctx);
          const shown = named.map((f) => `# ${f.name}\n${f.toml}`).join('\n');
          assert.equal(v.native, got.finals[i], `policy:\n${shown}\ncall: ${JSON.stringify(c)}\nRuleLens: ${v.native} (${v.trace.branch}; ${v.trace.notes.join(' | ')})\nGemini: ${got.finals[i]}\nloader: ${got.errors.join(' | ')}`);
        });
      }),
      { numRuns: diffRuns(), seed: diffSeed(), endOnFailure: true },
    );
    console.log(`      gemini: ${cases} calls compared (Gemini decided ${JSON.stringify(seen)})`);
  });
});
