import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { COMMANDS } from '../../../shared/protocol';
import { SourceText } from '../../../shared/model';
import { addWindowAction } from '../../../server/service/actions/add-window';
import { parseRoot, removeElement, applyEdits } from '../../../server/service/json-edit';
import type { Analysis } from '../../../server/service/workspace';
import { plainText, open, service, tempExample, withRule } from './helpers';

const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('x', 'json', 1, text), edits);
const whole = { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } };

function actionsFor(ls: ReturnType<typeof service>, uri: string, code: string): { diags: Diagnostic[]; actions: CodeAction[] } {
  const diags = ls.doValidation(uri).filter((d) => d.code === code);
  return { diags, actions: ls.codeActions(uri, diags[0]?.range ?? whole, { diagnostics: diags.slice(0, 1) }) };
}

describe('language service: quick fixes', () => {
  it('removes a dead rule with its comma', () => {
    const ex = tempExample();
    const ls = service();
    const text = withRule(fs.readFileSync(ex.rules, 'utf8'), '{ "action": "edit", "resource": "*", "effect": "allow" }');
    const uri = open(ls, ex.rules, text);
    const { actions } = actionsFor(ls, uri, 'dead-rule');
    const remove = actions.find((a) => a.title.startsWith('Remove rule'))!;
    assert.ok(remove, actions.map((a) => a.title).join());
    const after = apply(text, remove.edit!.changes![uri]);
    assert.doesNotThrow(() => JSON.parse(after));
    assert.strictEqual(JSON.parse(after).permissions.length, 3);
  });

  it('removes the earlier copy of a duplicate rule', () => {
    const ex = tempExample();
    const ls = service();
    const text = withRule(fs.readFileSync(ex.rules, 'utf8'), '{ "action": "edit", "resource": "secrets/*", "effect": "deny" }');
    const uri = open(ls, ex.rules, text);
    const remove = actionsFor(ls, uri, 'duplicate-rule').actions.find((a) => a.title.startsWith('Remove rule'))!;
    assert.strictEqual(remove.title, 'Remove rule 3 (edit secrets/* deny)');
    const after = JSON.parse(apply(text, remove.edit!.changes![uri]));
    assert.deepStrictEqual(after.permissions.map((p: { resource: string }) => p.resource), ['*', 'docs/*', 'secrets/*']);
  });

  it('moves a shadowed deny to the end of its list, where it decides again', () => {
    const ex = tempExample();
    const ls = service();
    const text = withRule(fs.readFileSync(ex.rules, 'utf8'), '{ "action": "edit", "resource": "*", "effect": "allow" }');
    const uri = open(ls, ex.rules, text);
    const move = actionsFor(ls, uri, 'shadowed-deny').actions.find((a) => a.title.startsWith('Move rule'))!;
    assert.match(move.title, /to the end of its list; it then decides B, C, two-path patch/);
    const after = apply(text, move.edit!.changes![uri]);
    assert.deepStrictEqual(JSON.parse(after).permissions.map((p: { resource: string; effect: string }) => `${p.resource} ${p.effect}`), ['* ask', 'docs/* allow', '* allow', 'secrets/* deny']);
    ls.setDocument(uri, after, 3);
    const failed = ls.doValidation(ex.requestsUri).filter((d) => d.code === 'request-failed').map((d) => plainText(d.message).split('"')[1]);
    assert.deepStrictEqual(failed, ['D: work outside the grant']);
  });

  it('does not offer the move when it would change another stored decision', () => {
    const ex = tempExample();
    const ls = service();
    // `secrets/ok` is an intended exception with a stored request pinning it: moving the deny
    // to the end would deny it too.
    const text = '{ "permission": { "edit": { "secrets/*": "deny", "*": "allow", "secrets/ok": "allow" } } }';
    const uri = open(ls, ex.rules, text);
    open(ls, ex.requests, '{ "requests": [ { "name": "ok", "action": "edit", "resources": ["secrets/ok"], "expect": "allow" } ] }');
    const diag: Diagnostic = { range: { start: { line: 0, character: 28 }, end: { line: 0, character: 47 } }, message: 'shadowed', code: 'shadowed-deny', source: 'rulelens', data: { rule: 0 } };
    const titles = ls.codeActions(uri, diag.range, { diagnostics: [diag] }).map((a) => a.title);
    assert.ok(!titles.some((t) => t.startsWith('Move rule')), titles.join());
  });

  it('adds a stored request for a witness, into the existing requests file', () => {
    const ex = tempExample();
    const ls = service();
    const text = withRule(fs.readFileSync(ex.rules, 'utf8'), '{ "action": "bash", "resource": "yarn", "effect": "deny" }');
    const uri = open(ls, ex.rules, text);
    const add = actionsFor(ls, uri, 'exact-command-pattern').actions.find((a) => a.title.startsWith('Add stored request'))!;
    assert.strictEqual(add.title, 'Add stored request "exact-command-pattern: yarn dlx evil-package" (currently allow)');
    const reqText = apply(fs.readFileSync(ex.requests, 'utf8'), add.edit!.changes![ex.requestsUri]);
    const added = JSON.parse(reqText).requests.at(-1);
    assert.deepStrictEqual(added, { name: 'exact-command-pattern: yarn dlx evil-package', origin: 'synthetic', action: 'bash', resources: ['yarn dlx evil-package'], expect: 'allow', note: 'witness of exact-command-pattern' });
  });

  it('creates the requests file when there is none', () => {
    const ex = tempExample();
    fs.rmSync(ex.requests);
    const ls = service();
    const text = withRule(fs.readFileSync(ex.rules, 'utf8'), '{ "action": "bash", "resource": "yarn", "effect": "deny" }');
    const uri = open(ls, ex.rules, text);
    const add = actionsFor(ls, uri, 'exact-command-pattern').actions.find((a) => a.title.startsWith('Add stored request'))!;
    const [create, edit] = add.edit!.documentChanges! as [{ kind: string; uri: string }, { edits: TextEdit[] }];
    assert.strictEqual(create.kind, 'create');
    assert.strictEqual(path.basename(create.uri), 'opencode.requests.json');
    assert.strictEqual(JSON.parse(apply('', edit.edits)).requests.length, 1);
  });

  it('offers the documentation of every lint', () => {
    const ex = tempExample();
    const ls = service();
    open(ls, ex.rules);
    const docs = ls.codeActions(ex.requestsUri, whole, { diagnostics: ls.doValidation(ex.requestsUri) }).find((a) => a.command?.command === COMMANDS.showDocumentation);
    assert.deepStrictEqual(docs?.command?.arguments, ['empty-resources']);
  });

  it('adds "within_minutes": 30 to an unwindowed if_path', () => {
    const text = '{ "version": 1,\n  "rules": [\n    { "id": "r",\n      "deny": { "capabilities": ["send"] },\n      "if_path": { "trust": "untrusted", "capability": "read" } } ] }';
    const source = new SourceText(text);
    const range = source.range(text.indexOf('"if_path"'), text.indexOf('"if_path"') + 9);
    const analysis = { kind: 'rules', path: '/x/rules.json', rulePath: '/x/rules.json', requestsPath: null, report: { ruleSet: { source, rules: [] } } } as unknown as Analysis;
    const act = addWindowAction({ uri: 'file:///x/rules.json', analysis, ws: undefined as never, features: { relatedInformation: true, codeDescription: true, createFiles: true } }, { range, message: '', code: 'unwindowed-taint' })!;
    const after = JSON.parse(apply(text, act.edit!.changes!['file:///x/rules.json']));
    assert.deepStrictEqual(after.rules[0].if_path, { trust: 'untrusted', capability: 'read', within_minutes: 30 });
  });

  it('deletes list elements with the right comma', () => {
    const cases: Array<[string, number, string]> = [
      ['[1, 2, 3]', 1, '[1, 3]'],
      ['[1, 2, 3]', 2, '[1, 2]'],
      ['[1]', 0, '[]'],
      ['[\n  1,\n  2,\n]', 1, '[\n  1\n]'],
      ['{"a": 1, "b": 2}', 0, '{"b": 2}'],
    ];
    for (const [text, i, want] of cases) {
      const root = parseRoot(text)!;
      const edit = removeElement(root.children![i], text)!;
      assert.strictEqual(applyEdits(text, [edit]), want, text);
    }
  });
});
