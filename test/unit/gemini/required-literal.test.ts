import { strict as assert } from 'assert';
import fc from 'fast-check';
import { compileArgsPattern, requiredLiteral } from '../../../shared/dialects/gemini/args-pattern';
import { prefixPattern, regexPattern } from '../../../shared/dialects/gemini/parse';

/** Regex sources of the pieces policies use: literals, escapes, classes, groups, alternatives, quantifiers. */
const piece = fc.constantFrom('a', 'b', 'git', ' ', '"', ':', '\\.', '\\ ', '\\"', '\\\\', '.', '.*', '\\s', '\\d', '[ab]', '[|]', '(a|b)', '(?:x)', '?', '*', '+', '{2}', '|', '^', '$', '\\b', 'é', '-', '/');
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
        const needed = requiredLiteral(src);
        const compiled = compileArgsPattern(src);
        for (const text of inputs) {
          const js = new RegExp(src).test(text);
          if (js) assert.ok(text.includes(needed), `${src} matched ${text} without ${needed}`);
          if (!compiled.undecidable) assert.equal(compiled.test(text), js, `${src} on ${text}`);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a command prefix needs its JSON text, a regex what it starts with', () => {
    assert.equal(requiredLiteral(prefixPattern('git log')), '"command":"git log');
    assert.equal(requiredLiteral(regexPattern('git .*--opt5')), '"command":"git ');
    assert.equal(requiredLiteral('ab*c'), 'a');
    assert.equal(requiredLiteral('a|b'), '');
    assert.equal(compileArgsPattern(prefixPattern('git log')).test('{"command":"git log -1"}'), true);
    assert.equal(compileArgsPattern(prefixPattern('git log')).test('{"command":"git status"}'), false);
  });
});
