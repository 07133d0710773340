import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver';
import { open, plainText, service, tempExample, withRule } from './helpers';

const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('x', 'json', 1, text), edits);

/** The example with `edit * allow` appended: `edit secrets/* deny` (rule 3) is shadowed and dead. */
function shadowed() {
  const ex = tempExample();
  const ls = service();
  const text = withRule(fs.readFileSync(ex.rules, 'utf8'), '{ "action": "edit", "resource": "*", "effect": "allow" }');
  const uri = open(ls, ex.rules, text);
  const diags = ls.doValidation(uri);
  const onDeny = diags.filter((d) => d.range.start.line === diags.find((x) => x.code === 'shadowed-deny')!.range.start.line);
  return { ex, ls, uri, text, diags: onDeny, actions: ls.codeActions(uri, onDeny[0].range, { diagnostics: onDeny }) };
}

describe('language service: quick fixes ordered by safety', () => {
  it('on a shadowed deny, moving it is first and preferred; removing the deny is last and never preferred', () => {
    const { actions, diags } = shadowed();
    assert.ok(diags.some((d) => d.code === 'shadowed-deny'));
    const titles = actions.map((a) => a.title);
    const move = titles.findIndex((t) => t.startsWith('Move rule 3'));
    const remove = titles.findIndex((t) => t.startsWith('Remove rule 3'));
    assert.strictEqual(move, 0, titles.join('\n'));
    assert.strictEqual(actions[0].isPreferred, true);
    assert.ok(remove > 0, titles.join('\n'));
    // The last fix: only hiding the finding and its documentation come after it.
    const lastFix = titles.map((t, i) => (t.startsWith('Show documentation') || t.startsWith('Disable ') ? -1 : i)).reduce((a, b) => Math.max(a, b));
    assert.strictEqual(remove, lastFix, titles.join('\n'));
    assert.deepStrictEqual(titles.slice(remove + 1), ['Disable shadowed-deny for this rule', 'Disable shadowed-deny for this file', 'Show documentation for shadowed-deny']);
    assert.ok(!actions[remove].isPreferred);
    assert.strictEqual(actions.filter((a) => a.isPreferred).length, 1);
  });

  it('"Add stored request" for a shadowed deny expects deny, so the test fails until the rule is fixed', () => {
    const { ex, ls, actions } = shadowed();
    const add = actions.find((a) => a.title.startsWith('Add stored request "shadowed-deny'))!;
    assert.ok(add, actions.map((a) => a.title).join('\n'));
    assert.match(add.title, /\(expects deny; currently allow\)$/);
    const uri = Object.keys(add.edit!.changes!)[0];
    const before = fs.readFileSync(ex.requests, 'utf8');
    const after = apply(before, add.edit!.changes![uri]);
    const added = JSON.parse(after).requests.at(-1);
    assert.strictEqual(added.expect, 'deny');
    ls.setDocument(ex.requestsUri, after, 2);
    const failed = ls.doValidation(ex.requestsUri).filter((d) => d.code === 'request-failed').map((d) => plainText(d.message));
    assert.ok(failed.some((m) => m.includes(added.name)), failed.join('\n'));
  });

  it('on a dead allow, removing it stays the preferred fix', () => {
    const ex = tempExample();
    const ls = service();
    const text = JSON.stringify({ permissions: [{ action: 'edit', resource: 'docs/a', effect: 'allow' }, { action: 'edit', resource: '*', effect: 'ask' }] }, null, 2);
    const uri = open(ls, ex.rules, text);
    const diags = ls.doValidation(uri).filter((d) => d.code === 'dead-rule');
    assert.strictEqual(diags.length, 1);
    const actions = ls.codeActions(uri, diags[0].range, { diagnostics: diags });
    const remove = actions.find((a) => a.title.startsWith('Remove rule 1'))!;
    assert.ok(remove, actions.map((a) => a.title).join('\n'));
    assert.strictEqual(remove.isPreferred, true);
    assert.strictEqual(actions.filter((a) => a.isPreferred).length, 1);
  });
});
