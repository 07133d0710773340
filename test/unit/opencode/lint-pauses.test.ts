import * as assert from 'assert';
import type { Steps } from '../../../shared/analysis/steps';
import { lintSteps, lintRuleSet } from '../../../shared/check/check-file';
import { opencode, parseOpencode } from '../../../shared/dialects/opencode';
import { COMMAND_LINT_CHUNK } from '../../../shared/dialects/opencode/command-lints';
import { lintOpencodeSteps, ONE_RULE_LINT_CHUNK } from '../../../shared/dialects/opencode/lint';
import { FINDINGS_CHUNK, opencodeAnalysisSteps } from '../../../shared/dialects/opencode/analysis/lints';
import type { OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';

/** A 5,000-rule V2 file where most rules are dead or repeated (thousands of findings), a third of them bash. */
const RULES = 5000;
const PREFIX = 'workspace/services/platform/backend/internal/modules/payments/adapters/providers/';
const ACTIONS = ['edit', 'read', 'bash'];
const DECISIONS = ['allow', 'ask', 'deny'];
function file(): OpencodeRuleSet {
  const permissions = Array.from({ length: RULES }, (_, i) => ({ action: ACTIONS[i % 3], resource: `${PREFIX}${i % 4 === 0 ? '*' : `p${i}/`}${i % 2 ? '*' : 'src/*.ts'}`, effect: DECISIONS[i % 3] }));
  return parseOpencode({ path: '/p/opencode.json', text: JSON.stringify({ permissions }, null, 2) }, { home: '/h', builtins: false });
}

/** Runs steps to their end, counting the pauses; the result too. */
function run<T>(steps: Steps<T>): { pauses: number; value: T } {
  let pauses = 0;
  for (;;) {
    const r = steps.next();
    if (r.done) return { pauses, value: r.value };
    pauses++;
  }
}

describe('opencode: the lints of a 5,000-rule file pause every few hundred rules (counted, not timed)', () => {
  const rs = file();

  it('the one-rule lints pause every ONE_RULE_LINT_CHUNK rules and every COMMAND_LINT_CHUNK command rules', () => {
    const { pauses, value } = run(lintOpencodeSteps(rs));
    // The command lints try rules until their work is spent, and no rule after that one.
    const stop = value.find((f) => f.code === 'analysis-budget' && f.message.startsWith('Command lints'))?.data?.rule as number | undefined;
    const bash = rs.rules.filter((r) => r.action === 'bash' && (stop === undefined || r.index <= stop)).length;
    // Two passes over the rules, one over the command rules tried.
    assert.ok(pauses >= 2 * Math.floor(RULES / ONE_RULE_LINT_CHUNK) + Math.floor(bash / COMMAND_LINT_CHUNK), `${pauses} pauses`);
    assert.deepStrictEqual(value, opencode.lint!(rs, {}));
  });

  it('the analysis pauses at least once per FINDINGS_CHUNK rules while it makes their findings', () => {
    const { pauses, value } = run(opencodeAnalysisSteps(rs));
    assert.ok(value.length > 1000, `${value.length} findings`);
    assert.ok(pauses >= Math.floor(RULES / FINDINGS_CHUNK), `${pauses} pauses`);
  });

  it('in steps, the file gets the same findings as in one call', () => {
    const { value } = run(lintSteps(opencode, rs, {}));
    assert.deepStrictEqual(value, lintRuleSet(opencode, file(), {}));
  });
});
