import * as assert from 'assert';
import fc from 'fast-check';
import type { Node } from 'jsonc-parser';
import { strictJsonTree, strictJsonTreeAt } from '../../../shared/json/fast-tree';
import { elementBounds, skimEnd, skimPath } from '../../../shared/json/skim';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** JSON text with whitespace of every kind between tokens, and keys and strings that need escapes. */
const spacedJson = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 1, 2, '\t', ' \r\n '))
  .map(([v, indent]) => JSON.stringify(v, null, indent));

/** Every value node of a tree with its path. */
function* walk(node: Node, path: Array<string | number> = []): Generator<[Array<string | number>, Node]> {
  yield [path, node];
  if (node.type === 'object') for (const p of node.children ?? []) yield* walk(p.children![1], [...path, p.children![0].value as string]);
  if (node.type === 'array') for (const [i, c] of (node.children ?? []).entries()) yield* walk(c, [...path, i]);
}

describe('skimming strict JSON for a place', () => {
  it('finds every value where the syntax tree has it, and its end', () => {
    fc.assert(
      fc.property(spacedJson, (text) => {
        const tree = strictJsonTree(text);
        assert.ok(tree);
        for (const [path, node] of walk(tree)) {
          assert.strictEqual(skimPath(text, path), node.offset, JSON.stringify(path));
          assert.strictEqual(skimEnd(text, node.offset), node.offset + node.length, JSON.stringify(path));
          if (node.type === 'array') assert.deepStrictEqual(elementBounds(text, node.offset), node.children!.flatMap((c) => [c.offset, c.offset + c.length]));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('reads one value in place as the whole tree has it', () => {
    fc.assert(
      fc.property(spacedJson, (text) => {
        const tree = strictJsonTree(text)!;
        for (const [, node] of walk(tree)) {
          const own = strictJsonTreeAt(text, node.offset)!;
          assert.strictEqual(own.offset, node.offset);
          assert.strictEqual(own.length, node.length);
          assert.deepStrictEqual(JSON.stringify(own, (k, v) => (k === 'parent' ? undefined : v)), JSON.stringify(node, (k, v) => (k === 'parent' ? undefined : v)));
        }
      }),
      { numRuns: RUNS / 3 },
    );
  });

  it('says where a path leads nowhere, and reads escaped keys', () => {
    const text = '{"a\\u0062": [1, {"c": "}\\"]"}], "d": null}';
    assert.strictEqual(skimPath(text, ['ab', 1, 'c']), text.indexOf('"}'));
    assert.strictEqual(skimPath(text, ['ab', 2]), -1);
    assert.strictEqual(skimPath(text, ['x']), -1);
    assert.strictEqual(skimPath(text, ['d', 0]), -1);
    assert.deepStrictEqual(elementBounds('[]', 0), []);
    assert.deepStrictEqual(elementBounds('[ 1 , "a" ]', 0), [2, 3, 6, 9]);
  });
});
