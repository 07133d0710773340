import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { CONFIG_FILE, EMPTY_CONFIG, parseLintConfig } from '../../../shared/config/lint-config';
import { fileExists, readText } from '../../../shared/host/node-fs';
import { createLanguageService, type LanguageService } from '../../../server/service/language-service';
import { pathToUri } from '../../../server/service/uri';

const OPENCODE = `{
  "permission": {
    "bash": {
      "git status": "allow",
      "npm test": "allow",
      "*": "ask"
    }
  }
}
`;

function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-suppress-ls-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** A service that reads `.rulelens.json` at the project root, as the server's settings do. */
function serviceIn(dir: string): LanguageService {
  const configFor = () => {
    const file = path.join(dir, CONFIG_FILE);
    const text = readText(file);
    return text === undefined ? { ...EMPTY_CONFIG, base: dir } : parseLintConfig(file, text).config;
  };
  return createLanguageService({ readFile: readText, exists: fileExists, ctx: { home: '/home/test' }, configFor });
}

const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('x', 'json', 1, text), edits);

async function opened(ls: LanguageService, file: string, text = fs.readFileSync(file, 'utf8')): Promise<string> {
  const uri = pathToUri(file);
  ls.setDocument(uri, text, 1);
  await ls.ready(uri);
  return uri;
}

function actionsOn(ls: LanguageService, uri: string, d: Diagnostic): CodeAction[] {
  return ls.codeActions(uri, d.range, { diagnostics: [d] });
}

