// RuleLens against Gemini CLI's own policy engine (@google/gemini-cli-core, in-process in a
// helper process, with the built-in default policies loaded): generated policy files and shell
// tool calls, every decision compared. Gemini's "known safe" heuristic is off on both sides (see
// gemini/oracle.mjs).
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import fc from 'fast-check';
import { initDialects } from '../../shared/dialects';
import { evaluateGemini, parseGemini } from '../../shared/dialects/gemini';
import { diffRuns, diffSeed, installOracle } from './oracle-cache';
import { LineOracle } from './line-oracle';
import { call, rules, toToml } from './gemini/generate';

const VERSION = '0.61.0';
const HOME = '/home/rulelens-diff';
const CALLS_PER_FILE = 4;

describe('differential: gemini policy engine', function () {
  let oracle: LineOracle;
  before(async function () {
    const dir = installOracle('@google/gemini-cli-core', VERSION);
    oracle = new LineOracle(process.execPath, [join(__dirname, 'gemini', 'oracle.mjs'), join(dir, 'node_modules', '@google', 'gemini-cli-core')]);
    await initDialects();
  });
  after(() => oracle?.close());

  it(`decides every generated call as Gemini ${VERSION} does`, async function () {
    let cases = 0;
    const seen: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(rules, fc.array(call, { minLength: 1, maxLength: CALLS_PER_FILE }), async (rs, calls) => {
        const toml = toToml(rs);
        const got = await oracle.ask<{ decisions: string[]; errors: string[]; crash?: string }>({ toml, calls });
        assert.equal(got.crash, undefined, `oracle crashed: ${got.crash}`);
        const parsed = parseGemini({ path: `${HOME}/.gemini/policies/policy.toml`, text: toml }, { home: HOME });
        calls.forEach((c, i) => {
          cases++;
          seen[got.decisions[i]] = (seen[got.decisions[i]] ?? 0) + 1;
          const v = evaluateGemini(parsed, { tool: 'run_shell_command', args: { command: c.command }, mode: c.mode, interactive: c.interactive });
          assert.equal(v.native, got.decisions[i], `policy:\n${toml}\ncall: ${JSON.stringify(c)}\nRuleLens: ${v.native} (${v.trace.branch})\nGemini: ${got.decisions[i]}\nloader: ${got.errors.join(' | ')}`);
        });
      }),
      { numRuns: diffRuns(), seed: diffSeed(), endOnFailure: true },
    );
    console.log(`      gemini: ${cases} calls compared (Gemini decided ${JSON.stringify(seen)})`);
  });
});
