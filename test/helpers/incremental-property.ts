import { strict as assert } from 'assert';
import fc from 'fast-check';

/**
 * The property every incremental reader is held to: over a random file and a run of random edits,
 * each text read warm (reusing the last read) equals the same text read from scratch.
 * @example warmEqualsCold(file, edit, (t) => view(parse(t)), (t) => view(parse(t, { reuse: false })), 150)
 */
export function warmEqualsCold<V>(file: fc.Arbitrary<string>, edit: fc.Arbitrary<(text: string) => string>, warm: (text: string) => V, cold: (text: string) => V, numRuns: number, maxEdits = 8): void {
  fc.assert(
    fc.property(file, fc.array(edit, { minLength: 1, maxLength: maxEdits }), (start, edits) => {
      let text = start;
      assert.deepStrictEqual(warm(text), cold(text));
      for (const e of edits) {
        text = e(text);
        assert.deepStrictEqual(warm(text), cold(text));
      }
    }),
    { numRuns },
  );
}