describe('language service: suppressing a finding', () => {
  it('"Disable <lint> for this rule" writes a comment above that rule only; the other finding stays', async () => {
    const dir = project({ 'opencode.json': OPENCODE });
    const ls = serviceIn(dir);
    const uri = await opened(ls, path.join(dir, 'opencode.json'));
    const dead = ls.doValidation(uri).filter((d) => d.code === 'dead-rule');
    assert.strictEqual(dead.length, 2);
    const titles = actionsOn(ls, uri, dead[0]).map((a) => a.title);
    assert.ok(titles.includes('Disable dead-rule for this rule') && titles.includes('Disable dead-rule for this file'), titles.join(' | '));
    const one = actionsOn(ls, uri, dead[0]).find((a) => a.title === 'Disable dead-rule for this rule')!;
    const after = apply(OPENCODE, one.edit!.changes![uri]);
    assert.strictEqual(after, OPENCODE.replace('      "git status"', '      // rulelens-disable-next-line dead-rule\n      "git status"'));
    ls.setDocument(uri, after, 2);
    const left = ls.doValidation(uri).filter((d) => d.code === 'dead-rule' || d.code === 'unused-suppression');
    assert.deepStrictEqual(left.map((d) => [d.code, d.range.start.line]), [['dead-rule', 5]]);
  });

  it('"Disable <lint> for this file" writes one comment at the top, and adds to it the next time', async () => {
    const dir = project({ 'opencode.json': OPENCODE });
    const ls = serviceIn(dir);
    const uri = await opened(ls, path.join(dir, 'opencode.json'));
    const d = ls.doValidation(uri).find((x) => x.code === 'dead-rule')!;
    const file = actionsOn(ls, uri, d).find((a) => a.title === 'Disable dead-rule for this file')!;
    const after = apply(OPENCODE, file.edit!.changes![uri]);
    assert.strictEqual(after, `// rulelens-disable dead-rule\n${OPENCODE}`);
    ls.setDocument(uri, after, 2);
    const diags = ls.doValidation(uri);
    assert.deepStrictEqual(diags.filter((x) => x.code === 'dead-rule'), []);
    const broad = diags.find((x) => x.code === 'broad-catch-all')!;
    const more = actionsOn(ls, uri, broad).find((a) => a.title === 'Disable broad-catch-all for this file')!;
    assert.strictEqual(apply(after, more.edit!.changes![uri]).split('\n')[0], '// rulelens-disable dead-rule, broad-catch-all');
  });

  it('a Claude Code settings file takes no comments: the suppression is a .rulelens.json entry', async () => {
    // Both exact allows change something (`git status x` would not: Claude Code allows read-only git itself).
    const settings = JSON.stringify({ permissions: { allow: ['Bash(npm run lint)', 'Bash(npm test)'] } }, null, 2);
    const dir = project({ '.claude/settings.json': settings });
    const ls = serviceIn(dir);
    const file = path.join(dir, '.claude/settings.json');
    const uri = await opened(ls, file);
    const d = ls.doValidation(uri).find((x) => x.code === 'exact-command-pattern')!;
    assert.ok(d, 'an exact-command-pattern finding');
    const titles = actionsOn(ls, uri, d).map((a) => a.title);
    const one = actionsOn(ls, uri, d).find((a) => a.title === 'Disable exact-command-pattern for this rule (in .rulelens.json)');
    assert.ok(one, titles.join(' | '));
    const create = one.edit!.documentChanges!;
    assert.deepStrictEqual(create[0], { kind: 'create', uri: pathToUri(path.join(dir, CONFIG_FILE)), options: { ignoreIfExists: true } });
    const text = (create[1] as { edits: TextEdit[] }).edits[0].newText;
    const entry = JSON.parse(text).suppress[0];
    assert.deepStrictEqual({ file: entry.file, lint: entry.lint }, { file: '.claude/settings.json', lint: 'exact-command-pattern' });
    assert.match(entry.rule, /^Bash\(/);
    fs.writeFileSync(path.join(dir, CONFIG_FILE), text);
    const fresh = serviceIn(dir);
    const u2 = await opened(fresh, file);
    const still = fresh.doValidation(u2).filter((x) => x.code === 'exact-command-pattern');
    assert.strictEqual(still.length, 1, 'only the other exact rule is still reported');
    assert.notStrictEqual(still[0].range.start.line, d.range.start.line);
    // With a config file there, the next entry is appended to its list.
    const other = actionsOn(fresh, u2, still[0]).find((a) => a.title.startsWith('Disable exact-command-pattern for this rule'))!;
    const appended = apply(text, other.edit!.changes![pathToUri(path.join(dir, CONFIG_FILE))]);
    assert.strictEqual(JSON.parse(appended).suppress.length, 2);
  });

  it('a requests-file finding is disabled for its request', async () => {
    const requests = '{\n  "requests": [\n    { "name": "empty", "action": "edit", "resources": [], "expect": "allow" }\n  ]\n}\n';
    const dir = project({ 'opencode.json': '{ "permission": { "edit": "ask" } }\n', 'opencode.requests.json': requests });
    const ls = serviceIn(dir);
    await opened(ls, path.join(dir, 'opencode.json'));
    const uri = await opened(ls, path.join(dir, 'opencode.requests.json'));
    const d = ls.doValidation(uri).find((x) => x.code === 'empty-resources')!;
    const a = actionsOn(ls, uri, d).find((x) => x.title === 'Disable empty-resources for this request')!;
    const after = apply(requests, a.edit!.changes![uri]);
    assert.strictEqual(after.split('\n')[2], '    // rulelens-disable-next-line empty-resources');
    ls.setDocument(uri, after, 2);
    assert.deepStrictEqual(ls.doValidation(uri).map((x) => x.code), []);
  });

  it('no suppression is offered for a finding that cannot be suppressed', async () => {
    const dir = project({ 'opencode.json': '{ "permission": { "edit": 3 } }\n' });
    const ls = serviceIn(dir);
    const uri = await opened(ls, path.join(dir, 'opencode.json'));
    const schema = ls.doValidation(uri).find((x) => x.code === 'schema')!;
    assert.ok(schema);
    assert.deepStrictEqual(actionsOn(ls, uri, schema).filter((a) => a.title.startsWith('Disable')), []);
  });
});

describe('language service: fix all of one kind', () => {
  it('removes every dead rule of the file in one action, each change listed for confirmation', async () => {
    const dir = project({ 'opencode.json': OPENCODE });
    const ls = serviceIn(dir);
    const uri = await opened(ls, path.join(dir, 'opencode.json'));
    const d = ls.doValidation(uri).find((x) => x.code === 'dead-rule')!;
    const all = actionsOn(ls, uri, d).find((a) => a.title.startsWith('Fix all'))!;
    assert.strictEqual(all.title, 'Fix all 2 dead-rule findings in this file');
    const change = all.edit!.documentChanges![0] as { edits: Array<TextEdit & { annotationId: string }> };
    const notes = all.edit!.changeAnnotations!;
    assert.deepStrictEqual(change.edits.map((e) => [notes[e.annotationId].label, notes[e.annotationId].needsConfirmation]), [
      ['Remove rule 1 (bash git status allow)', true],
      ['Remove rule 2 (bash npm test allow)', true],
    ]);
    const after = apply(OPENCODE, change.edits);
    assert.deepStrictEqual(JSON.parse(after).permission.bash, { '*': 'ask' });
  });

  it('not offered for a single finding', async () => {
    const dir = project({ 'opencode.json': OPENCODE.replace('      "npm test": "allow",\n', '') });
    const ls = serviceIn(dir);
    const uri = await opened(ls, path.join(dir, 'opencode.json'));
    const d = ls.doValidation(uri).find((x) => x.code === 'dead-rule')!;
    assert.deepStrictEqual(actionsOn(ls, uri, d).filter((a) => /^Fix (?:all|\d)/.test(a.title)), []);
  });
});
