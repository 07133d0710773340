import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { buildServer } from './build';
import { LspClient } from './lsp-client';

/**
 * The server checks a version in stages and drops a version the next keystroke superseded: over
 * stdio, nothing of an older version is published after a newer one arrived, and a half-typed
 * version's schema error never shows once the burst ends in a valid text.
 */

const EFFECTS = ['allow', 'ask', 'deny'];
/** Big enough that a version's change impact against HEAD is still being searched when the next keystroke arrives. */
const RULES = 1500;

function ruleText(flip: number): string {
  const rules = Array.from({ length: RULES }, (_, i) => `    { "action": "${i % 2 ? 'bash' : 'edit'}", "resource": "*a${i % 17}*b*${i}*", "effect": "${EFFECTS[(i + (i === flip ? 1 : 0)) % 3]}" }`);
  return `{\n  "permissions": [\n${rules.join(',\n')}\n  ]\n}\n`;
}

function requestsText(): string {
  const reqs = Array.from({ length: 60 }, (_, j) => `    { "name": "r${j}", "action": "${j % 2 ? 'bash' : 'edit'}", "resources": ["xa${j % 17}yb-${j}-z"] }`);
  return `{\n  "requests": [\n${reqs.join(',\n')}\n  ]\n}\n`;
}

function git(dir: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

type Status = { uri: string; checking?: string };
const final = (c: LspClient, uri: string, from: number) => c.status.slice(from).some((s) => (s as Status).uri === uri && !(s as Status).checking);

describe('language server: a newer version supersedes the work on an older one', function () {
  let client: LspClient;
  let dir: string;
  let ruleUri: string;
  let requestsUri: string;

  before(async () => {
    buildServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-versions-'));
    fs.writeFileSync(path.join(dir, 'opencode.json'), ruleText(-1));
    fs.writeFileSync(path.join(dir, 'opencode.requests.json'), requestsText());
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'rules');
    ruleUri = pathToFileURL(path.join(dir, 'opencode.json')).href;
    requestsUri = pathToFileURL(path.join(dir, 'opencode.requests.json')).href;
    client = new LspClient();
    await client.initialize(pathToFileURL(dir).href, undefined, { workDoneProgress: true });
    await client.open(ruleUri, ruleText(-1));
    await client.open(requestsUri, requestsText());
    await client.until(() => final(client, ruleUri, 0), 120_000, 'the first check to end');
  });

  after(async () => {
    await client?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports a half-typed version that stays, with its schema error', async () => {
    const from = client.status.length;
    const text = ruleText(3);
    const version = await client.change(ruleUri, text.slice(0, text.length >> 1));
    await client.until(() => client.diagnostics.get(ruleUri)?.version === version && final(client, ruleUri, from), 120_000, 'the half-typed version checked');
    assert.ok(client.diagnostics.get(ruleUri)!.diagnostics.some((d) => d.severity === 1), 'an error for the half-typed text');
  });

  it('after a burst of keystrokes publishes only the last version, and no half-typed version\'s error', async () => {
    const mark = client.published.length;
    const from = client.status.length;
    const last = ruleText(10);
    let version = 0;
    // Typing: half-typed texts (no valid JSON) between whole ones, sent back to back.
    for (const cut of [0.3, 0.5, 0.7, 0.9]) {
      version = await client.change(ruleUri, last.slice(0, Math.floor(last.length * cut)));
      version = await client.change(ruleUri, ruleText(Math.floor(cut * 100)));
    }
    version = await client.change(ruleUri, last);
    await client.until(() => client.diagnostics.get(ruleUri)?.version === version && final(client, ruleUri, from), 120_000, 'the last version checked');
    const mine = client.published.slice(mark).filter((p) => p.uri === ruleUri);
    assert.ok(mine.length > 0);
    assert.deepStrictEqual(mine.map((p) => p.version).filter((v) => v !== version), [], 'only the last version is published');
    assert.ok(!mine.some((p) => p.diagnostics.some((d) => d.severity === 1)), 'no error of a half-typed version');
  });

  it('drops the change-impact search of a version when the next keystroke arrives, and publishes the newer one', async () => {
    const from = client.status.length;
    const refreshes = client.lensRefreshes;
    const v1 = await client.change(ruleUri, ruleText(20));
    // Its parse is published; its stored requests, lints and change impact then run in the background.
    await client.until(() => client.diagnostics.get(ruleUri)?.version === v1, 120_000, 'the first version parsed');
    const mark = client.published.length;
    const v2 = await client.change(ruleUri, ruleText(21));
    await client.until(() => client.diagnostics.get(ruleUri)?.version === v2 && final(client, ruleUri, from) && (client.status.at(-1) as Status).checking === undefined, 120_000, 'the newer version checked');
    const after = client.published.slice(mark).filter((p) => p.uri === ruleUri || p.uri === requestsUri);
    assert.deepStrictEqual(after.filter((p) => p.uri === ruleUri && p.version !== v2 && p.version !== undefined), [], 'nothing of the older version after the newer one arrived');
    assert.ok(client.lensRefreshes > refreshes, 'the lenses are refreshed once the change impact is known');
  });

  it('shows a progress notification while it checks, and ends it', async () => {
    assert.ok(client.progress.includes('begin'), client.progress.join(' '));
    await client.until(() => client.progress.at(-1) === 'end', 120_000, 'the progress to end');
    assert.strictEqual(client.progress.filter((k) => k === 'begin').length, client.progress.filter((k) => k === 'end').length);
  });
});
