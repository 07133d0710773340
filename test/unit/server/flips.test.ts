import * as assert from 'assert';
import * as fs from 'fs';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { flipSummary } from '../../../shared/diff/format';
import { comparedSummary } from '../../../server/service/flips';
import type { ShowFlipsArgs } from '../../../shared/protocol';
import { COMMANDS } from '../../../shared/protocol';
import { fileExists, readText } from '../../../shared/host/node-fs';
import type { LintConfig } from '../../../shared/config/lint-config';
import { createLanguageService, type LanguageService } from '../../../server/service/language-service';
import { open, plainText, tempExample, withRule } from './helpers';

const APPEND_ALLOW = '{ "action": "edit", "resource": "*", "effect": "allow" }';
type Base = { text: string; missing?: boolean } | undefined;

/** A service whose git base is whatever the test says, asked for by path. */
function serviceWithBase(base: (p: string) => Base, config?: LintConfig): { ls: LanguageService; asked: string[] } {
  const asked: string[] = [];
  const ls = createLanguageService({
    readFile: readText,
    exists: fileExists,
    ctx: { home: '/home/test' },
    docsBase: 'https://rulelens.dev/docs/lints/',
    configFor: config ? () => config : undefined,
    baseText: (p) => (asked.push(p), base(p)),
  });
  return { ls, asked };
}

function example(current: (text: string) => string, base: (text: string) => Base = (text) => ({ text }), config?: LintConfig) {
  const ex = tempExample();
  const original = fs.readFileSync(ex.rules, 'utf8');
  const { ls, asked } = serviceWithBase(() => base(original), config);
  const ruleUri = open(ls, ex.rules, current(original));
  return { ex, ls, ruleUri, asked, original };
}

const vsHead = (ls: LanguageService, uri: string) => ls.codeLenses(uri).filter((l) => l.command?.title.startsWith('vs HEAD'));
const flipDiagnostics = (ls: LanguageService, ruleUri: string, requestsUri: string): Diagnostic[] =>
  (ls.validate(ruleUri).publish.find((t) => t.uri === requestsUri)?.diagnostics ?? []).filter((d) => d.code === 'decision-flip');

