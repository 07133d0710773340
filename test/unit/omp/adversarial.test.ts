import { strict as assert } from 'assert';
import fc from 'fast-check';
import { evaluateOmp, lintOmp, parseOmp, scanSegments, shellControl } from '../../../shared/dialects/omp';
import { rules } from './helpers';

/** Wall-clock budget for each hostile case: generous for CI, far below "hangs". */
const BUDGET_MS = 5000;

function timed(fn: () => void): number {
  const t = Date.now();
  fn();
  return Date.now() - t;
}

describe('omp adversarial input', function () {
  this.timeout(60_000);
  it('huge commands, many stars and long segment chains finish quickly', () => {
    const stars = Array.from({ length: 500 }, () => 'a').join('*');
    const rs = rules([[stars, 'allow'], ['*a*a*a*a*b', 'deny'], [`${'x '.repeat(5000)}*`, 'prompt'], ['*', 'prompt']]);
    const commands = ['a'.repeat(1_000_000), 'a; '.repeat(100_000), `${'"'.repeat(50_000)}${"'".repeat(50_000)}`, '\\'.repeat(200_001), `bash -c ${"'x;'".repeat(50_000)}`, '$('.repeat(100_000)];
    for (const command of commands) {
      const ms = timed(() => {
        for (const mode of ['yolo', 'always-ask'] as const) evaluateOmp(rs, { command, mode });
      });
      assert.ok(ms < BUDGET_MS, `${command.slice(0, 20)}… took ${ms} ms`);
    }
    assert.ok(timed(() => lintOmp(rs)) < BUDGET_MS);
  });
  it('weird whitespace and Unicode never throw', () => {
    const rs = rules([['ls\u00a0*', 'allow'], ['\u2028rm\u3000*', 'deny'], ['😀 *', 'prompt']]);
    for (const command of ['rm\u2003-rf\u00a0x', 'ls\u00a0a', '😀 ok', '\ud800', '\u0000;\u0000', '\r\n\t\v\f']) {
      assert.doesNotThrow(() => evaluateOmp(rs, { command }));
    }
    assert.equal(evaluateOmp(rs, { command: 'rm\u2003-rf' }).native, 'deny');
  });
  it('a large hostile YAML settings file parses and lints without hanging', () => {
    const entries = Array.from({ length: 2000 }, (_, i) => `  - match: "${'*'.repeat(i % 50)}cmd${i} ${'? '.repeat(i % 7)}*"\n    approval: ${['allow', 'deny', 'prompt', 'ask', 'ALLOW '][i % 5]}`);
    const text = `bash.patterns:\n${entries.join('\n')}\n  - [nested, [deeper]]\n  - !!binary aGVsbG8=\n`;
    let rs!: ReturnType<typeof parseOmp>;
    const ms = timed(() => {
      rs = parseOmp({ path: 'hostile.yml', text });
      lintOmp(rs);
      evaluateOmp(rs, { command: 'cmd1999 x' });
    });
    assert.ok(ms < 4 * BUDGET_MS, `${ms} ms`);
    assert.ok(rs.rules.length > 1000);
  });
  it('random commands and patterns never throw, and allows never apply through shell control', () => {
    const char = fc.constantFrom('a', 'b', ' ', '*', ';', '&', '|', '(', ')', '"', "'", '\\', '$', '`', '\n', '\r', '\t', '-', 'c', '<', '>');
    const text = fc.array(char, { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.constantFrom('allow', 'deny', 'prompt', 'ask')), { maxLength: 6 }), text, (pairs, command) => {
        const rs = rules(pairs);
        const v = evaluateOmp(rs, { command });
        scanSegments(command);
        if (v.rule && rs.rules[v.rule.index].native === 'allow') assert.equal(shellControl(command), null);
        lintOmp(rs);
      }),
      { numRuns: 300 },
    );
  });
});
