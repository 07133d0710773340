import * as assert from 'assert';
import fc from 'fast-check';
import { evaluateClaude, initShellParser, parseClaude } from '../../shared/dialects/claude';
import { hostileRows, STRICTNESS } from '../fixtures/claude/hostile-shell';
import { assertVerdict, fuzzOptions } from './common';

/**
 * The hostile-shell corpus's shapes, recombined: a row's command placed after an allowed one,
 * inside a substitution, a subshell, a loop, a here-doc, or glued to another row's command. None of
 * these may turn a row that must not be allowed into an allow, and none may throw.
 */
describe('fuzz: claude hostile shell shapes', function () {
  this.timeout(0);
  before(() => initShellParser());
  // Rows that are hostile only because they are incomplete (`echo hi &&`, an open quote) can be
  // completed by a wrap into a harmless command (`echo hi && > /dev/null`): not recombined.
  const INCOMPLETE = ['dangling operator', 'unbalanced quote'];
  const rows = hostileRows().filter((r) => r.command.length < 2_000 && !INCOMPLETE.includes(r.why));
  const ctx = { root: '/proj', home: '/home/u' };
  const WRAPS: Array<(c: string) => string> = [
    (c) => `echo ok; ${c}`,
    (c) => `echo ok && ${c}`,
    (c) => `echo ok | ${c}`,
    (c) => `echo $(${c})`,
    (c) => `echo \`${c}\``,
    (c) => `(${c})`,
    (c) => `{ ${c}; }`,
    (c) => `for i in 1; do ${c}; done`,
    (c) => `if true; then ${c}; fi`,
    (c) => `cat <<EOF\n$(${c})\nEOF`,
    (c) => `timeout 5 ${c}`,
    (c) => `${c} 2>&1`,
    (c) => `${c} > /dev/null`,
    (c) => `echo "\${X:-$(${c})}"`,
  ];

  it('no recombined shape of a row that must not be allowed is allowed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...rows), fc.array(fc.constantFrom(...WRAPS), { minLength: 1, maxLength: 3 }), (row, wraps) => {
        const command = wraps.reduce((c, w) => w(c), row.command);
        const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify(row.settings) }, ctx);
        const v = evaluateClaude(rs, { tool: 'Bash', command }, ctx);
        assertVerdict(v, command);
        if (row.max !== 'allow') assert.notStrictEqual(v.decision, 'allow', `${JSON.stringify(command)} (${row.why}): ${v.trace.branch}`);
        if (row.max === 'deny' && !/[\x00-\x08\x0B-\x1F\x7F]/.test(row.command)) assert.ok(STRICTNESS[v.decision] >= STRICTNESS.ask);
      }),
      fuzzOptions(1),
    );
  });

  it('two rows glued by an operator: never more permissive than the stricter row', () => {
    fc.assert(
      fc.property(fc.constantFrom(...rows), fc.constantFrom(...rows), fc.constantFrom('; ', ' && ', ' | ', '\n'), (a, b, op) => {
        const command = `${a.command}${op}${b.command}`;
        const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify(a.settings) }, ctx);
        const v = evaluateClaude(rs, { tool: 'Bash', command }, ctx);
        assertVerdict(v, command);
        if (a.max !== 'allow') assert.notStrictEqual(v.decision, 'allow', `${JSON.stringify(command)} (${a.why})`);
      }),
      fuzzOptions(1),
    );
  });
});