describe('language service: decision flips against the git base', () => {
  it('puts "vs HEAD: 4 decisions flipped (4 newly allowed)" on top of a rule file that now allows edit *', () => {
    const { ls, ruleUri, asked, ex } = example((t) => withRule(t, APPEND_ALLOW));
    const lenses = ls.codeLenses(ruleUri);
    assert.strictEqual(lenses[1].command?.title, 'vs HEAD: 4 decisions flipped (4 newly allowed)');
    assert.strictEqual(lenses[1].range.start.line, 0);
    assert.strictEqual(lenses[1].command?.command, COMMANDS.showFlips);
    assert.ok(asked.every((p) => p === ex.rules));
    const args = lenses[1].command?.arguments?.[0] as ShowFlipsArgs;
    assert.strictEqual(args.uri, ruleUri);
    assert.deepStrictEqual(args.flips.filter((f) => f.subject === null).map((f) => f.request), ['B: a protected path', 'C: a mixed operation', 'D: work outside the grant', 'two-path patch']);
    const md = args.markdown.split('\n');
    assert.strictEqual(md[0], '# opencode.json vs HEAD: 4 decisions flipped (4 newly allowed)');
    assert.strictEqual(md[2], '## Newly allowed (stored requests)');
    assert.strictEqual(md[4], '- B: a protected path: deny → allow (rule 3: `edit secrets/* deny` → rule 4: `edit * allow`)');
    assert.strictEqual(md[5], '  - `secrets/test.env`: deny → allow (rule 3: `edit secrets/* deny` → rule 4: `edit * allow`)');
    assert.ok(!args.markdown.includes('Newly denied'));
  });

  it('marks each flipped stored request with a decision-flip diagnostic and its lens with the flip', () => {
    const { ls, ruleUri, ex } = example((t) => withRule(t, APPEND_ALLOW));
    const diags = flipDiagnostics(ls, ruleUri, ex.requestsUri);
    assert.deepStrictEqual(diags.map((d) => d.range.start.line), [3, 4, 5, 6]);
    const b = diags[0];
    assert.strictEqual(b.severity, DiagnosticSeverity.Information);
    assert.strictEqual(b.source, 'rulelens');
    assert.strictEqual(b.codeDescription?.href, 'https://rulelens.dev/docs/lints/decision-flip.md');
    // One row in the Problems panel: the consequence, then the detail as related information.
    assert.strictEqual(plainText(b.message), 'vs HEAD: deny → allow, now rule 4: edit * allow');
    assert.deepStrictEqual(b.relatedInformation?.map((r) => r.message), [
      'before: rule 3: edit secrets/* deny decided deny',
      'secrets/test.env: deny → allow (rule 3: edit secrets/* deny → rule 4: edit * allow)',
      'decides now: rule 4: edit * allow',
    ]);
    assert.strictEqual(b.relatedInformation?.[2].location.uri, ruleUri);
    assert.strictEqual(b.relatedInformation?.[2].location.range.start.line, 6);
    assert.match(plainText(diags[2].message), /^vs HEAD: ask → allow, now rule 4: edit \* allow$/);
    assert.ok(diags.every((d) => !plainText(d.message).includes('\n') && plainText(d.message).length <= 120));
    const titles = ls.codeLenses(ex.requestsUri).map((l) => l.command?.title);
    assert.strictEqual(titles[1], 'allow — rule 4 ✓');
    assert.strictEqual(titles[2], 'allow — rule 4 ✗ expected deny · vs HEAD: deny → allow');
    assert.strictEqual(titles[4], 'allow — rule 4 ✗ expected ask · vs HEAD: ask → allow');
  });

  it('lists newly allowed before newly denied, and a request whose subjects flip under an unchanged decision', () => {
    const swap = (t: string) => t.replace('"docs/*", "effect": "allow"', '"docs/*", "effect": "deny"').replace('"secrets/*", "effect": "deny"', '"secrets/*", "effect": "allow"');
    const { ls, ruleUri } = example(swap);
    const lens = vsHead(ls, ruleUri)[0];
    assert.strictEqual(lens.command?.title, 'vs HEAD: 3 decisions flipped (2 newly allowed)');
    const md = (lens.command?.arguments?.[0] as ShowFlipsArgs).markdown;
    assert.ok(md.indexOf('## Newly allowed') < md.indexOf('## Newly denied'), md);
    assert.match(md, /- A: a narrow grant: allow → deny/);
    // C stays deny, but its subjects moved both ways: it is listed where the loosening is.
    assert.match(md, /## Newly allowed[^#]*- C: a mixed operation: same decision overall, but:\n {2}- `secrets\/test.env`: deny → allow .*\n {2}- `docs\/start.md`: allow → deny/);
  });

  it('says nothing when the file equals its base or is not in git, and "new file" when git does not know it', () => {
    const same = example((t) => t);
    assert.deepStrictEqual(vsHead(same.ls, same.ruleUri), []);
    assert.deepStrictEqual(flipDiagnostics(same.ls, same.ruleUri, same.ex.requestsUri), []);
    const outside = example((t) => withRule(t, APPEND_ALLOW), () => undefined);
    assert.deepStrictEqual(vsHead(outside.ls, outside.ruleUri), []);
    const fresh = example((t) => t, () => ({ text: '', missing: true }));
    const lens = vsHead(fresh.ls, fresh.ruleUri);
    assert.strictEqual(lens.length, 1);
    assert.deepStrictEqual(lens[0].command, { title: 'vs HEAD: new file', command: '' });
    assert.deepStrictEqual(flipDiagnostics(fresh.ls, fresh.ruleUri, fresh.ex.requestsUri), []);
  });

  it('holds back while the rule file does not parse, and honours the lint level', () => {
    const broken = example((t) => withRule(t, APPEND_ALLOW).replace(/\}\s*$/, ''));
    assert.deepStrictEqual(vsHead(broken.ls, broken.ruleUri), []);
    assert.deepStrictEqual(flipDiagnostics(broken.ls, broken.ruleUri, broken.ex.requestsUri), []);
    const off = example((t) => withRule(t, APPEND_ALLOW), undefined, { levels: { 'decision-flip': 'off' }, exclude: [], base: '' });
    assert.deepStrictEqual(flipDiagnostics(off.ls, off.ruleUri, off.ex.requestsUri), []);
    assert.strictEqual(vsHead(off.ls, off.ruleUri).length, 1);
  });

  it('also marks the requests file when only it is open (the rule file changed on disk)', () => {
    const ex = tempExample();
    const original = fs.readFileSync(ex.rules, 'utf8');
    fs.writeFileSync(ex.rules, withRule(original, APPEND_ALLOW));
    const { ls } = serviceWithBase(() => ({ text: original }));
    const uri = open(ls, ex.requests);
    const diags = (ls.validate(uri).publish.find((t) => t.uri === uri)?.diagnostics ?? []).filter((d) => d.code === 'decision-flip');
    assert.strictEqual(diags.length, 4);
  });

  it('names only the newly allowed in the headline', () => {
    assert.strictEqual(flipSummary({ loosened: 1, tightened: 1 }), '2 decisions flipped (1 newly allowed)');
    assert.strictEqual(flipSummary({ loosened: 0, tightened: 1 }), '1 decision flipped');
    assert.strictEqual(flipSummary({ loosened: 0, tightened: 0 }), 'no decision flipped');
  });

  it('says "no decision flipped" only with what was compared, and what was not compared otherwise', () => {
    const same = example((t) => t.replace('"ask"', '"ask" '));
    assert.strictEqual(vsHead(same.ls, same.ruleUri)[0]?.command?.title, 'vs HEAD: no decision flipped (6 stored requests, witness search)');
    const bare = example((t) => t.replace('"ask"', '"ask" '));
    fs.rmSync(bare.ex.requests);
    bare.ls.fileChanged(bare.ex.requestsUri);
    assert.strictEqual(vsHead(bare.ls, bare.ruleUri)[0]?.command?.title, 'vs HEAD: no decision flipped (no stored requests, witness search)');
  });

  it('a change in a dialect without witness search and without stored requests says it was not compared', () => {
    const report = { results: [], dialect: { title: 'Claude Code' } } as unknown as Parameters<typeof comparedSummary>[1];
    assert.strictEqual(comparedSummary({ loosened: 0, tightened: 0 }, report), 'changed, not compared: no stored requests, no witness search for Claude Code');
    assert.strictEqual(comparedSummary({ loosened: 1, tightened: 0 }, report), '1 decision flipped (1 newly allowed)');
  });
});
