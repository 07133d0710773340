import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Hover, TextEdit } from 'vscode-languageserver';
import { buildServer } from './build';
import { LspClient } from './lsp-client';

interface Diag { code?: string; range: { start: { line: number; character: number }; end: { line: number; character: number } }; data?: unknown }
interface Action { title: string; edit?: { changes?: Record<string, TextEdit[]> }; disabled?: { reason: string } }
type Status = { uri: string; checking?: string };

/** Rule 7 (`secrets/**` deny) and rule 8 (`*` allow: a broad catch-all that overrides it). */
const RULES = `{
  "permission": {
    "bash": {
      "*": "ask",
      "git status": "allow",
      "npm test": "allow"
    },
    "edit": {
      "secrets/**": "deny",
      "*": "allow"
    }
  }
}
`;
/** Two rules inserted above the others: every line the last check knew is two further down. */
const EDITED = RULES.replace('  "permission": {\n', '  "permission": {\n    "read": "allow",\n    "glob": "allow",\n');
const DISABLE = '// rulelens-disable-next-line broad-catch-all';

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle));

/**
 * Over stdio, a hover or a code action asked right after an edit (the server still answers from
 * the check of the text before it) is about the text as it is now: a hover finds the rule under
 * the cursor now and gives its place now, or says nothing; a fix places its edit for the current
 * text, or waits for the check. Whichever result answers, what it says must be true of the
 * current text, so these hold however fast the server gets to the new version.
 */
describe('language server over stdio: answers right after an edit are of the current text', function () {
  let client: LspClient;
  let uri: string;

  before(async () => {
    buildServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-stale-'));
    const file = path.join(dir, 'opencode.json');
    fs.writeFileSync(file, RULES);
    uri = pathToFileURL(file).href;
    client = new LspClient();
    await client.initialize(pathToFileURL(dir).href);
    await client.open(uri, RULES);
    await client.until(() => client.status.some((s) => (s as Status).uri === uri && !(s as Status).checking) && !!client.diagnostics.get(uri)?.diagnostics.some((d) => d.code === 'broad-catch-all'), 30_000, 'the first check');
  });

  after(async () => {
    await client?.stop();
  });

  it('a hover and the fixes asked with the edit: the rule under the cursor now, each edit placed for the current text', async () => {
    const published = client.diagnostics.get(uri)!.diagnostics.find((d) => d.code === 'broad-catch-all') as Diag;
    const from = client.status.length;
    const secrets = lineOf(EDITED, '"secrets/**"');
    // Sent back to back with the change, as an editor asks while the user types.
    const [, hover, actions] = await Promise.all([
      client.change(uri, EDITED),
      client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: secrets, character: 8 } }),
      // The editor still holds the finding published for the text before the edit (two lines up).
      client.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: published.range, context: { diagnostics: [published] } }),
    ]);
    const value = (hover?.contents as { value?: string } | undefined)?.value ?? '';
    assert.match(value, /`edit secrets\/\*\* deny`/, `the hover is of the rule under the cursor now: ${value}`);
    assert.strictEqual(hover?.range?.start.line, secrets, 'its range is where that rule is now');
    for (const a of actions.filter((x) => x.edit?.changes?.[uri])) {
      const after = TextDocument.applyEdits(TextDocument.create(uri, 'json', 2, EDITED), a.edit!.changes![uri]).split('\n');
      const at = after.findIndex((l) => l.trim() === DISABLE);
      if (at >= 0) assert.strictEqual(after[at + 1].trim(), '"*": "allow"', `${a.title}: above the catch-all, not the rule now on the finding's old line`);
    }
    // Once the new version is checked: its own finding, and the comment above its rule.
    await client.until(() => client.status.slice(from).some((s) => (s as Status).uri === uri && !(s as Status).checking) && client.diagnostics.get(uri)?.version === 2, 30_000, 'the edit checked');
    const now = client.diagnostics.get(uri)!.diagnostics.find((d) => d.code === 'broad-catch-all') as Diag;
    assert.strictEqual(now.range.start.line, lineOf(EDITED, '"*": "allow"'));
    const fixes = await client.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: now.range, context: { diagnostics: [now] } });
    const disable = fixes.find((a) => a.title === 'Disable broad-catch-all for this rule');
    assert.ok(disable?.edit?.changes?.[uri], fixes.map((a) => a.title).join(' | '));
    const after = TextDocument.applyEdits(TextDocument.create(uri, 'json', 2, EDITED), disable.edit.changes[uri]).split('\n');
    assert.strictEqual(after[after.findIndex((l) => l.trim() === DISABLE) + 1].trim(), '"*": "allow"');
    const fresh = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: secrets, character: 8 } });
    assert.ok(!((fresh?.contents as { value: string }).value.includes('earlier version')), 'no longer of an earlier version');
  });
});
