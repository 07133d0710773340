import { strict as assert } from 'assert';
import { decisionLine, evaluateBoundsRules, judgeStep } from '../../../shared/dialects/bounds-rules';
import { renderTraceText } from '../../../shared/trace/render';
import { at, proposal, rulesOf, SEND_AFTER_UNTRUSTED, step } from './helpers';

describe('bounds-rules: evaluation', () => {
  const rs = rulesOf([SEND_AFTER_UNTRUSTED]);

  it('PATH_DENIED names the tainting step and the rule; the refusal line has the seed form', () => {
    const v = judgeStep(rs.rules, [step(1)], proposal());
    assert.equal(v.decision, 'deny');
    assert.equal(v.native, 'DENY');
    assert.equal(v.code, 'PATH_DENIED');
    assert.equal(v.rule?.id, 'no-send-after-untrusted-read');
    assert.equal(v.details.tainted_by, 1);
    assert.equal(decisionLine(2, proposal(), v), '#2 DENY mail.send partner@example.com (PATH_DENIED by step #1 under no-send-after-untrusted-read)');
  });
  it('ALLOW line', () => {
    const v = judgeStep(rs.rules, [step(3, { action: 'file.read', subject: 'src/app.ts', trust: 'internal' })], proposal());
    assert.equal(v.native, 'ALLOW');
    assert.equal(v.code, null);
    assert.equal(v.details.tainted_by, null);
    assert.equal(decisionLine(4, proposal(), v), '#4 ALLOW mail.send partner@example.com (ALLOW)');
  });
  it('window edges: exactly N minutes is inside, one millisecond more is outside', () => {
    assert.equal(judgeStep(rs.rules, [step(1)], proposal({ at: at(30) })).code, 'PATH_DENIED');
    assert.equal(judgeStep(rs.rules, [step(1)], proposal({ at: at(30 + 1 / 60_000) })).native, 'ALLOW');
    assert.equal(judgeStep(rs.rules, [step(1)], proposal({ at: at(31) })).native, 'ALLOW');
    const zero = rulesOf([{ ...SEND_AFTER_UNTRUSTED, if_path: { trust: 'untrusted', within_minutes: 0 } }]);
    assert.equal(judgeStep(zero.rules, [step(1)], proposal({ at: at(0) })).code, 'PATH_DENIED');
    assert.equal(judgeStep(zero.rules, [step(1)], proposal({ at: at(0.5) })).native, 'ALLOW');
  });
  it('without within_minutes a taint lasts the whole task', () => {
    const open = rulesOf([{ ...SEND_AFTER_UNTRUSTED, if_path: { trust: 'untrusted', capability: 'read' } }]);
    assert.equal(judgeStep(open.rules, [step(1)], proposal({ at: at(60 * 24 * 365) })).code, 'PATH_DENIED');
  });
  it('a missing time is assumed inside the window, and the trace says so', () => {
    const v = judgeStep(rs.rules, [step(1, { at: undefined })], proposal());
    assert.equal(v.code, 'PATH_DENIED');
    assert.ok(v.trace.notes.some((n) => /time unknown.*fail closed/.test(n)));
  });
  it('the most recent matching step taints, not the first', () => {
    const v = judgeStep(rs.rules, [step(1), step(2, { trust: 'internal' }), step(3, { at: at(1) }), step(4, { capability: 'write' })], proposal());
    assert.equal(v.details.tainted_by, 3);
  });
  it('if_path subject, capability and same_arguments', () => {
    const r = rulesOf([{ id: 'no-repeat-web-extract', deny: { capabilities: ['read'] }, if_path: { capability: 'read', subject: 'web_extract', same_arguments: true, within_minutes: 30 } }]);
    const h = [step(1, { subject: 'web_extract', args_hash: 'a' })];
    assert.equal(judgeStep(r.rules, h, proposal({ capability: 'read', subject: 'web_extract', args_hash: 'a' })).code, 'PATH_DENIED');
    assert.equal(judgeStep(r.rules, h, proposal({ capability: 'read', subject: 'web_extract', args_hash: 'b' })).native, 'ALLOW');
    const noHash = judgeStep(r.rules, h, proposal({ capability: 'read', subject: 'web_extract' }));
    assert.equal(noHash.native, 'ALLOW');
    assert.ok(noHash.trace.notes.some((n) => /same_arguments needs/.test(n)));
    assert.equal(judgeStep(r.rules, [step(1, { subject: 'other', args_hash: 'a' })], proposal({ capability: 'read', subject: 'web_extract', args_hash: 'a' })).native, 'ALLOW');
  });
  it('STEP_LIMIT at the ceiling, tainted_by = len(H)', () => {
    const r = rulesOf([{ id: 'task-step-ceiling', deny: { all: true }, max_steps: 3 }]);
    const h = [step(1, { trust: 'internal' }), step(2, { trust: 'internal' })];
    assert.equal(judgeStep(r.rules, h, proposal()).native, 'ALLOW');
    const v = judgeStep(r.rules, [...h, step(3, { trust: 'internal' })], proposal());
    assert.equal(v.code, 'STEP_LIMIT');
    assert.equal(v.details.tainted_by, 3);
    assert.equal(judgeStep(r.rules, [...h, step(3), step(4)], proposal()).details.tainted_by, 4);
  });
  it('REPEAT_LIMIT counts same subject + args_hash; tainted_by is the first repeat; skipped without args_hash', () => {
    const r = rulesOf([{ id: 'no-identical-call-twice', deny: { all: true }, max_repeats: 2 }]);
    const call = { subject: 'api', args_hash: 'h', trust: 'internal' as const };
    const h = [step(1, { subject: 'api', args_hash: 'other' }), step(2, call), step(3, { subject: 'x', args_hash: 'h' })];
    assert.equal(judgeStep(r.rules, h, proposal(call)).native, 'ALLOW');
    const v = judgeStep(r.rules, [...h, step(4, call)], proposal(call));
    assert.equal(v.code, 'REPEAT_LIMIT');
    assert.equal(v.details.tainted_by, 2);
    const skipped = judgeStep(r.rules, [...h, step(4, call), step(5, call)], proposal({ subject: 'api' }));
    assert.equal(skipped.native, 'ALLOW');
    assert.ok(skipped.trace.notes.some((n) => /no args_hash.*max_repeats skipped/.test(n)));
  });
  it('capability filter: a rule only judges capabilities it denies', () => {
    const r = rulesOf([{ id: 'c', deny: { capability: 'write' }, max_steps: 1 }]);
    assert.equal(judgeStep(r.rules, [step(1)], proposal()).native, 'ALLOW');
    assert.equal(judgeStep(r.rules, [step(1)], proposal({ capability: 'write' })).code, 'STEP_LIMIT');
  });
  it('first match in file order wins; checks run steps → repeats → path within a rule', () => {
    const r = rulesOf([
      { id: 'first', deny: { capabilities: ['send'] }, max_steps: 2, if_path: { trust: 'untrusted' } },
      { id: 'second', deny: { all: true }, max_steps: 1 },
    ]);
    const v1 = judgeStep(r.rules, [step(1)], proposal());
    assert.equal(v1.rule?.id, 'first');
    assert.equal(v1.code, 'PATH_DENIED');
    const v2 = judgeStep(r.rules, [step(1), step(2)], proposal());
    assert.equal(v2.code, 'STEP_LIMIT');
    assert.equal(v2.rule?.id, 'first');
    assert.equal(judgeStep(r.rules, [step(1, { trust: 'internal' })], proposal()).rule?.id, 'second');
  });
  it('tasks are isolated: steps of other tasks are invisible', () => {
    const v = judgeStep(rs.rules, [step(1, { task: 'job-9' })], proposal());
    assert.equal(v.native, 'ALLOW');
    assert.ok(v.trace.notes.some((n) => /1 history step of other tasks ignored/.test(n)));
    const ceiling = rulesOf([{ id: 'c', deny: { all: true }, max_steps: 1 }]);
    assert.equal(judgeStep(ceiling.rules, [step(1, { task: 'other' }), step(2, { task: 'other' })], proposal()).native, 'ALLOW');
  });
  it('trace: a section per rule considered and a history section with per-step matches', () => {
    const r = rulesOf([{ id: 'writes', deny: { capability: 'write' }, max_steps: 5 }, SEND_AFTER_UNTRUSTED, { id: 'never-reached', deny: { all: true }, max_steps: 1 }]);
    const v = judgeStep(r.rules, [step(1, { trust: 'internal' }), step(2)], proposal());
    const kinds = v.trace.sections.map((s) => `${s.kind}:${s.subject}`);
    assert.deepEqual(kinds, ['rule:writes', 'rule:no-send-after-untrusted-read', 'history:task job-1']);
    assert.deepEqual(v.trace.sections[0].rows[0].matches, [false, null, null, null]);
    assert.deepEqual(v.trace.sections[1].rows[0].matches, [true, null, null, true]);
    const hist = v.trace.sections[2];
    assert.deepEqual(hist.columns, ['if_path of no-send-after-untrusted-read']);
    assert.deepEqual(hist.rows.map((x) => x.matches[0]), [false, true]);
    assert.match(hist.branch, /step #2 taints/);
    assert.match(renderTraceText(v), /PATH_DENIED/);
  });
  it('stored requests number their history 1..n', () => {
    const v = evaluateBoundsRules(rs, { history: [step(7, { trust: 'internal' }), step(9)], proposal: proposal() });
    assert.equal(v.details.tainted_by, 2);
  });
});
