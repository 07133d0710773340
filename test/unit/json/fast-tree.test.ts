import * as assert from 'assert';
import fc from 'fast-check';
import { parseTree, type ParseError } from 'jsonc-parser';
import { strictJsonTree } from '../../../shared/json/fast-tree';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

function reference(text: string): { root: ReturnType<typeof parseTree>; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  return { root, errors };
}

/** JSON text with whitespace of every kind between tokens. */
const spacedJson = fc.tuple(fc.jsonValue(), fc.constantFrom(0, 1, 2, '\t', ' \r\n ')).map(([v, indent]) => JSON.stringify(v, null, indent));

describe('the strict JSON tree', () => {
  it('is the tree jsonc-parser builds, node for node, for any JSON text', () => {
    fc.assert(
      fc.property(spacedJson, (text) => {
        const fast = strictJsonTree(text);
        const { root, errors } = reference(text);
        assert.deepStrictEqual(errors, []);
        assert.ok(fast, 'strict JSON takes the fast path');
        assert.deepStrictEqual(fast, root);
      }),
      { numRuns: RUNS },
    );
  });

  it('builds a tree only where jsonc-parser sees no error, and then the same tree', () => {
    const alphabet = fc.constantFrom('{', '}', '[', ']', ':', ',', '"', '\\', 'a', '1', '-', '.', 'e', ' ', '\n', '/', '*', 'true', 'null', '"k"', '\u0001', 'u00e9');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 30 }).map((cs) => cs.join('')), (text) => {
        const fast = strictJsonTree(text);
        if (!fast) return;
        const { root, errors } = reference(text);
        assert.deepStrictEqual(errors, [], `fast path took ${JSON.stringify(text)}`);
        assert.deepStrictEqual(fast, root);
      }),
      { numRuns: RUNS * 5 },
    );
  });

  it('leaves comments, trailing commas, escapes JSON rejects and truncation to the full parser', () => {
    for (const text of ['{"a": 1,}', '// c\n{}', '{"a": /* c */ 1}', '["\\x"]', '{"a": "b', '[1 2]', '', '  ', '{"a"\u0000: 1}', '"\u0001"', '01', '[1,]', '{"a":1}}']) {
      assert.strictEqual(strictJsonTree(text), undefined, JSON.stringify(text));
    }
  });

  it('unescapes strings as JSON.parse does, lone surrogates included', () => {
    const text = '{"k\\u00e9y": ["\\ud800", "a\\"b\\\\c\\n", -0, 1e400]}';
    const fast = strictJsonTree(text)!;
    assert.deepStrictEqual(fast, reference(text).root);
    assert.strictEqual(fast.children![0].children![0].value, 'kéy');
  });
});
