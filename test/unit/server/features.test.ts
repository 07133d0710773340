import * as assert from 'assert';
import * as fs from 'fs';
import { COMMANDS } from '../../../shared/protocol';
import { open, posOf, service, tempExample, withRule } from './helpers';

const APPEND_ALLOW = '{ "action": "edit", "resource": "*", "effect": "allow" }';

describe('language service: lenses, hovers, symbols, evaluate', () => {
  it('puts a summary and what each rule decides above the rules', () => {
    const ex = tempExample();
    const ls = service();
    const uri = open(ls, ex.rules);
    const titles = ls.codeLenses(uri).map((l) => l.command?.title);
    assert.strictEqual(titles[0], '6 requests: 6 passed, 0 failed');
    assert.strictEqual(titles[1], 'decides D (ask)');
    assert.strictEqual(titles[2], 'decides A (allow)');
    assert.match(titles[3]!, /^decides B \(deny\), C \(deny\)/);
    const lens = ls.codeLenses(uri)[3];
    assert.strictEqual(lens.command?.command, COMMANDS.showTrace);
    assert.deepStrictEqual(lens.command?.arguments, [{ uri, requestName: 'B: a protected path' }]);
  });

  it('puts a verdict above each stored request, ✗ when it fails', () => {
    const ex = tempExample();
    const ls = service();
    open(ls, ex.rules, withRule(fs.readFileSync(ex.rules, 'utf8'), APPEND_ALLOW));
    const titles = ls.codeLenses(ex.requestsUri).map((l) => l.command?.title);
    assert.deepStrictEqual(titles.slice(0, 3), ['6 requests: 2 passed, 4 failed', 'allow — rule 4 ✓', 'allow — rule 4 ✗ expected deny']);
    assert.strictEqual(ls.codeLenses(ex.requestsUri)[2].command?.arguments?.[0].requestName, 'B: a protected path');
  });

  it('counts a rule no stored request reaches in the summary, not with a lens of its own', () => {
    const ex = tempExample();
    const ls = service();
    const uri = open(ls, ex.rules, withRule(fs.readFileSync(ex.rules, 'utf8'), '{ "action": "bash", "resource": "rm *", "effect": "deny" }'));
    const titles = ls.codeLenses(uri).map((l) => l.command?.title);
    assert.strictEqual(titles[0], '6 requests: 6 passed, 0 failed · 1 rule decides none');
    assert.strictEqual(titles.length, 4, titles.join('\n'));
  });

  it('hovers a rule: requests it decides, a witness, and the matching rules that lose', () => {
    const ex = tempExample();
    const ls = service();
    const text = fs.readFileSync(ex.rules, 'utf8');
    const uri = open(ls, ex.rules);
    const md = String((ls.doHover(uri, posOf(text, 'secrets/*'))?.contents as { value: string }).value);
    assert.match(md, /\*\*Rule 3\*\* `edit secrets\/\* deny`/);
    assert.match(md, /\*\*B: a protected path\*\* → deny \(`secrets\/test.env`\)/);
    assert.match(md, /Witness: `edit secrets\//);
    assert.match(md, /rule 1 `edit \* ask` also matches `secrets\/test.env` in \*\*B: a protected path\*\*, \*\*C: a mixed operation\*\*, \*\*two-path patch\*\* — last matching rule decides deny/);
    // Each losing rule once, however many stored requests show it losing.
    const losers = md.split('\n').filter((l) => /^- rule \d+ .* also matches/.test(l)).map((l) => /^- (rule \d+)/.exec(l)![1]);
    assert.deepStrictEqual(losers, [...new Set(losers)]);
    const ask = String((ls.doHover(uri, posOf(text, '"ask"'))?.contents as { value: string }).value);
    assert.match(ask, /Where it matches but another rule controls/);
  });

  it('hovers a stored request: verdict, pass mark and a compact trace', () => {
    const ex = tempExample();
    const ls = service();
    open(ls, ex.rules);
    const reqText = fs.readFileSync(ex.requests, 'utf8');
    const md = String((ls.doHover(ex.requestsUri, posOf(reqText, 'B: a protected'))?.contents as { value: string }).value);
    assert.match(md, /^\*\*B: a protected path\*\* → \*\*deny\*\* ✓ \(expected deny\) — rule 3: edit secrets\/\* deny/);
    assert.match(md, /controlled by rule 3/);
  });

  it('outlines rules and requests', () => {
    const ex = tempExample();
    const ls = service();
    const uri = open(ls, ex.rules);
    assert.deepStrictEqual(ls.documentSymbols(uri).map((s) => s.name), ['1. edit * ask', '2. edit docs/* allow', '3. edit secrets/* deny']);
    assert.strictEqual(ls.documentSymbols(ex.requestsUri)[0].name, 'A: a narrow grant');
  });

  it('evaluates by name and by request object, and names the bad field of an invalid request', () => {
    const ex = tempExample();
    const ls = service();
    open(ls, ex.rules);
    const byName = ls.evaluate({ uri: ex.requestsUri, requestName: 'C: a mixed operation' });
    assert.strictEqual(byName.ok, true);
    assert.strictEqual(byName.verdict?.decision, 'deny');
    assert.match(byName.markdown!, /\| rule \|/);
    assert.strictEqual(byName.rules?.length, 3);
    const byObject = ls.evaluate({ uri: ex.ruleUri, request: { action: 'edit', resources: ['docs/x.md'] } });
    assert.strictEqual(byObject.verdict?.decision, 'allow');
    const bad = ls.evaluate({ uri: ex.ruleUri, request: { action: 'edit', resources: 'docs/x.md' } });
    assert.strictEqual(bad.ok, false);
    assert.match(bad.error!, /"resources" must be an array/);
    assert.strictEqual(ls.evaluate({ uri: ex.ruleUri, requestName: 'nope' }).ok, false);
  });

  it('lists stored requests with results', () => {
    const ex = tempExample();
    const ls = service();
    open(ls, ex.rules);
    const list = ls.listRequests(ex.ruleUri);
    assert.strictEqual(list.dialect, 'opencode');
    assert.strictEqual(list.requestsUri, ex.requestsUri);
    assert.deepStrictEqual(list.requests[1], { name: 'B: a protected path', line: 3, decision: 'deny', native: 'deny', expect: 'deny', pass: true, outcome: 'passed', detail: 'rule 3: edit secrets/* deny' });
  });

  it('completes decisions, actions, request fields and expect words', () => {
    const ex = tempExample();
    const ls = service();
    const text = fs.readFileSync(ex.rules, 'utf8');
    const uri = open(ls, ex.rules);
    const eff = ls.completion(uri, posOf(text, '"ask"', 2)).items.map((i) => i.label);
    assert.deepStrictEqual(eff, ['allow', 'ask', 'deny']);
    const act = ls.completion(uri, posOf(text, '"edit"', 2)).items.map((i) => i.label);
    assert.ok(act.includes('bash') && act.includes('external_directory'));
    const reqText = '{ "requests": [ { "name": "x", "": 1, "expect": "" } ] }';
    const reqUri = open(ls, ex.requests, reqText);
    const keys = ls.completion(reqUri, posOf(reqText, '"": 1', 1)).items.map((i) => i.label);
    assert.ok(['action', 'resources', 'agent', 'saved', 'expect', 'origin'].every((k) => keys.includes(k)), keys.join());
    const words = ls.completion(reqUri, posOf(reqText, '"expect": ""', 11)).items.map((i) => i.label);
    assert.deepStrictEqual(words, ['allow', 'ask', 'deny']);
  });
});
