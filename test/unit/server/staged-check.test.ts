import * as assert from 'assert';
import * as fs from 'fs';
import { fileExists, readText } from '../../../shared/host/node-fs';
import { createLanguageService, type LanguageService, type StageResult, type StagedCheck } from '../../../server/service/language-service';
import { EARLIER_NOTE } from '../../../server/service/hover';
import { CHECKING, EARLIER_FLIPS } from '../../../server/service/flips';
import { EARLIER } from '../../../server/service/code-lens';
import { open, posOf, tempExample, withRule } from './helpers';

const APPEND_ALLOW = '{ "action": "edit", "resource": "*", "effect": "allow" }';

/** A service as the server makes it (answers from finished stages), or as plain callers do; the git base is the example's own text. */
function services(base: string): { staged: LanguageService; plain: LanguageService } {
  const host = (staged: boolean) => ({ readFile: readText, exists: fileExists, ctx: { home: '/home/test' }, docsBase: 'https://rulelens.dev/docs/lints/', baseText: () => ({ text: base }), staged });
  return { staged: createLanguageService(host(true)), plain: createLanguageService(host(false)) };
}

/** Every stage result of a check, run to its end, with the number of pauses between them. */
function runAll(check: StagedCheck): { results: StageResult[]; pauses: number } {
  const results: StageResult[] = [];
  let pauses = 0;
  for (const v of check.stages) {
    if (v) results.push(v);
    else pauses++;
  }
  return { results, pauses };
}

/** The diagnostics a check published last for each document. */
function lastPublished(results: StageResult[]): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const r of results) for (const p of r.publish) out.set(p.uri, p.diagnostics);
  return out;
}

