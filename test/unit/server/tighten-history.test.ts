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

const SETTINGS = { permissions: { allow: ['Bash(npm *)', 'Bash(git status)'], deny: [] as string[] } };
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

  it('on a broad allow, rewrites the file to the proved narrow rules', async () => {
    const { ls, uri, text, settings } = await setup('history.requests.json');
    const at = posOf(text, 'Bash(npm *)');
    const action = ls.codeActions(uri, { start: at, end: at }, { diagnostics: [] }).find((a) => a.title.startsWith('Tighten from history'));
    assert.ok(action, 'offered');
    assert.equal(action.title, 'Tighten from history: Bash(npm *) → 2 narrow rules');
    const after = TextDocument.applyEdits(TextDocument.create(uri, 'json', 1, text), action.edit!.changes![uri]);
    const perms = JSON.parse(after).permissions;
    assert.deepEqual(perms.allow, ['Bash(npm run build)', 'Bash(npm test)', 'Bash(git status)']);
    assert.deepEqual(perms.deny, ['Bash(npm publish)']);
    const rs = claude.parse({ path: settings, text: after }, {});
    assert.equal(claude.evaluate(rs, { tool: 'Bash', command: 'npm test' }, {}).decision, 'allow');
    assert.equal(claude.evaluate(rs, { tool: 'Bash', command: 'npm publish' }, {}).decision, 'deny');
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
