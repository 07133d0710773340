import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { buildServer } from './build';
import { LspClient, ROOT } from './lsp-client';

const EXAMPLE = path.join(ROOT, 'test/fixtures/server/opencode');
const APPEND_ALLOW = '{"action":"edit","resource":"*","effect":"allow"}';

interface Lens { range: { start: { line: number } }; command?: { title: string; command: string; arguments?: Array<{ uri: string; requestName?: string }> } }
interface Action { title: string; edit?: { changes?: Record<string, Array<{ range: unknown; newText: string }>> }; command?: { command: string; arguments?: unknown[] } }

function copyExample(): { dir: string; rules: string; requests: string; ruleUri: string; requestsUri: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-lsp-'));
  for (const f of fs.readdirSync(EXAMPLE)) fs.copyFileSync(path.join(EXAMPLE, f), path.join(dir, f));
  const rules = path.join(dir, 'opencode.json');
  const requests = path.join(dir, 'opencode.requests.json');
  return { dir, rules, requests, ruleUri: pathToFileURL(rules).href, requestsUri: pathToFileURL(requests).href };
}

function appendRule(text: string, rule: string): string {
  return text.replace(/\}\n {2}\]/, `},\n    ${rule}\n  ]`);
}

const codes = (c: LspClient, uri: string) => (c.diagnostics.get(uri)?.diagnostics ?? []).map((d) => d.code);
const failedNames = (c: LspClient, uri: string) => (c.diagnostics.get(uri)?.diagnostics ?? []).filter((d) => d.code === 'request-failed').map((d) => d.message.split('"')[1]);

