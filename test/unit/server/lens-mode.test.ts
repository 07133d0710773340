import * as assert from 'assert';
import * as fs from 'fs';
import { open, service, tempExample, withRule } from './helpers';

/** The example rule file with `n` more rules no stored request reaches, opened in a service. */
function manyNone(n: number) {
  const ex = tempExample();
  const ls = service();
  let text = fs.readFileSync(ex.rules, 'utf8');
  for (let i = 0; i < n; i++) text = withRule(text, `{ "action": "bash", "resource": "tool${i} *", "effect": "deny" }`);
  const uri = open(ls, ex.rules, text);
  return { ls, uri, text };
}

describe('language service: lens modes', () => {
  it('all (the default) counts the rules that decide none in the summary and gives them no lens', () => {
    const { ls, uri } = manyNone(300);
    const lenses = ls.codeLenses(uri);
    assert.strictEqual(lenses[0].command!.title, '6 requests: 6 passed, 0 failed · 300 rules decide none');
    assert.deepStrictEqual(lenses.slice(1).map((l) => l.command!.title.replace(/ \(.*$/, '')), ['decides D', 'decides A', 'decides B']);
    assert.deepStrictEqual(ls.codeLenses(uri, 'all'), lenses);
  });

  it('summary keeps the top lens alone (with no count); off shows none', () => {
    const { ls, uri } = manyNone(3);
    assert.deepStrictEqual(ls.codeLenses(uri, 'summary').map((l) => l.command?.title), ['6 requests: 6 passed, 0 failed']);
    assert.deepStrictEqual(ls.codeLenses(uri, 'off'), []);
  });

  it('one rule deciding none is counted in the singular', () => {
    const { ls, uri } = manyNone(1);
    assert.strictEqual(ls.codeLenses(uri)[0].command!.title, '6 requests: 6 passed, 0 failed · 1 rule decides none');
  });

  it('a rule lens reads and serializes as a plain lens: the rule line, a command', () => {
    const { ls, uri, text } = manyNone(0);
    const lens = ls.codeLenses(uri)[1];
    const line = text.split('\n').findIndex((l) => l.includes('"resource"'));
    assert.deepStrictEqual(lens.range, { start: { line, character: 0 }, end: { line, character: 0 } });
    const json = JSON.parse(JSON.stringify(lens));
    assert.deepStrictEqual(Object.keys(json), ['range', 'command']);
    assert.deepStrictEqual(json.range, { start: { line, character: 0 }, end: { line, character: 0 } });
    assert.deepStrictEqual(json.command, lens.command);
  });
});
