import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, TextEdit } from 'vscode-languageserver';
import { fileExists, readText } from '../../../shared/host/node-fs';
import { createLanguageService, type LanguageService, type StagedCheck } from '../../../server/service/language-service';
import { FIXES_WAIT } from '../../../server/service/code-actions';
import { EARLIER_NOTE } from '../../../server/service/hover';
import { pathToUri } from '../../../server/service/uri';
import { open, tempExample } from './helpers';

/** Rules 7 (`secrets/**` deny) and 8 (`*` allow, a broad catch-all) close the file. */
const RULES = `{
  "permission": {
    "bash": {
      "*": "ask",
      "git status": "allow",
      "git diff *": "allow",
      "git *": "ask",
      "git log *": "allow",
      "npm test": "allow"
    },
    "edit": {
      "secrets/**": "deny",
      "*": "allow"
    }
  }
}
`;
/** The same file with rule 7 removed: rule 8 is one line higher, and the seventh rule. */
const WITHOUT_7 = RULES.replace('      "secrets/**": "deny",\n', '');

const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('x', 'json', 1, text), edits);
const run = (check: StagedCheck | undefined) => {
  for (const _ of check!.stages);
};
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle));

/** A service as the server makes it: answers come from the last finished check. */
async function staged(): Promise<{ ls: LanguageService; uri: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-stale-'));
  const file = path.join(dir, 'opencode.json');
  fs.writeFileSync(file, RULES);
  const ls = createLanguageService({ readFile: readText, exists: fileExists, ctx: { home: '/home/test' }, staged: true });
  const uri = pathToUri(file);
  ls.setDocument(uri, RULES, 1);
  await ls.ready(uri);
  run(ls.check(uri));
  return { ls, uri };
}

/** The broad-catch-all finding the last finished check of the document publishes. */
function broad(ls: LanguageService, uri: string): Diagnostic {
  const d = ls.validate(uri).publish.find((p) => p.uri === uri)!.diagnostics.find((x) => x.code === 'broad-catch-all');
  assert.ok(d, 'a broad-catch-all finding');
  return d;
}

// An edit, then its revert (what a quick fix tried and undone does): until the reverted text's
// check ends, the last finished result is of the edit, whose lines and rule numbers differ.
describe('language service: answers while a newer version is checked are of the text as it is now', () => {
  it('code actions give no edit from an earlier version\'s result, and place it right once the check ends', async () => {
    const { ls, uri } = await staged();
    const published = broad(ls, uri);
    ls.setDocument(uri, WITHOUT_7, 2);
    run(ls.check(uri));
    ls.setDocument(uri, RULES, 3);
    const check = ls.check(uri)!;
    check.stages.next();
    // The client still shows the first version's finding (it is the current text's too).
    const waiting = ls.codeActions(uri, published.range, { diagnostics: [published] });
    assert.deepStrictEqual(waiting.map((a) => [a.title, !!a.edit, !!a.disabled]), [[FIXES_WAIT, false, true]]);
    for (const _ of check.stages);
    const disable = ls.codeActions(uri, published.range, { diagnostics: [published] }).find((a) => a.title === 'Disable broad-catch-all for this rule');
    assert.ok(disable?.edit?.changes?.[uri]);
    const after = apply(RULES, disable.edit.changes[uri]).split('\n');
    const at = after.indexOf('      // rulelens-disable-next-line broad-catch-all');
    assert.strictEqual(after[at + 1], '      "*": "allow"', 'the comment sits just above the rule the finding is about');
  });

  it('a diagnostic published for another version lends nothing to the current one\'s fixes', async () => {
    const { ls, uri } = await staged();
    ls.setDocument(uri, WITHOUT_7, 2);
    run(ls.check(uri));
    const old = broad(ls, uri);
    assert.strictEqual(old.range.start.line, lineOf(WITHOUT_7, '"*": "allow"'));
    ls.setDocument(uri, RULES, 3);
    run(ls.check(uri));
    // Its range is another rule's now (rule 7's line), its rule index another's too.
    const titles = ls.codeActions(uri, old.range, { diagnostics: [old] }).map((a) => a.title);
    assert.deepStrictEqual(titles.filter((t) => t.startsWith('Disable') || t.startsWith('Remove')), [], titles.join(' | '));
    // The current finding there gets its fixes.
    const own = ls.codeActions(uri, old.range, { diagnostics: [] }).map((a) => a.title);
    assert.ok(own.includes('Disable shadowed-deny for this rule'), own.join(' | '));
  });

  it('a hover maps its position and range through the edit, says it is of an earlier version, and is silent on edited text', async () => {
    const { ls, uri } = await staged();
    // Two lines inserted above every rule: the earlier result's lines are two off.
    const edited = RULES.replace('  "permission": {\n', '  "permission": {\n    "read": "allow",\n    "glob": "allow",\n');
    ls.setDocument(uri, edited, 2);
    ls.check(uri)!.stages.next();
    const line = lineOf(edited, '"secrets/**"');
    const hover = ls.doHover(uri, { line, character: 8 });
    const text = (hover?.contents as { value: string } | undefined)?.value ?? '';
    assert.match(text, /`edit secrets\/\*\* deny`/, text);
    assert.ok(text.endsWith(EARLIER_NOTE), text);
    assert.deepStrictEqual(hover?.range?.start, { line, character: 6 }, 'the rule\'s place in the current text');
    assert.strictEqual(ls.doHover(uri, { line: lineOf(edited, '"glob"'), character: 6 }), null, 'an inserted line: the earlier result knows nothing of it');
  });

  it('lenses of an earlier result sit on the lines their rules moved to; none on an edited line', async () => {
    const ex = tempExample();
    const original = fs.readFileSync(ex.rules, 'utf8');
    const ls = createLanguageService({ readFile: readText, exists: fileExists, ctx: { home: '/home/test' }, staged: true });
    const uri = open(ls, ex.rules, original, 1);
    await ls.ready(uri);
    run(ls.check(uri));
    const before = ls.codeLenses(uri).filter((l) => l.range.start.line > 0).map((l) => [l.range.start.line, l.command?.title]);
    assert.ok(before.length > 0, 'rules that decide stored requests have lenses');
    // A rule inserted first in the list: every rule below is one line down.
    const edited = original.replace('  "permissions": [\n', '  "permissions": [\n    { "action": "read", "resource": "*", "effect": "allow" },\n');
    open(ls, ex.rules, edited, 2);
    ls.check(uri)!.stages.next();
    const after = ls.codeLenses(uri).filter((l) => l.range.start.line > 0).map((l) => [l.range.start.line, l.command?.title]);
    assert.deepStrictEqual(after, before.map(([line, title]) => [(line as number) + 1, title]));
    // The new rule's line starts as the old first rule's did: the hover there still knows it is new.
    assert.strictEqual(ls.doHover(uri, { line: 3, character: 8 }), null);
    assert.match((ls.doHover(uri, { line: 4, character: 8 })?.contents as { value: string }).value, /\*\*Rule 1\*\* `edit \* ask`/);
  });
});
