import { strict as assert } from 'assert';
import fc from 'fast-check';
import { compileArgsPattern, requiredLiterals } from '../../../shared/dialects/gemini/args-pattern';
import { prefixPattern, regexPattern } from '../../../shared/dialects/gemini/parse';

/** Regex sources of the pieces policies use: literals, escapes, classes, groups, alternatives, quantifiers. */
const piece = fc.constantFrom('a', 'b', 'git', ' ', '"', ':', '\\.', '\\ ', '\\"', '\\\\', '.', '.*', '\\s', '\\d', '[ab]', '[|]', '[\\]a]', '(a|b)', '(?:x)', '(?=a)', '(?!b)', '(?<=a)', '(a)\\1', '?', '*', '+', '*?', '{2}', '{1,}', '{', '}', ']', '|', '^', '$', '\\b', 'é', '-', '/');
const source = fc.array(piece, { minLength: 1, maxLength: 7 }).map((xs) => xs.join('')).filter((s) => {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
});
const input = fc.array(fc.constantFrom('a', 'b', 'git', ' ', '"', ':', '.', '\\', 'x', '1', 'é', '/', '-', '|'), { maxLength: 10 }).map((xs) => xs.join(''));

describe('gemini: the text a pattern needs, tested before the matcher runs', () => {
  it('every match contains it, and the pattern answers as JavaScript does', () => {
    fc.assert(
      fc.property(source, fc.array(input, { minLength: 1, maxLength: 6 }), (src, inputs) => {
        const needed = requiredLiterals(src);
        const compiled = compileArgsPattern(src);
        for (const text of inputs) {
          const js = new RegExp(src).test(text);
          if (js) for (const t of needed) assert.ok(text.includes(t), `${src} matched ${text} without ${t}`);
          if (!compiled.undecidable) assert.equal(compiled.test(text), js, `${src} on ${text}`);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a command prefix needs its JSON text, a regex its plain runs', () => {
    assert.deepEqual(requiredLiterals(prefixPattern('git log')), ['"command":"git log']);
    assert.deepEqual(requiredLiterals(regexPattern('git .*--opt5')), ['"command":"git ', '--opt5']);
    assert.deepEqual(requiredLiterals('ab*c'), ['a', 'c']);
    assert.deepEqual(requiredLiterals('x(a|b)?y[0-9]+z\\d{2}w'), ['x', 'y', 'z', 'w']);
    assert.deepEqual(requiredLiterals('a|b'), []);
    assert.equal(compileArgsPattern(prefixPattern('git log')).test('{"command":"git log -1"}'), true);
    assert.equal(compileArgsPattern(prefixPattern('git log')).test('{"command":"git status"}'), false);
  });
});
