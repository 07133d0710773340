import * as assert from 'assert';
import { completionAt, PARTIAL_LIST } from '../../../server/service/completion';
import { ample, spent } from './spent-deadline';

describe('language service: completion under a budget', () => {
  const text = '{ "permissions": [ { "action": "edit", "resource": "a", "effect": "" } ] }';
  const pos = { line: 0, character: text.indexOf('"effect": "') + 11 };

  it('past the budget, the first item with a detail that says the list is partial, marked incomplete', () => {
    const full = completionAt('/ws/opencode.json', text, pos, undefined, ample());
    assert.ok(full.items.length > 1, JSON.stringify(full.items.map((i) => i.label)));
    assert.strictEqual(full.isIncomplete, false);
    assert.ok(full.items.every((i) => !(i.detail ?? '').includes(PARTIAL_LIST)));
    const cut = completionAt('/ws/opencode.json', text, pos, undefined, spent());
    assert.strictEqual(cut.isIncomplete, true, 'the editor asks again on the next keystroke');
    assert.deepStrictEqual(cut.items.map((i) => i.label), [full.items[0].label]);
    assert.ok(cut.items[0].detail?.endsWith(PARTIAL_LIST), cut.items[0].detail);
  });
});