describe('language service: the staged check the server runs', () => {
  it('finishes the parse first, then the stored requests, then the lints and the change impact', () => {
    const ex = tempExample();
    const original = fs.readFileSync(ex.rules, 'utf8');
    const { staged } = services(original);
    const ruleUri = open(staged, ex.rules, withRule(original, APPEND_ALLOW), 2);
    const { results, pauses } = runAll(staged.check(ruleUri)!);
    assert.deepStrictEqual(results.map((r) => r.stage).slice(0, 2), ['parse', 'requests']);
    assert.deepStrictEqual(new Set(results.slice(2).map((r) => r.stage)), new Set(['lints', 'impact']));
    assert.ok(pauses > 0, 'the stages pause between steps');
    // The parse stage publishes the rule file alone; the requests and impact stages the requests file.
    assert.deepStrictEqual(results[0].publish.map((p) => p.uri), [ruleUri]);
    assert.deepStrictEqual(results[1].publish.map((p) => p.uri), [ex.requestsUri]);
    assert.strictEqual(results[1].status?.checking, 'checking…');
    assert.ok(results.find((r) => r.stage === 'impact')?.lenses);
  });

  it('ends with exactly the diagnostics a check run at once publishes', () => {
    const ex = tempExample();
    const original = fs.readFileSync(ex.rules, 'utf8');
    const { staged, plain } = services(original);
    const text = withRule(original, APPEND_ALLOW);
    const ruleUri = open(staged, ex.rules, text, 2);
    open(plain, ex.rules, text, 2);
    const published = lastPublished(runAll(staged.check(ruleUri)!).results);
    const expected = plain.validate(ruleUri).publish;
    assert.deepStrictEqual([...published.keys()].sort(), expected.map((p) => p.uri).sort());
    for (const p of expected) assert.deepStrictEqual(published.get(p.uri), p.diagnostics, p.uri);
    assert.ok(expected[1].diagnostics.some((d) => d.code === 'decision-flip'), 'the flips against the base are among them');
  });

  it('publishes a half-typed version\'s schema error with its parse, before anything else runs', () => {
    const ex = tempExample();
    const original = fs.readFileSync(ex.rules, 'utf8');
    const { staged } = services(original);
    const ruleUri = open(staged, ex.rules, original.replace('"effect": "deny"', '"effect": "de'), 2);
    const first = staged.check(ruleUri)!.stages.next().value as StageResult;
    assert.strictEqual(first.stage, 'parse');
    assert.ok(first.publish[0].diagnostics.some((d) => d.code === 'schema'));
  });

  it('answers hovers and lenses at once from the last finished check while a newer version is checked, and says so', () => {
    const ex = tempExample();
    const original = fs.readFileSync(ex.rules, 'utf8');
    const { staged } = services(original);
    const ruleUri = open(staged, ex.rules, original, 1);
    runAll(staged.check(ruleUri)!);
    const edited = withRule(original, APPEND_ALLOW);
    open(staged, ex.rules, edited, 2);
    // The new version is parsed; its stored requests have not run.
    const check = staged.check(ruleUri)!;
    check.stages.next();
    const hover = staged.doHover(ruleUri, posOf(edited, 'secrets/*'));
    const text = (hover?.contents as { value: string }).value;
    assert.match(text, /\*\*Rule 3\*\*/);
    assert.ok(text.endsWith(EARLIER_NOTE), text);
    assert.deepStrictEqual(hover?.range?.start, { line: 5, character: 4 }, 'the rule\'s place in the current text (the comma added after it is outside it)');
    const lenses = staged.codeLenses(ruleUri).map((l) => l.command?.title);
    assert.ok(lenses[0]?.endsWith(EARLIER), lenses[0]);
    for (const _ of check.stages);
    const after = (staged.doHover(ruleUri, posOf(edited, 'secrets/*'))?.contents as { value: string }).value;
    assert.ok(!after.includes(EARLIER_NOTE));
  });

  it('shows the vs-HEAD lens as checking until the change impact of the version is done', () => {
    const ex = tempExample();
    const original = fs.readFileSync(ex.rules, 'utf8');
    const { staged } = services(original);
    const ruleUri = open(staged, ex.rules, withRule(original, APPEND_ALLOW), 2);
    const check = staged.check(ruleUri)!;
    let v = check.stages.next();
    while (!v.done && (v.value as StageResult | undefined)?.stage !== 'requests') v = check.stages.next();
    const vsHead = () => staged.codeLenses(ruleUri).map((l) => l.command?.title ?? '').filter((t) => t.startsWith('vs HEAD'));
    assert.deepStrictEqual(vsHead(), [`vs HEAD: ${CHECKING}`]);
    for (const _ of check.stages);
    assert.deepStrictEqual(vsHead(), ['vs HEAD: 4 decisions flipped (4 newly allowed)']);
    // The next edit's lens keeps the earlier flips, marked, until its own search is done.
    open(staged, ex.rules, withRule(withRule(original, APPEND_ALLOW), '{ "action": "read", "resource": "*", "effect": "deny" }'), 3);
    const next = staged.check(ruleUri)!;
    let w = next.stages.next();
    while (!w.done && (w.value as StageResult | undefined)?.stage !== 'requests') w = next.stages.next();
    assert.deepStrictEqual(vsHead(), [`vs HEAD: 4 decisions flipped (4 newly allowed) · ${EARLIER_FLIPS}`]);
  });

  it('keeps the earlier lints on the lines an edit did not touch until the new ones are done', () => {
    const ex = tempExample();
    const original = fs.readFileSync(ex.rules, 'utf8');
    const { staged } = services(original);
    // Rule 2 then always loses to a later `edit * deny`: a dead-rule finding the analysis proves.
    const dead = withRule(original, '{ "action": "edit", "resource": "*", "effect": "deny" }');
    const ruleUri = open(staged, ex.rules, dead, 1);
    const first = lastPublished(runAll(staged.check(ruleUri)!).results).get(ruleUri) as Array<{ code: string; range: { start: { line: number } } }>;
    const lints = first.filter((d) => d.code !== 'schema');
    assert.ok(lints.length > 0);
    // An edit at the end of the file, below every finding: the parse stage carries them over as they were.
    open(staged, ex.rules, `${dead}\n`, 2);
    const parse = staged.check(ruleUri)!.stages.next().value as StageResult;
    const carried = parse.publish[0].diagnostics.filter((d) => d.code !== 'schema');
    assert.deepStrictEqual(carried.map((d) => [d.code, d.range]), lints.map((d) => [d.code, d.range]));
    assert.ok(carried.every((d) => (d.data as { carried?: boolean }).carried), 'carried findings lend no quick-fix payload');
  });
});
