import * as assert from 'assert';
import * as fs from 'fs';
import { lossesOf, ruleLosses } from '../../../server/service/decides';
import { open, service, tempExample, withRule } from './helpers';

describe('language service: a hover reads other rules\' matches within its budget', () => {
  function report() {
    const ex = tempExample();
    const ls = service();
    // A catch-all after the example's rules: it matches every stored request's subject, and wins.
    const uri = open(ls, ex.rules, withRule(fs.readFileSync(ex.rules, 'utf8'), '{ "action": "edit", "resource": "*", "effect": "allow" }'));
    return ls.analyze(uri).report!;
  }

  it('with time to spare, lists for every rule what the full list of losses lists, read from every stored request', () => {
    const rep = report();
    // Each rule's read first: once the full list is built, ruleLosses answers from it.
    const each = rep.ruleSet!.rules.map((r) => ruleLosses(rep, r.index, () => false));
    const full = lossesOf(rep);
    let some = 0;
    for (const [k, r] of rep.ruleSet!.rules.entries()) {
      const got = each[k];
      assert.strictEqual(got.read, got.of);
      assert.deepStrictEqual(got.beaten, full.flatMap((d, i) => d.filter((l) => l.winner === r.index).map((l) => ({ ...l, loser: i }))));
      assert.deepStrictEqual(got.loses, full[r.index]);
      some += got.beaten.length;
    }
    assert.ok(some > 0, 'some rule beats another');
  });

  it('past its budget, stops after the stored requests it read and says how many', () => {
    const rep = report();
    const got = ruleLosses(rep, rep.ruleSet!.rules[0].index, () => true);
    assert.strictEqual(got.read, 1);
    assert.ok(got.of > 1);
  });
});
