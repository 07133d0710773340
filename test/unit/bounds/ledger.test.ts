import { strict as assert } from 'assert';
import { appendEntry, entryLine, explainEntry, judgeNext, nextStepNumber, parseLedger, replayLedger, suggestCeilings, type Ledger } from '../../../shared/dialects/bounds-rules/ledger';
import { profileText, parseBoundsRules, type Step } from '../../../shared/dialects/bounds-rules';
import { at, rulesOf, SEND_AFTER_UNTRUSTED } from './helpers';

const balanced = parseBoundsRules({ path: 'rules.json', text: profileText('balanced') });
const strict = parseBoundsRules({ path: 'rules.json', text: profileText('strict') });

function log(ledger: Ledger, steps: Step[], rules = balanced): Ledger {
  let l = ledger;
  for (const s of steps) l = appendEntry(l, judgeNext(l, { rules }, s).entry);
  return l;
}

const SEED: Step[] = [
  { action: 'web.read', subject: 'docs.example', task: 'job-1', trust: 'untrusted', capability: 'read', at: at(0) },
  { action: 'mail.send', subject: 'partner@example.com', task: 'job-1', capability: 'send', at: at(1) },
  { action: 'file.read', subject: 'src/app.ts', task: 'job-2', trust: 'internal', capability: 'read', at: at(2) },
  { action: 'mail.send', subject: 'partner@example.com', task: 'job-2', capability: 'send', at: at(3) },
];