describe('language server over stdio', function () {
  let client: LspClient;
  let ex: ReturnType<typeof copyExample>;
  let ruleText: string;

  before(async () => {
    buildServer();
    ex = copyExample();
    ruleText = fs.readFileSync(ex.rules, 'utf8');
    client = new LspClient();
    const init = (await client.initialize(pathToFileURL(ex.dir).href)) as { capabilities: Record<string, unknown> };
    assert.ok(init.capabilities.hoverProvider);
    assert.ok(init.capabilities.codeLensProvider);
    await client.open(ex.ruleUri, ruleText);
    await client.open(ex.requestsUri, fs.readFileSync(ex.requests, 'utf8'));
    await client.until(() => client.diagnostics.has(ex.requestsUri) && client.diagnostics.has(ex.ruleUri), 10_000, 'first diagnostics');
  });

  after(async () => {
    await client?.stop();
  });

  it('publishes diagnostics for the rule file and its requests file, and a status', async () => {
    assert.deepStrictEqual(codes(client, ex.requestsUri), ['empty-resources']);
    const d = client.diagnostics.get(ex.requestsUri)!.diagnostics[0] as { source?: string; codeDescription?: { href: string } };
    assert.strictEqual(d.source, 'rulelens');
    assert.strictEqual(d.codeDescription?.href, 'https://rulelens.dev/docs/lints/empty-resources.md');
    // While a version is checked its status says so; the last one, once every stage is done, does not.
    await client.until(() => client.status.some((s) => !(s as { checking?: string }).checking), 5000, 'a final status');
    assert.ok((client.status[0] as { checking?: string }).checking, 'the first status says the file is being checked');
    assert.deepStrictEqual({ ...(client.status.at(-1) as object), uri: '' }, { uri: '', dialect: 'opencode', requests: 6, passed: 6, failed: 0, invalid: 0, unchecked: 0, summary: '6 requests: 6 passed, 0 failed' });
  });

  it('hovers a rule and a stored request', async () => {
    const rule = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: ex.ruleUri }, position: { line: 5, character: 40 } });
    assert.match(rule.contents.value, /\*\*Rule 3\*\* `edit secrets\/\* deny`/);
    assert.match(rule.contents.value, /\*\*B: a protected path\*\* → deny/);
    assert.match(rule.contents.value, /rule 1 `edit \* ask` also matches/);
    const req = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: ex.requestsUri }, position: { line: 3, character: 10 } });
    assert.match(req.contents.value, /\*\*B: a protected path\*\* → \*\*deny\*\* ✓/);
  });

  it('shows lenses: a summary, what each rule decides, each request\'s verdict', async () => {
    const rules = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri: ex.ruleUri } });
    assert.deepStrictEqual(rules.map((l) => l.command?.title).slice(0, 3), ['6 requests: 6 passed, 0 failed', 'decides D (ask)', 'decides A (allow)']);
    assert.match(rules[3].command!.title, /^decides B \(deny\), C \(deny\)/);
    assert.strictEqual(rules[3].command!.command, 'rulelens.showTrace');
    const reqs = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri: ex.requestsUri } });
    assert.strictEqual(reqs[2].command?.title, 'deny — rule 3 ✓');
    assert.deepStrictEqual(reqs[2].command?.arguments, [{ uri: ex.ruleUri, requestName: 'B: a protected path' }]);
  });

  it('answers rulelens/evaluate and rulelens/listRequests', async () => {
    const ev = await client.request<{ ok: boolean; verdict: { decision: string }; markdown: string }>('rulelens/evaluate', { uri: ex.ruleUri, requestName: 'C: a mixed operation' });
    assert.strictEqual(ev.ok, true);
    assert.strictEqual(ev.verdict.decision, 'deny');
    const bad = await client.request<{ ok: boolean; error: string }>('rulelens/evaluate', { uri: ex.ruleUri, request: { action: 'edit' } });
    assert.strictEqual(bad.ok, false);
    assert.match(bad.error, /resources/);
    const list = await client.request<{ requests: Array<{ name: string; pass: boolean }> }>('rulelens/listRequests', { uri: ex.requestsUri });
    assert.strictEqual(list.requests.length, 6);
    assert.ok(list.requests.every((r) => r.pass));
  });

  it('turns B, C and D red when `edit * allow` is appended, and offers to move the shadowed deny', async () => {
    const edited = appendRule(ruleText, APPEND_ALLOW);
    await client.change(ex.ruleUri, edited);
    await client.until(() => failedNames(client, ex.requestsUri).length === 4, 10_000, 'failed requests');
    const failed = failedNames(client, ex.requestsUri);
    for (const n of ['B: a protected path', 'C: a mixed operation', 'D: work outside the grant']) assert.ok(failed.includes(n), n);
    const lenses = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri: ex.requestsUri } });
    const titles = lenses.map((l) => l.command?.title);
    assert.deepStrictEqual(titles.slice(2, 5), ['allow — rule 4 ✗ expected deny', 'allow — rule 4 ✗ expected deny', 'allow — rule 4 ✗ expected ask']);
    await client.until(() => codes(client, ex.ruleUri).includes('shadowed-deny'), 10_000, 'shadowed-deny');
    const shadowed = client.diagnostics.get(ex.ruleUri)!.diagnostics.find((d) => d.code === 'shadowed-deny')!;
    const actions = await client.request<Action[]>('textDocument/codeAction', { textDocument: { uri: ex.ruleUri }, range: shadowed.range, context: { diagnostics: [shadowed] } });
    const move = actions.find((a) => a.title.startsWith('Move rule 3'))!;
    assert.ok(move, actions.map((a) => a.title).join(' | '));
    const edits = move.edit!.changes![ex.ruleUri];
    assert.strictEqual(edits.length, 2);
    assert.match(edits[1].newText, /"resource": "secrets\/\*", "effect": "deny"/);
    assert.ok(actions.some((a) => a.command?.command === 'rulelens.showDocumentation'));
    // Back to the original text: everything passes again.
    await client.change(ex.ruleUri, ruleText);
    await client.until(() => failedNames(client, ex.requestsUri).length === 0, 10_000, 'requests passing again');
  });

  it('re-checks a rule file when its requests file changes on disk', async () => {
    const other = copyExample();
    await client.open(other.ruleUri, fs.readFileSync(other.rules, 'utf8'));
    await client.until(() => client.diagnostics.has(other.requestsUri), 10_000, 'diagnostics of the second pair');
    fs.writeFileSync(other.requests, fs.readFileSync(other.requests, 'utf8').replace('"expect": "ask"', '"expect": "deny"'));
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: other.requestsUri, type: 2 }] });
    await client.until(() => failedNames(client, other.requestsUri).length === 1, 10_000, 'failure from disk');
    assert.deepStrictEqual(failedNames(client, other.requestsUri), ['D: work outside the grant']);
  });

  it('keeps serving after malformed and hostile documents', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-hostile-'));
    const bad = pathToFileURL(path.join(dir, 'opencode.json')).href;
    await client.open(bad, '{"permissions": [ {"action": "edit", "resource": ');
    await client.until(() => codes(client, bad).includes('schema'), 10_000, 'schema error');
    const big = pathToFileURL(path.join(dir, 'big', 'opencode.json')).href;
    await client.open(big, `{"permissions": [{"action": "edit", "resource": "${'a'.repeat(5 * 1024 * 1024)}", "effect": "deny"}]}`);
    const stars = pathToFileURL(path.join(dir, 'stars', 'opencode.json')).href;
    await client.open(stars, `{"permissions": [{"action": "edit", "resource": "${'*a'.repeat(500)}b", "effect": "deny"}, {"action": "edit", "resource": "*", "effect": "allow"}]}`);
    const junkReq = pathToFileURL(path.join(dir, 'stars', 'opencode.requests.json')).href;
    await client.open(junkReq, `{"requests": [{"name": "x", "action": "edit", "resources": ["${'a'.repeat(2000)}"]}, 42, {"name": null}]}`);
    await client.until(() => client.diagnostics.has(big) && client.diagnostics.has(stars) && codes(client, junkReq).includes('request-invalid'), 30_000, 'hostile diagnostics');
    await client.request('textDocument/hover', { textDocument: { uri: stars }, position: { line: 0, character: 40 } });
    await client.request('textDocument/codeLens', { textDocument: { uri: junkReq } });
    await client.request('textDocument/completion', { textDocument: { uri: bad }, position: { line: 0, character: 40 } });
    await client.request('rulelens/evaluate', { uri: 'file:///nowhere/opencode.json', request: 'not an object' });
    await client.request('rulelens/evaluate', null).catch(() => undefined);
    const still = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: ex.ruleUri }, position: { line: 5, character: 40 } });
    assert.match(still.contents.value, /Rule 3/);
    assert.strictEqual(client.proc.exitCode, null);
  });
});
