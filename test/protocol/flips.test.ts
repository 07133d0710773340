import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { ShowFlipsArgs } from '../../shared/protocol';
import { buildServer } from './build';
import { LspClient, ROOT } from './lsp-client';

const EXAMPLE = path.join(ROOT, 'test/fixtures/server/opencode');
const APPEND_ALLOW = '{"action":"edit","resource":"*","effect":"allow"}';

interface Lens { range: { start: { line: number } }; command?: { title: string; command: string; arguments?: unknown[] } }

function git(dir: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** The example pair committed in a fresh repository. */
function committedExample() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-flips-'));
  for (const f of fs.readdirSync(EXAMPLE)) {
    fs.copyFileSync(path.join(EXAMPLE, f), path.join(dir, f));
    fs.chmodSync(path.join(dir, f), 0o644);
  }
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'base');
  const rules = path.join(dir, 'opencode.json');
  const requests = path.join(dir, 'opencode.requests.json');
  return { dir, rules, requests, ruleUri: pathToFileURL(rules).href, requestsUri: pathToFileURL(requests).href };
}

const appendRule = (text: string, rule: string) => text.replace(/\}\n {2}\]/, `},\n    ${rule}\n  ]`);
const vsHead = (lenses: Lens[]) => lenses.filter((l) => l.command?.title.startsWith('vs HEAD'));

describe('language server over stdio: decision flips against HEAD', function () {
  let client: LspClient;
  let ex: ReturnType<typeof committedExample>;
  let ruleText: string;

  const flipNames = () =>
    (client.diagnostics.get(ex.requestsUri)?.diagnostics ?? []).filter((d) => d.code === 'decision-flip').map((d) => ({ line: (d.range as { start: { line: number } }).start.line, severity: d.severity, message: d.message }));
  const lenses = (uri: string) => client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri } });

  before(async () => {
    buildServer();
    ex = committedExample();
    ruleText = fs.readFileSync(ex.rules, 'utf8');
    client = new LspClient();
    await client.initialize(pathToFileURL(ex.dir).href);
    await client.open(ex.ruleUri, ruleText);
    await client.open(ex.requestsUri, fs.readFileSync(ex.requests, 'utf8'));
    await client.until(() => client.diagnostics.has(ex.requestsUri) && client.diagnostics.has(ex.ruleUri), 10_000, 'first diagnostics');
  });

  after(async () => {
    await client?.stop();
  });

  it('shows nothing while the rule file equals HEAD', async () => {
    assert.deepStrictEqual(vsHead(await lenses(ex.ruleUri)), []);
    assert.deepStrictEqual(flipNames(), []);
  });

  it('appending edit * allow: a lens on the rule file and decision-flip diagnostics on B, C and D', async () => {
    await client.change(ex.ruleUri, appendRule(ruleText, APPEND_ALLOW));
    await client.until(() => flipNames().length === 4, 10_000, 'decision-flip diagnostics');
    const flips = flipNames();
    // B, C, D and "two-path patch", on their names (lines 3–6 of the requests file).
    assert.deepStrictEqual(flips.map((f) => f.line), [3, 4, 5, 6]);
    assert.ok(flips.every((f) => f.severity === 3));
    assert.strictEqual(flips[0].message, "vs HEAD: deny → allow, now rule 4: edit * allow");
    assert.match(flips[1].message, /^vs HEAD: deny → allow/);
    assert.strictEqual(flips[2].message, "vs HEAD: ask → allow, now rule 4: edit * allow");
    const lens = vsHead(await lenses(ex.ruleUri));
    assert.strictEqual(lens.length, 1);
    assert.strictEqual(lens[0].command?.title, 'vs HEAD: 4 decisions flipped (4 newly allowed)');
    assert.strictEqual(lens[0].command?.command, 'rulelens.showFlips');
    const args = lens[0].command?.arguments?.[0] as ShowFlipsArgs;
    assert.strictEqual(args.uri, ex.ruleUri);
    assert.match(args.markdown, /- B: a protected path: deny → allow \(rule 3: `edit secrets\/\* deny` → rule 4: `edit \* allow`\)/);
    const req = await lenses(ex.requestsUri);
    assert.strictEqual(req[2].command?.title, 'allow — rule 4 ✗ expected deny · vs HEAD: deny → allow');
  });

  it('stops flagging once the change is committed (HEAD moved)', async () => {
    fs.writeFileSync(ex.rules, appendRule(ruleText, APPEND_ALLOW));
    git(ex.dir, 'commit', '-qam', 'allow edits');
    assert.deepStrictEqual(vsHead(await lenses(ex.ruleUri)), []);
  });

  it('says "vs HEAD: new file" for a rule file git does not know yet', async () => {
    const sub = path.join(ex.dir, 'sub');
    fs.mkdirSync(sub);
    const fresh = path.join(sub, 'opencode.json');
    fs.writeFileSync(fresh, ruleText);
    const uri = pathToFileURL(fresh).href;
    await client.open(uri, ruleText);
    await client.until(() => client.diagnostics.has(uri), 10_000, 'diagnostics of the new file');
    const lens = vsHead(await lenses(uri));
    assert.deepStrictEqual(lens.map((l) => l.command?.title), ['vs HEAD: new file']);
  });
});
