import { strict as assert } from 'assert';
import { initShellParser } from '../../../shared/dialects/claude';
import { Deadline } from '../../../shared/analysis/budget';
import { finish } from '../../../shared/analysis/steps';
import { geminiLintSteps, lintGemini, parseGemini } from '../../../shared/dialects/gemini';
import { crossToolFindings, crossToolSteps } from '../../../shared/dialects/gemini/cross-tool';

const parse = (text: string) => parseGemini({ path: '/home/u/.gemini/policies/p.toml', text }, { home: '/home/u' });
const rule = (fields: string) => `[[rule]]\n${fields}\n`;
const DENIES = 40;
/** Many read_file denies, each on a file `cat` reads through the shell. */
const rs = parse(
  Array.from({ length: DENIES }, (_, i) => rule(`toolName = "read_file"\nargsPattern = "${i === 7 ? '\\\\.env' : `secret${i}/`}"\ndecision = "deny"\npriority = ${100 + i}`)).join('') +
    rule('toolName = "run_shell_command"\ncommandPrefix = "cat"\ndecision = "allow"\npriority = 50'),
);

describe('gemini: the cross-tool search runs in steps, on the lints budget', () => {
  before(initShellParser);

  it('pauses before each question to the evaluator, so no step asks more than one', () => {
    const steps = crossToolSteps(rs, {});
    let pauses = 0;
    let r = steps.next();
    while (!r.done) {
      pauses++;
      r = steps.next();
    }
    // Every deny has at least one candidate file.
    assert.ok(pauses >= DENIES, `${pauses} pauses`);
    assert.deepEqual(r.value.unsearched, []);
    assert.deepEqual(r.value.findings, crossToolFindings(rs));
    // One finding per deny: `cat` reads each one's file.
    assert.equal(r.value.findings.length, DENIES);
    assert.equal(r.value.findings[7].witness, 'cat .env');
  });

  it('within the budget the lints report it as before; past it, the denies not searched are in the budget note', () => {
    assert.ok(lintGemini(rs).some((f) => f.code === 'cross-tool-bypass'));
    const fs = finish(geminiLintSteps(rs, { deadline: new Deadline(-1) }));
    assert.ok(!fs.some((f) => f.code === 'cross-tool-bypass'));
    const [note] = fs.filter((f) => f.code === 'analysis-budget');
    assert.equal(note.data?.count, rs.rules.length);
  });
});
