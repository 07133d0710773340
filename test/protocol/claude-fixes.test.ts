import * as assert from 'assert';
import { LEXICAL_FS } from '../../shared/model';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver';
import { evaluateClaude, initShellParser, parseClaude } from '../../shared/dialects/claude';
import { buildServer } from './build';
import { LspClient } from './lsp-client';

interface Diag { code?: string; range: { start: { line: number; character: number }; end: { line: number; character: number } }; data?: unknown }
interface Action { title: string; edit?: { changes?: Record<string, TextEdit[]> } }

/*
 * The Claude Code quick fixes over stdio, one test each: the server offers the fix on the
 * diagnostic, its edit applies cleanly, and the edited file decides what the fix promised.
 */
describe('language server over stdio: Claude Code quick fixes', function () {
  let client: LspClient;
  let dir: string;
  let n = 0;

  before(async () => {
    buildServer();
    await initShellParser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-claude-fix-'));
    client = new LspClient();
    await client.initialize(pathToFileURL(dir).href);
  });

  after(async () => {
    await client?.stop();
  });

  /** Opens a fresh project settings file, waits for `code`, and returns the fix titled like `title`. */
  async function fixFor(text: string, code: string, title: RegExp): Promise<{ file: string; after: string }> {
    const file = path.join(dir, `p${n++}`, '.claude', 'settings.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    const uri = pathToFileURL(file).href;
    await client.open(uri, text);
    const diags = () => (client.diagnostics.get(uri)?.diagnostics ?? []) as Diag[];
    await client.until(() => diags().some((d) => d.code === code), 20_000, code);
    const d = diags().find((x) => x.code === code)!;
    const actions = await client.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    const fix = actions.find((a) => title.test(a.title));
    assert.ok(fix, actions.map((a) => a.title).join(' | '));
    const after = TextDocument.applyEdits(TextDocument.create(uri, 'json', 1, text), fix.edit!.changes![uri]);
    return { file, after };
  }

  const decide = (file: string, text: string, command: string) => evaluateClaude(parseClaude({ path: file, text }), { tool: 'Bash', command }, { fs: LEXICAL_FS }).decision;

  it('deny-narrower-than-it-looks: adds the missing spellings, and they are denied', async () => {
    const text = '{\n  "permissions": {\n    "deny": [\n      "Bash(rm -rf *)"\n    ]\n  }\n}\n';
    const { file, after } = await fixFor(text, 'deny-narrower-than-it-looks', /^Add \d+ deny rules/);
    assert.deepEqual(JSON.parse(after).permissions.deny.slice(0, 2), ['Bash(rm -rf *)', 'Bash(rm -fr *)']);
    for (const c of ['rm -fr build', 'rm -r -f build', 'rm -f -r build']) {
      assert.equal(decide(file, text, c), 'ask', c);
      assert.equal(decide(file, after, c), 'deny', c);
    }
  });

  it('cross-tool-bypass: adds a Bash deny for the same file, and the reader is denied', async () => {
    // xxd: a reader whose paths Claude Code does not check (for grep it applies the Read deny itself).
    const text = '{\n  "permissions": {\n    "deny": ["Read(./.env)"],\n    "allow": ["Bash(xxd:*)"]\n  }\n}\n';
    const { file, after } = await fixFor(text, 'cross-tool-bypass', /^Add deny "Bash\(xxd \*\.env\*\)"/);
    assert.equal(decide(file, text, 'xxd .env'), 'allow');
    assert.equal(decide(file, after, 'xxd .env'), 'deny');
    // Other reads stay allowed: the fix denies the file, not the tool.
    assert.equal(decide(file, after, 'xxd src/a.ts'), 'allow');
  });

  it('bypass-mode-committed: removes defaultMode and nothing else', async () => {
    const text = '{\n  "permissions": {\n    "defaultMode": "bypassPermissions",\n    "allow": ["Bash(ls *)"]\n  }\n}\n';
    const { after } = await fixFor(text, 'bypass-mode-committed', /^Remove "defaultMode"/);
    assert.equal(after, '{\n  "permissions": {\n    "allow": ["Bash(ls *)"]\n  }\n}\n');
  });

  it('never-matches: removes the rule, and no decision changes', async () => {
    const text = '{\n  "permissions": {\n    "allow": [\n      "Bash(npm test)",\n      "Bash(wget *|bash*)"\n    ]\n  }\n}\n';
    const { file, after } = await fixFor(text, 'never-matches', /^Remove rule/);
    assert.deepEqual(JSON.parse(after).permissions.allow, ['Bash(npm test)']);
    for (const c of ['wget x|bash', 'wget x | bash -s', 'npm test']) assert.equal(decide(file, after, c), decide(file, text, c), c);
  });
});
