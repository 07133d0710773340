import { strict as assert } from 'assert';
import { initShellParser } from '../../../shared/dialects/claude';
import { Deadline } from '../../../shared/analysis/budget';
import { finish } from '../../../shared/analysis/steps';
import { geminiLintSteps, lintGemini, parseGemini } from '../../../shared/dialects/gemini';

const parse = (text: string) => parseGemini({ path: '/home/u/.gemini/policies/p.toml', text }, { home: '/home/u' });
const rule = (fields: string) => `[[rule]]\n${fields}\n`;
const rs = parse(rule('toolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 500') + rule('toolName = "run_shell_command"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 100') + rule('toolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 100'));

describe('gemini lints: the per-file budget', () => {
  before(initShellParser);

  it('within the budget, the pre-emption search runs and no budget note is made', () => {
    const codes = lintGemini(rs).map((f) => f.code);
    assert.ok(codes.includes('shadowed-deny'));
    assert.ok(!codes.includes('analysis-budget'));
  });

  it('as steps, pauses between rules and finds what the one-call lint finds', () => {
    const steps = geminiLintSteps(rs, {});
    let pauses = 0;
    let r = steps.next();
    while (!r.done) {
      pauses++;
      r = steps.next();
    }
    assert.ok(pauses >= rs.rules.length);
    assert.deepEqual(r.value.map((f) => f.code), lintGemini(rs).map((f) => f.code));
  });

  it('past the budget, makes no claim about a rule and ends in one analysis-budget note counting them', () => {
    const fs = finish(geminiLintSteps(rs, { deadline: new Deadline(-1) }));
    assert.ok(!fs.some((f) => f.code === 'shadowed-deny' || f.code === 'dead-rule'));
    const budget = fs.filter((f) => f.code === 'analysis-budget');
    assert.equal(budget.length, 1);
    assert.equal(budget[0].data?.count, rs.rules.length);
    assert.match(budget[0].message, /no claim is made/);
  });
});
