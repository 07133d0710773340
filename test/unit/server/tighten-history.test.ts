import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileExists, readText } from '../../../shared/host/node-fs';
import { initShellParser } from '../../../shared/host/shell-parser';
import { claude } from '../../../shared/dialects/claude';
import { createLanguageService } from '../../../server/service/language-service';
import { pathToUri } from '../../../server/service/uri';
import { posOf } from './helpers';
import { Settings } from '../../../server/handlers/settings';

const SETTINGS = { permissions: { allow: ['Bash(npm *)', 'Bash(python3 *)', 'Edit(/src/**)', 'Bash(git status)'], deny: [] as string[] } };
const observed = (command: string, outcome: string, count: number) => ({ name: `${outcome} ${command}`, origin: 'copied', tool: 'Bash', command, observed: { outcome, count, first_seen: null, last_seen: null, from: ['claude-session'] } });

describe('language service: Tighten from history', () => {
  before(() => initShellParser());

  async function setup(history: string | undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-tighten-'));
    fs.mkdirSync(path.join(dir, '.claude'));
    const settings = path.join(dir, '.claude', 'settings.json');
    const text = JSON.stringify(SETTINGS, null, 2) + '\n';
    fs.writeFileSync(settings, text);
    const hist = path.join(dir, 'history.requests.json');
    fs.writeFileSync(hist, JSON.stringify({ requests: [observed('npm test', 'approved', 9), observed('npm run build', 'approved', 3), observed('npm publish', 'denied', 1)] }));
    const ls = createLanguageService({ readFile: readText, exists: fileExists, ctx: { home: '/home/test' }, historyFor: () => (history === undefined ? undefined : path.join(dir, history)) });
    const uri = pathToUri(settings);
    ls.setDocument(uri, text, 1);
    await ls.ready(uri);
    return { ls, uri, text, settings };
  }

  it('on a broad allow, replaces that rule alone by the proved narrow rules', async () => {
    const { ls, uri, text, settings } = await setup('history.requests.json');
    const at = posOf(text, 'Bash(npm *)');
    const action = ls.codeActions(uri, { start: at, end: at }, { diagnostics: [] }).find((a) => a.title.startsWith('Tighten from history'));
    assert.ok(action, 'offered');
    assert.equal(action.title, 'Tighten from history: Bash(npm *) → 2 narrow rules');
    const edits = action.edit!.changes![uri];
    assert.equal(edits.length, 1);
    const after = TextDocument.applyEdits(TextDocument.create(uri, 'json', 1, text), edits);
    const perms = JSON.parse(after).permissions;
    // Only Bash(npm *) changed: the other broad allows stay, and no deny is added by this action.
    assert.deepEqual(perms.allow, ['Bash(npm run build)', 'Bash(npm test)', 'Bash(python3 *)', 'Edit(/src/**)', 'Bash(git status)']);
    assert.deepEqual(perms.deny, []);
    assert.equal(after.split('\n').filter((l) => !text.split('\n').includes(l)).length, 2, 'two new lines, nothing else rewritten');
    const rs = claude.parse({ path: settings, text: after }, {});
    assert.equal(claude.evaluate(rs, { tool: 'Bash', command: 'npm test' }, {}).decision, 'allow');
    assert.equal(claude.evaluate(rs, { tool: 'Bash', command: 'npm publish' }, {}).decision, 'ask');
    assert.equal(claude.evaluate(rs, { tool: 'Bash', command: 'python3 x.py' }, {}).decision, 'allow');
  });

  it('a whole-file rewrite says so, and lists each change for confirmation', async () => {
    const { ls, uri, text } = await setup('history.requests.json');
    const at = posOf(text, 'Bash(npm *)');
    const whole = ls.codeActions(uri, { start: at, end: at }, { diagnostics: [] }).find((a) => a.title.startsWith('Rewrite the whole file'));
    assert.ok(whole, 'offered');
    assert.equal(whole.title, 'Rewrite the whole file from history: 3 broad allows → 2 narrow rules, 1 deny added');
    const change = whole.edit!.documentChanges![0] as { textDocument: { uri: string }; edits: Array<{ range: unknown; newText: string; annotationId: string }> };
    assert.equal(change.textDocument.uri, uri);
    const notes = whole.edit!.changeAnnotations!;
    assert.ok(change.edits.length >= 2, 'one edit per changed stretch, not the whole text');
    for (const e of change.edits) assert.equal(notes[e.annotationId].needsConfirmation, true);
    const labels = change.edits.map((e) => notes[e.annotationId].label);
    assert.deepEqual(labels, ['line 4: "Bash(npm *)", "Bash(python3 *)", "Edit(/src/**)" → "Bash(npm run build)", "Bash(npm test)"', 'line 9: "deny": [] → "deny": ["Bash(npm publish)"]']);
    const after = TextDocument.applyEdits(TextDocument.create(uri, 'json', 1, text), change.edits as never);
    const perms = JSON.parse(after).permissions;
    assert.deepEqual(perms.allow, ['Bash(npm run build)', 'Bash(npm test)', 'Bash(git status)']);
    assert.deepEqual(perms.deny, ['Bash(npm publish)']);
  });

  it('the one-rule rewrite is judged on what it changes: a denial another broad allow lets through is not its doing', async () => {
    const { ls, uri, text, settings } = await setup('history.requests.json');
    const hist = path.join(path.dirname(path.dirname(settings)), 'history.requests.json');
    const h = JSON.parse(fs.readFileSync(hist, 'utf8'));
    h.requests.push(observed('python3 evil.py', 'denied', 1));
    fs.writeFileSync(hist, JSON.stringify(h));
    const at = posOf(text, 'Bash(npm *)');
    const titles = ls.codeActions(uri, { start: at, end: at }, { diagnostics: [] }).map((a) => a.title);
    assert.ok(titles.includes('Tighten from history: Bash(npm *) → 2 narrow rules'), titles.join(' | '));
  });

  it('not offered on a narrow rule, nor without a configured or readable history', async () => {
    const a = await setup('history.requests.json');
    const narrow = posOf(a.text, 'Bash(git status)');
    assert.ok(!a.ls.codeActions(a.uri, { start: narrow, end: narrow }, { diagnostics: [] }).some((x) => x.title.startsWith('Tighten')));
    for (const h of [undefined, 'missing.json']) {
      const b = await setup(h);
      const at = posOf(b.text, 'Bash(npm *)');
      assert.ok(!b.ls.codeActions(b.uri, { start: at, end: at }, { diagnostics: [] }).some((x) => x.title.startsWith('Tighten')), String(h));
    }
  });

  it('the rulelens.history setting resolves against the workspace folder, per document', async () => {
    const settings = new Settings(undefined as never, false, () => undefined);
    settings.setGlobal({ history: '.claude/history.requests.json' });
    settings.folders = ['/ws'];
    await settings.prepare([pathToUri('/ws/.claude/settings.json')]);
    assert.equal(settings.historyOf('/ws/.claude/settings.json'), '/ws/.claude/history.requests.json');
    settings.setGlobal({});
    await settings.prepare([pathToUri('/ws/.claude/settings.json')]);
    assert.equal(settings.historyOf('/ws/.claude/settings.json'), undefined);
  });

  it('on an OpenCode bash pattern too', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-tighten-oc-'));
    const file = path.join(dir, 'opencode.json');
    const text = JSON.stringify({ permission: { bash: { '*': 'ask', 'npm *': 'allow' } } }, null, 2) + '\n';
    fs.writeFileSync(file, text);
    fs.writeFileSync(path.join(dir, 'h.json'), JSON.stringify({ requests: [{ name: 'a', origin: 'copied', action: 'bash', resources: ['npm test'], observed: { outcome: 'approved', count: 2, first_seen: null, last_seen: null, from: [] } }] }));
    const ls = createLanguageService({ readFile: readText, exists: fileExists, ctx: { home: '/home/test' }, historyFor: () => path.join(dir, 'h.json') });
    const uri = pathToUri(file);
    ls.setDocument(uri, text, 1);
    const at = posOf(text, '"npm *"');
    const action = ls.codeActions(uri, { start: at, end: at }, { diagnostics: [] }).find((a) => a.title.startsWith('Tighten from history'));
    assert.equal(action?.title, 'Tighten from history: bash npm * → 1 narrow rule');
    const after = TextDocument.applyEdits(TextDocument.create(uri, 'json', 1, text), action!.edit!.changes![uri]);
    assert.deepEqual(JSON.parse(after).permission.bash, { '*': 'ask', 'npm test': 'allow' });
  });
});
