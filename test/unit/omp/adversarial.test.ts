import { strict as assert } from 'assert';
import fc from 'fast-check';
import { evaluateOmp, lintOmp, parseOmp, scanSegments, shellControl } from '../../../shared/dialects/omp';
import { rules } from './helpers';
import { growsLinearly, growth } from '../../helpers/growth';

describe('omp adversarial input', function () {
  const stars = Array.from({ length: 500 }, () => 'a').join('*');
  const rs = rules([[stars, 'allow'], ['*a*a*a*a*b', 'deny'], [`${'x '.repeat(5000)}*`, 'prompt'], ['*', 'prompt']]);
  // Each hostile command, built at any length; measured at big/8 and big (see test/helpers/growth.ts).
  const hostile: [string, (n: number) => string, number][] = [
    ['one long word', (n) => 'a'.repeat(n), 200_000],
    ['many segments', (n) => 'a; '.repeat(n), 16_000],
    ['unbalanced quotes', (n) => `${'"'.repeat(n)}${"'".repeat(n)}`, 40_000],
    ['backslashes', (n) => '\\'.repeat(2 * n + 1), 40_000],
    ['a quoted bash -c script', (n) => `bash -c ${"'x;'".repeat(n)}`, 16_000],
    ['open substitutions', (n) => '$('.repeat(n), 16_000],
  ];
  for (const [name, command, big] of hostile) {
    it(`${name}: evaluated in both modes at cost linear in its length`, () => {
      const g = growth((n) => {
        const c = command(n);
        for (const mode of ['yolo', 'always-ask'] as const) evaluateOmp(rs, { command: c, mode });
      }, big / 8, big);
      assert.ok(growsLinearly(g), g.text);
    });
  }
  it('linting 500-star and 5,000-word patterns ends with findings', () => {
    assert.ok(Array.isArray(lintOmp(rs)));
  });
  it('weird whitespace and Unicode never throw', () => {
    const rs = rules([['ls\u00a0*', 'allow'], ['\u2028rm\u3000*', 'deny'], ['😀 *', 'prompt']]);
    for (const command of ['rm\u2003-rf\u00a0x', 'ls\u00a0a', '😀 ok', '\ud800', '\u0000;\u0000', '\r\n\t\v\f']) {
      assert.doesNotThrow(() => evaluateOmp(rs, { command }));
    }
    assert.equal(evaluateOmp(rs, { command: 'rm\u2003-rf' }).native, 'deny');
  });
  it('a large hostile YAML settings file parses, lints and evaluates; parsing and evaluating cost linear in its entries', () => {
    const text = (n: number) => {
      const entries = Array.from({ length: n }, (_, i) => `  - match: "${'*'.repeat(i % 50)}cmd${i} ${'? '.repeat(i % 7)}*"\n    approval: ${['allow', 'deny', 'prompt', 'ask', 'ALLOW '][i % 5]}`);
      return `bash.patterns:\n${entries.join('\n')}\n  - [nested, [deeper]]\n  - !!binary aGVsbG8=\n`;
    };
    const rs = parseOmp({ path: 'hostile.yml', text: text(2000) });
    assert.ok(rs.rules.length > 1000);
    lintOmp(rs);
    assert.ok(evaluateOmp(rs, { command: 'cmd1999 x' }));
    const g = growth((n) => {
      const r = parseOmp({ path: 'hostile.yml', text: text(n) });
      evaluateOmp(r, { command: 'cmd1999 x' });
    }, 250, 2000);
    assert.ok(growsLinearly(g), g.text);
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
