import * as assert from 'assert';
import * as fs from 'fs';
import { applyLensMode } from '../../../server/service/lens-mode';
import { open, service, tempExample, withRule } from './helpers';

/** A rule file with `n` more rules no stored request reaches, opened in a service. */
function manyNone(n: number) {
  const ex = tempExample();
  const ls = service();
  let text = fs.readFileSync(ex.rules, 'utf8');
  for (let i = 0; i < n; i++) text = withRule(text, `{ "action": "bash", "resource": "tool${i} *", "effect": "deny" }`);
  const uri = open(ls, ex.rules, text);
  return { ls, uri, text };
}

describe('language service: lens modes', () => {
  it('all folds every "decides none" lens into the summary, keeping the others in order', () => {
    const { ls, uri } = manyNone(300);
    const lenses = ls.codeLenses(uri);
    const shown = applyLensMode(lenses, 'all');
    assert.match(shown[0].command!.title, /^6 requests · 6 pass · 0 fail · 300 rules decide none$/);
    const deciding = lenses.slice(1).filter((l) => !/^decides none/.test(l.command!.title));
    assert.deepStrictEqual(shown.slice(1), deciding);
    assert.deepStrictEqual(applyLensMode(lenses, 'summary').map((l) => l.command?.title), ['6 requests · 6 pass · 0 fail']);
    assert.deepStrictEqual(applyLensMode(lenses, 'off'), []);
  });

  it('a rule lens reads and serializes as a plain lens: the rule line, a command', () => {
    const { ls, uri, text } = manyNone(2);
    const lenses = ls.codeLenses(uri);
    const last = lenses[lenses.length - 1];
    const line = text.split('\n').findIndex((l) => l.includes('tool1 *'));
    assert.deepStrictEqual(last.range, { start: { line, character: 0 }, end: { line, character: 0 } });
    assert.deepStrictEqual(JSON.parse(JSON.stringify(last)), { range: { start: { line, character: 0 }, end: { line, character: 0 } }, command: { title: 'decides none of 6 requests', command: '' } });
  });
});
