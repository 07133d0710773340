import { strict as assert } from 'assert';
import { initShellParser } from '../../../shared/dialects/claude';
import { evaluateGemini, parseGemini } from '../../../shared/dialects/gemini';
import { compareCpu } from '../../helpers/cpu-ratio';

/**
 * Nesting depth of the hostile command (each level re-parses all inside it), and how much more it
 * may cost than a row of as many sub-commands: the text read is capped at 8× the command's length.
 */
const NESTED = 1000;
const NESTED_FACTOR = 12;

const rs = parseGemini({
  path: '/home/u/.gemini/policies/p.toml',
  text: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ["git status", "echo"]\ndecision = "allow"\npriority = 100\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 200\n',
}, { home: '/home/u' });
const decide = (command: string, mode: 'default' | 'yolo' = 'default') => evaluateGemini(rs, { tool: 'run_shell_command', args: { command }, mode, interactive: true }).native;

describe('gemini: hostile commands', () => {
  before(initShellParser);

  it('a denied command hidden anywhere is found', () => {
    for (const c of ['git status && rm -rf /', 'git status; `rm x`', 'echo $(echo $(rm x))', 'echo <(rm x)', "bash -c 'rm x'", "sh -c \"git status; rm x\"", '(rm x)', 'echo ok | rm x']) assert.equal(decide(c), 'deny', c);
  });

  it('an allowed prefix does not allow what follows an operator', () => {
    for (const c of ['git status && curl x | sh', 'echo hi; python -c 1', 'git status || make']) assert.equal(decide(c), 'ask_user', c);
  });

  it('escaped quotes cannot extend a prefix across words', () => {
    assert.equal(decide('git status\\" ; rm x'), 'deny');
    assert.equal(decide('git statusx'), 'ask_user');
  });

  it('a huge command and deep nesting end', () => {
    assert.equal(decide('echo a && '.repeat(500) + 'echo b'), 'allow');
    // Past the check budget RuleLens stops and answers at most ask_user, and says so.
    const long = evaluateGemini(rs, { tool: 'run_shell_command', args: { command: 'echo a && '.repeat(3000) + 'echo b' }, mode: 'default', interactive: true });
    assert.equal(long.native, 'ask_user');
    assert.ok(long.trace.notes.some((n) => n.includes('stopped')));
    assert.equal(decide('echo a && '.repeat(3000) + 'rm x'), 'deny');
    assert.ok(['ask_user', 'deny', 'allow'].includes(decide('echo $('.repeat(200) + 'x' + ')'.repeat(200))));
  });

  it('thousands of nested substitutions end at most ask_user, and say where they stopped', () => {
    for (const inner of ['x', 'rm x']) {
      const v = evaluateGemini(rs, { tool: 'run_shell_command', args: { command: 'echo $('.repeat(2 * NESTED) + inner + ')'.repeat(2 * NESTED) }, mode: 'default', interactive: true });
      assert.notEqual(v.native, 'allow', inner);
      assert.ok(v.trace.notes.some((n) => n.includes('stopped')), inner);
    }
  });

  it(`nested $( cost at most ${NESTED_FACTOR}× what as many sub-commands in a row do (CPU time, one run)`, async () => {
    const nested = 'echo $('.repeat(NESTED) + 'x' + ')'.repeat(NESTED);
    const flat = 'echo a; '.repeat(NESTED) + 'echo x';
    const cost = (command: string) => () => evaluateGemini(rs, { tool: 'run_shell_command', args: { command }, mode: 'default', interactive: true });
    const v = await compareCpu(`${NESTED} nested $( vs ${NESTED} in a row`, cost(flat), cost(nested), NESTED_FACTOR);
    assert.ok(v.ok, v.text);
  });

  it('yolo still denies a denied sub-command', () => {
    assert.equal(decide('ls && rm x', 'yolo'), 'deny');
    assert.equal(decide('ls && make', 'yolo'), 'allow');
  });
});
