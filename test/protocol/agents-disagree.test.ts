// agents-disagree in the editor: an open rule file shows where another agent's policy of the same
// project decides a request differently, with the other agent's rule as related information, and
// editing that other policy (open, or on disk) re-checks it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { buildServer } from './build';
import { LspClient } from './lsp-client';

interface Related { location: { uri: string; range: { start: { line: number } } }; message: string }
interface Diag { code?: string | number; message: string; range: { start: { line: number } }; relatedInformation?: Related[] }

describe('language server over stdio: agents-disagree', function () {
  let client: LspClient;
  let dir: string;

  before(async () => {
    buildServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-agents-lsp-'));
    client = new LspClient();
    await client.initialize(pathToFileURL(dir).href);
  });
  after(async () => {
    await client?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (p: string, text: string) => {
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  };
  const disagreements = (uri: string): Diag[] => ((client.diagnostics.get(uri)?.diagnostics ?? []) as Diag[]).filter((d) => d.code === 'agents-disagree');

  it('the Codex allow is marked, with the Claude deny as related information; the Claude edit that agrees clears it', async () => {
    const settings = path.join(dir, 'p1', '.claude', 'settings.json');
    const rules = path.join(dir, 'p1', '.codex', 'rules', 'default.rules');
    write(settings, JSON.stringify({ permissions: { deny: ['Bash(git push:*)'] } }, null, 2));
    const rulesText = 'prefix_rule(pattern=["git"], decision="allow")\n';
    write(rules, rulesText);
    const uri = pathToFileURL(rules).href;
    await client.open(uri, rulesText, 'plaintext');
    await client.until(() => disagreements(uri).length > 0, 30_000, 'agents-disagree on the Codex file');
    const [d] = disagreements(uri);
    assert.match(d.message, /^`git push`: Claude Code denies, Codex CLI allows \(rule 1: git → allow\)/);
    assert.equal(d.range.start.line, 0);
    const rel = d.relatedInformation?.find((r) => r.location.uri === pathToFileURL(settings).href);
    assert.ok(rel, JSON.stringify(d.relatedInformation));
    assert.equal(rel.location.range.start.line, 3);
    assert.match(rel.message, /Claude Code denies `git push` here: rule 1: Bash\(git push:\*\) deny/);

    // The Claude settings, opened and edited to allow git push too: the Codex file is re-checked.
    const settingsUri = pathToFileURL(settings).href;
    await client.open(settingsUri, fs.readFileSync(settings, 'utf8'));
    await client.change(settingsUri, JSON.stringify({ permissions: { allow: ['Bash(git push:*)'] } }, null, 2));
    await client.until(() => client.diagnostics.has(uri) && disagreements(uri).length === 0, 30_000, 'no agents-disagree once Claude agrees');
  });

  it('a change on disk to the other agent\'s policy (a watched file) brings the finding', async () => {
    const settings = path.join(dir, 'p2', '.claude', 'settings.json');
    const policy = path.join(dir, 'p2', '.gemini', 'policies', 'policy.toml');
    write(settings, JSON.stringify({ permissions: { allow: [] } }, null, 2));
    const policyText = '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "npm"\ndecision = "allow"\npriority = 100\n';
    write(policy, policyText);
    const uri = pathToFileURL(policy).href;
    await client.open(uri, policyText, 'toml');
    await client.until(() => client.diagnostics.has(uri), 30_000, 'diagnostics of the Gemini policy');
    assert.deepEqual(disagreements(uri), []);
    write(settings, JSON.stringify({ permissions: { ask: ['Bash(npm publish:*)'] } }, null, 2));
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(settings).href, type: 2 }] });
    await client.until(() => disagreements(uri).some((d) => /^`npm publish`: Claude Code asks, Gemini CLI allows \(rule 1/.test(d.message)), 30_000, 'agents-disagree after the Claude settings changed on disk');
  });

  it('a hover on a rule shows the other agents\' decisions for its witness; "Make Codex CLI agree" adds the deny and the warning goes', async () => {
    const settings = path.join(dir, 'p3', '.claude', 'settings.json');
    const rules = path.join(dir, 'p3', '.codex', 'rules', 'default.rules');
    const settingsText = JSON.stringify({ permissions: { deny: ['Bash(git push:*)'] } }, null, 2);
    write(settings, settingsText);
    const rulesText = 'prefix_rule(pattern=["git"], decision="allow")\n';
    write(rules, rulesText);
    const settingsUri = pathToFileURL(settings).href;
    await client.open(settingsUri, settingsText);
    await client.until(() => client.diagnostics.has(settingsUri), 30_000, 'diagnostics of the Claude settings');
    const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: settingsUri }, position: { line: 3, character: 10 } });
    assert.match(hover.contents.value, /Other agents on `git push` \(Claude Code: deny\):/);
    assert.match(hover.contents.value, /- \*\*Codex CLI\*\*: allow — rule 1 `git → allow` \(`rules\/default\.rules`, line 1\)/);

    const uri = pathToFileURL(rules).href;
    await client.open(uri, rulesText, 'plaintext');
    await client.until(() => disagreements(uri).length > 0, 30_000, 'agents-disagree on the Codex file');
    const [d] = disagreements(uri);
    interface Action { title: string; edit?: { changes?: Record<string, Array<{ range: { start: { line: number; character: number } }; newText: string }>> } }
    const actions = await client.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    const fix = actions.find((a) => a.title.startsWith('Make Codex CLI agree'));
    assert.ok(fix, actions.map((a) => a.title).join(' | '));
    assert.equal(fix.title, 'Make Codex CLI agree: add prefix_rule(pattern=["git", "push"], decision="forbidden")');
    const [edit] = fix.edit!.changes![uri];
    assert.deepEqual(edit.range.start, { line: 1, character: 0 });
    await client.change(uri, rulesText + edit.newText);
    await client.until(() => client.diagnostics.has(uri) && disagreements(uri).length === 0, 30_000, 'no agents-disagree once Codex agrees');
  });
});