describe('ledger', () => {
  it('judges each step against its own task, numbering steps across the ledger', () => {
    const l = log(parseLedger(''), SEED);
    assert.deepEqual(l.entries.map((x) => [x.entry.step, x.entry.verdict, x.entry.code, x.entry.tainted_by]), [
      [1, 'ALLOW', null, null],
      [2, 'DENY', 'PATH_DENIED', 1],
      [3, 'ALLOW', null, null],
      [4, 'ALLOW', null, null],
    ]);
    assert.ok(l.entries.every((x) => x.entry.digest === balanced.digest));
  });
  it('round-trips through JSONL', () => {
    const l = log(parseLedger(''), SEED);
    const back = parseLedger(l.entries.map((x) => entryLine(x.entry)).join('\n') + '\n');
    assert.deepEqual(back.findings, []);
    assert.deepEqual(back.entries.map((x) => x.entry), l.entries.map((x) => x.entry));
  });
  it('a corrupt line is a finding with its line number and is skipped; numbering never reuses it', () => {
    const good = log(parseLedger(''), SEED.slice(0, 2)).entries.map((x) => entryLine(x.entry));
    const text = [good[0], '{"step": 2, "task": ', '', good[1].replace('"verdict":"DENY"', '"verdict":"MAYBE"'), good[1].replace('"step":2', '"step":7'), good[0]].join('\n');
    const l = parseLedger(text);
    assert.deepEqual(l.entries.map((x) => [x.line, x.entry.step]), [[1, 1], [5, 7]]);
    assert.deepEqual(l.findings.map((f) => f.range.start.line + 1), [2, 4, 6]);
    assert.match(l.findings[0].message, /^line 2: invalid JSON.*line skipped$/);
    assert.match(l.findings[1].message, /^line 4: "verdict" must be "ALLOW" or "DENY"/);
    assert.match(l.findings[2].message, /^line 6: step #1 is already recorded on line 1/);
    assert.equal(nextStepNumber(l), 8);
  });
  it('replay lists flips under candidate rules with the history before each entry', () => {
    const steps: Step[] = [
      { action: 'web.read', subject: 'x', task: 't', trust: 'untrusted', capability: 'read', at: at(0) },
      { action: 'file.write', subject: 'src/a', task: 't', capability: 'write', at: at(10) },
      { action: 'shell', subject: 'make', task: 't', capability: 'execute', at: at(40) },
      { action: 'file.write', subject: 'src/b', task: 'u', capability: 'write', at: at(10) },
    ];
    const l = log(parseLedger(''), steps);
    const r = replayLedger(l.entries, strict.rules);
    assert.equal(r.newlyDenied, 1);
    assert.equal(r.newlyAllowed, 0);
    assert.deepEqual(r.flips.map((f) => [f.step, f.after.code, f.after.tainted_by]), [[2, 'PATH_DENIED', 1]]);
    assert.equal(replayLedger(log(parseLedger(''), steps, strict).entries, balanced.rules).newlyAllowed, 1);
  });
  it('replay keeps scope refusals: paths.json is checked before the rules', () => {
    const l = parseLedger(entryLine({ step: 1, task: 't', action: 'file.read', subject: '.env', capability: 'read', verdict: 'DENY', code: 'PATH_SCOPE_DENIED', rule: 'deny read .env', tainted_by: null, digest: 'x' }));
    const r = replayLedger(l.entries, []);
    assert.equal(r.keptByScope, 1);
    assert.equal(r.flips.length, 0);
  });
  it('suggest counts identical calls per task and proposes the tightest ceilings that refuse no recorded step', () => {
    const call = (task: string, h: string): Step => ({ action: 'web.extract', subject: 'web_extract', task, capability: 'read', args_hash: h, at: at(0) });
    const l = log(parseLedger(''), [call('a', 'h1'), call('a', 'h1'), call('a', 'h1'), call('b', 'h1'), call('a', 'h2')], rulesOf([]));
    const s = suggestCeilings(l.entries);
    assert.deepEqual(s.repeats[0], { task: 'a', subject: 'web_extract', args_hash: 'h1', count: 3, steps: [1, 2, 3] });
    assert.deepEqual(s.suggestions.map((x) => x.rule), [
      { id: 'identical-call-ceiling', deny: { all: true }, max_repeats: 3 },
      { id: 'task-step-ceiling', deny: { all: true }, max_steps: 4 },
    ]);
    // The suggested rules indeed refuse nothing that was recorded.
    const suggested = rulesOf(s.suggestions.map((x) => x.rule));
    assert.equal(replayLedger(l.entries, suggested.rules).newlyDenied, 0);
    const more = log(l, [call('a', 'h1')], suggested);
    assert.equal(more.entries[5].entry.code, 'REPEAT_LIMIT');
  });
  it('explain gives the tainting step, advice by code and what the current rules decide', () => {
    const l = log(parseLedger(''), SEED);
    const x = explainEntry(l.entries, 2, balanced)!;
    assert.equal(x.headline, '#2 DENY mail.send partner@example.com (PATH_DENIED by step #1 under no-send-after-untrusted-read)');
    assert.equal(x.tainting?.step, 1);
    assert.match(x.advice, /step #1 web.read docs.example.*no-send-after-untrusted-read refuses send for 30 minutes/);
    assert.equal(x.now?.digestChanged, false);
    const loose = rulesOf([{ ...SEND_AFTER_UNTRUSTED, if_path: { trust: 'unknown', within_minutes: 30 } }]);
    assert.match(explainEntry(l.entries, 2, loose)!.now!.headline, /#2 ALLOW/);
    assert.equal(explainEntry(l.entries, 99), undefined);
    const ceiling = rulesOf([{ id: 'c', deny: { all: true }, max_steps: 1 }, { id: 'r', deny: { all: true }, max_repeats: 1 }]);
    const l2 = log(parseLedger(''), [SEED[0], SEED[1]], ceiling);
    assert.match(explainEntry(l2.entries, 2, ceiling)!.advice, /split the work.*raise max_steps/);
    const rep = log(parseLedger(''), [{ ...SEED[0], args_hash: 'h' }, { ...SEED[0], task: 'z', args_hash: 'h' }, { ...SEED[0], task: 'z', args_hash: 'h' }], rulesOf([{ id: 'r', deny: { all: true }, max_repeats: 1 }]));
    assert.match(explainEntry(rep.entries, 3)!.advice, /change the call/);
  });
});
