import * as assert from 'assert';
import fc from 'fast-check';
import { checkRuleFile } from '../../../shared/check/check-file';
import { propertyRuns } from '../../helpers/runs';

interface Shape {
  /** Set once the stand-ins are listed. */
  readonly all?: string[][];
  first(): string[] | undefined;
  firstLives(): boolean;
  test(parts: readonly string[]): boolean;
  readonly fills: string[][];
}

const part = fc.constantFrom('src/', 'a', '*', '?', ' *', '\\', '.env', 'git', ' ', '**', '~/', '$HOME');
const pattern = fc.array(part, { maxLength: 4 }).map((xs) => xs.join(''));
const rule = fc.record({ action: fc.constantFrom('edit', 'read', 'bash', '*', 'e*', 'webfetch', 'x?'), resource: pattern, effect: fc.constantFrom('allow', 'ask', 'deny') });

/**
 * A rule no other can meet is settled by its first stand-in: `firstLives` must say what testing
 * `first()` says, without making the pair. The shapes are read from the patterns' `shapes` slot,
 * where the analysis of a checked file leaves them.
 */
describe('analysis: the first stand-in of an OpenCode rule', () => {
  it('firstLives() is test(first()), and a rule no other can meet is settled without listing its stand-ins', () => {
    let seen = 0;
    let unlisted = 0;
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 8 }), (rules) => {
        // Most rules get a folder of their own, so no other can meet them and their shapes are
        // settled by the first stand-in alone (nothing lists their stand-ins before).
        const text = JSON.stringify({ permissions: rules.map((r, i) => (i % 3 === 2 ? r : { ...r, resource: `d${i}/${r.resource}` })) });
        const path = `/first-stand-in/${seen}/opencode.json`;
        const rep = checkRuleFile(path, { readFile: (p) => (p === path ? text : undefined), exists: () => false }, {});
        for (const r of rep.ruleSet!.rules as unknown as Array<{ resourcePattern: { shapes?: Shape | Shape[] } }>) {
          const kept = r.resourcePattern.shapes;
          for (const shape of kept === undefined ? [] : Array.isArray(kept) ? kept : [kept]) {
            if (shape.all === undefined) unlisted++;
            const f = shape.first();
            assert.strictEqual(shape.firstLives(), f !== undefined && shape.test(f), JSON.stringify({ rules, f }));
            seen++;
          }
        }
      }),
      { numRuns: propertyRuns(300), seed: 20261201 },
    );
    assert.ok(seen > 100, `shapes checked: ${seen}`);
    // Two rules in three have a folder of their own: most of their shapes never list stand-ins.
    assert.ok(unlisted > seen / 3, `shapes settled without listing: ${unlisted} of ${seen}`);
  });
});
