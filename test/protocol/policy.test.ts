// The editor decides with the whole policy: a settings file's lenses show the verdicts its sibling
// layer changes, hovers name the other file and layer, a hook makes a request hook-dependent, and
// editing one file of the policy (open or on disk) re-checks the others.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { buildServer } from './build';
import { LspClient } from './lsp-client';

interface Lens { range: { start: { line: number } }; command?: { title: string } }
interface Hover { contents: { value: string } }

describe('language server over stdio: the policy of a file', function () {
  let client: LspClient;
  let dir: string;

  before(async () => {
    buildServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-policy-lsp-'));
    client = new LspClient();
    await client.initialize(pathToFileURL(dir).href);
  });
  after(async () => {
    await client?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (p: string, v: unknown) => {
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, typeof v === 'string' ? v : JSON.stringify(v, null, 2));
  };
  const lenses = (uri: string) => client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri } });

  it('a sibling layer decides a stored request; editing it re-checks the requests file', async () => {
    const project = path.join(dir, 'p1', '.claude');
    const settings = path.join(project, 'settings.json');
    const local = path.join(project, 'settings.local.json');
    const requests = path.join(project, 'settings.requests.json');
    write(settings, { permissions: { allow: ['Bash(make:*)'] } });
    write(local, { permissions: { deny: ['Bash(make:*)'] } });
    const reqText = JSON.stringify({ requests: [{ name: 'build', tool: 'Bash', command: 'make all', expect: 'deny' }] }, null, 2);
    write(requests, reqText);
    const reqUri = pathToFileURL(requests).href;
    const localUri = pathToFileURL(local).href;
    await client.open(reqUri, reqText);
    await client.until(() => client.diagnostics.has(reqUri), 20_000, 'requests diagnostics');
    let titles = (await lenses(reqUri)).map((l) => l.command?.title ?? '');
    assert.ok(titles.some((t) => /^deny — rule 1 \(local settings\) ✓/.test(t)), titles.join(' | '));
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: reqUri }, position: { line: 2, character: 8 } });
    assert.match(hover.contents.value, /settings\.local\.json/);
    assert.match(hover.contents.value, /local settings/);
    // Editing the open sibling: the requests file is re-checked and now fails.
    await client.open(localUri, fs.readFileSync(local, 'utf8'));
    await client.change(localUri, JSON.stringify({ permissions: { allow: [] } }));
    await client.until(() => (client.diagnostics.get(reqUri)?.diagnostics ?? []).some((d: { code?: string | number }) => d.code === 'request-failed'), 20_000, 'request-failed after the sibling edit');
    titles = (await lenses(reqUri)).map((l) => l.command?.title ?? '');
    assert.ok(titles.some((t) => /^allow — rule 1 ✗/.test(t)), titles.join(' | '));
  });

  it('a change on disk to a sibling (a watched file) re-checks an open file of the policy', async () => {
    const rules = path.join(dir, 'p2', '.codex', 'rules');
    const a = path.join(rules, 'a.rules');
    const b = path.join(rules, 'b.rules');
    const requests = path.join(rules, 'a.requests.json');
    write(a, 'prefix_rule(pattern=["git"], decision="allow")\n');
    write(b, '# nothing yet\n');
    const reqText = JSON.stringify({ requests: [{ name: 'push', command: ['git', 'push'], expect: 'allow' }] }, null, 2);
    write(requests, reqText);
    const uri = pathToFileURL(requests).href;
    await client.open(uri, reqText);
    await client.until(() => client.diagnostics.has(uri), 20_000, 'requests diagnostics');
    assert.deepEqual((client.diagnostics.get(uri)?.diagnostics ?? []).map((d: { code?: string | number }) => d.code), []);
    write(b, 'prefix_rule(pattern=["git", "push"], decision="forbidden")\n');
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(b).href, type: 2 }] });
    await client.until(() => (client.diagnostics.get(uri)?.diagnostics ?? []).some((d: { code?: string | number }) => d.code === 'request-failed'), 20_000, 'request-failed after b.rules changed on disk');
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 8 } });
    assert.match(hover.contents.value, /b\.rules/);
  });

  it('a PreToolUse hook: the request lens and hover say hook-dependent, with the verdict without it', async () => {
    const project = path.join(dir, 'p3', '.claude');
    const settings = path.join(project, 'settings.json');
    const requests = path.join(project, 'settings.requests.json');
    write(settings, { permissions: { allow: ['Bash(make:*)'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] } });
    const reqText = JSON.stringify({ requests: [{ name: 'build', tool: 'Bash', command: 'make all', expect: 'hook-dependent' }] }, null, 2);
    write(requests, reqText);
    const uri = pathToFileURL(requests).href;
    await client.open(uri, reqText);
    await client.until(() => (client.diagnostics.get(uri)?.diagnostics ?? []).some((d: { code?: string | number }) => d.code === 'hook-dependent'), 20_000, 'hook-dependent diagnostic');
    const titles = (await lenses(uri)).map((l) => l.command?.title ?? '');
    assert.ok(titles.some((t) => /^hook-dependent — \.\/guard\.sh first; without: allow ✓/.test(t)), titles.join(' | '));
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 8 } });
    assert.match(hover.contents.value, /the hook `\.\/guard\.sh` decides first; without it: allow/);
  });
});
