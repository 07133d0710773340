import { strict as assert } from 'assert';
import { judgeStep, lintBoundsRules, parseBoundsRules } from '../../../shared/dialects/bounds-rules';
import { rangeOfText, rulesOf, SEND_AFTER_UNTRUSTED } from './helpers';

function lint(rules: unknown[]) {
  return lintBoundsRules(rulesOf(rules));
}

describe('bounds-rules: lints', () => {
  it('unwindowed-taint: warning on if_path with the exact insertion for "within_minutes": 30', () => {
    const text = '{ "version": 1, "rules": [ { "id": "r", "deny": {"capability": "send"}, "if_path": {"trust": "untrusted"} } ] }';
    const rs = parseBoundsRules({ path: 'rules.json', text });
    const [f] = lintBoundsRules(rs);
    assert.equal(f.code, 'unwindowed-taint');
    assert.equal(f.severity, 'warning');
    assert.deepEqual(f.range, rangeOfText(text, '{"trust": "untrusted"}'));
    const offset = text.indexOf('"untrusted"') + '"untrusted"'.length;
    assert.equal(f.data?.insertOffset, offset);
    assert.equal(f.data?.insertText, ', "within_minutes": 30');
    const fixed = text.slice(0, offset) + f.data?.insertText + text.slice(offset);
    assert.deepEqual(lintBoundsRules(parseBoundsRules({ path: 'rules.json', text: fixed })), []);
    assert.equal(parseBoundsRules({ path: 'rules.json', text: fixed }).rules[0].ifPath?.withinMinutes, 30);
  });
  it('unwindowed-taint on an empty if_path inserts without a comma', () => {
    const text = '{ "version": 1, "rules": [ { "id": "r", "deny": {"all": true}, "if_path": {} } ] }';
    const [f] = lintBoundsRules(parseBoundsRules({ path: 'rules.json', text }));
    assert.equal(f.data?.insertOffset, text.indexOf('{}') + 1);
    assert.equal(f.data?.insertText, '"within_minutes": 30');
  });
  it('no unwindowed-taint when a window is set, or for ceilings', () => {
    assert.deepEqual(lint([SEND_AFTER_UNTRUSTED, { id: 'c', deny: { all: true }, max_steps: 10 }]), []);
  });
  it('duplicate-id: information on the later id, related to the first', () => {
    const text = JSON.stringify({ version: 1, rules: [SEND_AFTER_UNTRUSTED, { ...SEND_AFTER_UNTRUSTED, deny: { capability: 'spend' } }] });
    const fs = lintBoundsRules(parseBoundsRules({ path: 'rules.json', text }));
    assert.equal(fs.length, 1);
    assert.equal(fs[0].code, 'duplicate-id');
    assert.equal(fs[0].severity, 'information');
    assert.deepEqual(fs[0].range, rangeOfText(text, '"no-send-after-untrusted-read"', 1));
    assert.deepEqual(fs[0].related?.[0].range, rangeOfText(text, '"no-send-after-untrusted-read"', 0));
  });
  it('shadowed-deny: a broader earlier rule with a wider window fires whenever the later one would', () => {
    const rs = rulesOf([
      { id: 'wide', deny: { capabilities: ['send', 'write'] }, if_path: { trust: 'untrusted', within_minutes: 60 } },
      { id: 'narrow', deny: { capability: 'send' }, if_path: { trust: 'untrusted', capability: 'read', within_minutes: 30 } },
    ]);
    const fs = lintBoundsRules(rs).filter((f) => f.code === 'shadowed-deny');
    assert.equal(fs.length, 1);
    assert.match(fs[0].message, /"narrow" is never the rule reported.*rule 1 \(wide\)/);
    assert.equal(fs[0].unnecessary, true);
    assert.deepEqual(fs[0].range, rs.rules[1].range);
    const w = JSON.parse(fs[0].witness!);
    const steps = w.history.map((s: object, i: number) => ({ ...s, step: i + 1 }));
    assert.equal(judgeStep([rs.rules[1]], steps, w.proposal).native, 'DENY');
    assert.equal(judgeStep(rs.rules, steps, w.proposal).rule?.id, 'wide');
  });
  it('shadowed-deny: ceilings — a lower step ceiling covers a higher one and any repeat ceiling at or above it', () => {
    const rs = rulesOf([
      { id: 'steps-10', deny: { all: true }, max_steps: 10 },
      { id: 'steps-20', deny: { capability: 'send' }, max_steps: 20 },
      { id: 'repeats-12', deny: { capability: 'read' }, max_repeats: 12 },
      { id: 'repeats-3', deny: { capability: 'read' }, max_repeats: 3 },
    ]);
    const ids = lintBoundsRules(rs).filter((f) => f.code === 'shadowed-deny').map((f) => rs.rules[f.data!.rule as number].id);
    assert.deepEqual(ids, ['steps-20', 'repeats-12']);
  });
  it('shadowed-deny: coverage per capability by several earlier rules', () => {
    const rs = rulesOf([
      { id: 'a', deny: { capability: 'send' }, max_steps: 1 },
      { id: 'b', deny: { capability: 'write' }, if_path: {} },
      { id: 'c', deny: { capabilities: ['send', 'write'] }, if_path: { trust: 'unknown', within_minutes: 5 } },
    ]);
    const fs = lintBoundsRules(rs).filter((f) => f.code === 'shadowed-deny');
    assert.equal(fs.length, 1);
    assert.equal(fs[0].related?.length, 2);
  });
  it('shadowed-deny is not claimed when not provable', () => {
    const cases: unknown[][] = [
      // The earlier rule denies fewer capabilities.
      [{ id: 'a', deny: { capability: 'send' }, if_path: { trust: 'untrusted' } }, { id: 'b', deny: { capabilities: ['send', 'write'] }, if_path: { trust: 'untrusted' } }],
      // A narrower window cannot cover a wider one, nor a windowed rule an unwindowed one.
      [{ id: 'a', deny: { capability: 'send' }, if_path: { trust: 'untrusted', within_minutes: 10 } }, { id: 'b', deny: { capability: 'send' }, if_path: { trust: 'untrusted', within_minutes: 30 } }],
      [{ id: 'a', deny: { capability: 'send' }, if_path: { trust: 'untrusted', within_minutes: 10 } }, { id: 'b', deny: { capability: 'send' }, if_path: { trust: 'untrusted' } }],
      // A more specific condition (subject, same_arguments) cannot cover a general one.
      [{ id: 'a', deny: { capability: 'send' }, if_path: { subject: 'x' } }, { id: 'b', deny: { capability: 'send' }, if_path: {} }],
      [{ id: 'a', deny: { capability: 'send' }, if_path: { same_arguments: true } }, { id: 'b', deny: { capability: 'send' }, if_path: {} }],
      // One check of the later rule is not covered.
      [{ id: 'a', deny: { all: true }, max_steps: 5 }, { id: 'b', deny: { capability: 'send' }, max_steps: 10, if_path: { trust: 'untrusted' } }],
      // A repeat ceiling cannot cover a step ceiling.
      [{ id: 'a', deny: { all: true }, max_repeats: 1 }, { id: 'b', deny: { all: true }, max_steps: 5 }],
      // Order matters: the broad rule comes later.
      [{ id: 'narrow', deny: { capability: 'send' }, if_path: { trust: 'untrusted', within_minutes: 30 } }, { id: 'wide', deny: { all: true }, if_path: { within_minutes: 60 } }],
    ];
    for (const c of cases) assert.deepEqual(lint(c).filter((f) => f.code === 'shadowed-deny'), [], JSON.stringify(c));
  });
});
