import { strict as assert } from 'assert';
import { matches } from '../../../shared/patterns/wildcard';
import { compileOmp, ompPattern } from '../../../shared/dialects/omp/pattern';
import { bashDecision, selectRule } from '../../../shared/dialects/omp/decide';
import { rules } from './helpers';

describe('omp matcher', () => {
  it('is anchored, case-sensitive, with * as the only wildcard', () => {
    assert.ok(matches(compileOmp('git push *'), 'git push origin main'));
    assert.ok(!matches(compileOmp('git push *'), 'git push'));
    assert.ok(!matches(compileOmp('git push'), 'git push origin'));
    assert.ok(!matches(compileOmp('Git *'), 'git x'));
    assert.ok(matches(compileOmp('ls a?'), 'ls a?'));
    assert.ok(!matches(compileOmp('ls a?'), 'ls ab'));
    assert.ok(matches(compileOmp('cat *'), 'cat /etc/x y'));
  });
  it('normalizes whitespace in the pattern', () => {
    assert.equal(ompPattern('  git \t\n push   * ').source, 'git push *');
    assert.ok(ompPattern('a?*').alts[0].every((a) => a.t !== 'one'));
  });
});

describe('omp rule selection', () => {
  it('collapses whitespace in the command for the whole-command match', () => {
    const rs = rules([['git status', 'allow']]);
    assert.equal(selectRule(rs.rules, '  git \t status ').selected?.index, 0);
  });
  it('selects the first applicable rule, not the first textual match', () => {
    const rs = rules([['printf *', 'allow'], ['printf closed', 'deny']]);
    const sel = selectRule(rs.rules, 'printf seed-card && printf closed');
    assert.equal(sel.selected?.index, 1);
    assert.equal(sel.rows[0].note, 'allow skipped: the command has active shell control `&&`');
    assert.equal(sel.rows[1].note, 'deny: matched segment `printf closed`');
  });
  it('lets deny and prompt rules match a segment with quotes removed', () => {
    const rs = rules([['rm x y', 'prompt']]);
    assert.equal(selectRule(rs.rules, `rm "x y"`).selected?.index, 0);
    assert.equal(selectRule(rs.rules, 'ls && rm  x   y').selected?.index, 0);
  });
  it('never applies an allow through shell control, but applies it to quoted literals', () => {
    const rs = rules([['printf *', 'allow']]);
    assert.equal(selectRule(rs.rules, `printf 'a;b'`).selected?.index, 0);
    assert.equal(selectRule(rs.rules, 'printf "$HOME"').selected, null);
    assert.equal(selectRule(rs.rules, 'printf x > f').selected, null);
  });
  it('does not match an allow against segments', () => {
    const rs = rules([['ls', 'allow']]);
    assert.equal(selectRule(rs.rules, 'ls; ls').selected, null);
  });
  it('lists only the rules tried, up to the selected one', () => {
    const rs = rules([['a', 'deny'], ['b *', 'prompt'], ['*', 'deny']]);
    const sel = selectRule(rs.rules, 'b x');
    assert.deepEqual(sel.rows.map((r) => r.rule), [0, 1]);
    assert.deepEqual(sel.rows[0].matches, [false, false, null]);
  });
});

describe('omp bash decision order', () => {
  const rs = rules([['chmod *', 'prompt'], ['rm *', 'deny'], ['ls *', 'allow']]);
  it('a selected deny comes before the critical check', () => {
    const d = bashDecision(rs.rules[1], 'rm -rf /srv');
    assert.deepEqual([d.policy, d.override, d.reason], ['deny', false, 'Blocked by bash pattern: rm *']);
  });
  it('the critical check overtakes a selected prompt or allow: override, exec, no policy', () => {
    const d = bashDecision(rs.rules[0], 'chmod -R 700 /x');
    assert.deepEqual([d.policy, d.tier, d.override, d.reason], [null, 'exec', true, 'Critical pattern detected']);
    assert.equal(bashDecision(rs.rules[2], 'ls; reboot').step, 'critical');
  });
  it('then allow (tier write), prompt, or plain exec', () => {
    assert.deepEqual([bashDecision(rs.rules[2], 'ls x').policy, bashDecision(rs.rules[2], 'ls x').tier], ['allow', 'write']);
    assert.equal(bashDecision(rs.rules[0], 'chmod 600 f').reason, 'Prompt required by bash pattern: chmod *');
    assert.deepEqual([bashDecision(null, 'make').policy, bashDecision(null, 'make').tier], [null, 'exec']);
  });
});
