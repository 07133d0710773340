import { strict as assert } from 'assert';
import type { Decision } from '../../../shared/model';
import { bashPattern } from '../../../shared/dialects/claude/bash-pattern';
import { translateFromLastMatch, type LastMatchRule } from '../../../shared/dialects/claude/translate';

const r = (action: string, pattern: string, decision: Decision): LastMatchRule => ({ action, pattern: bashPattern(pattern === '*' ? null : pattern), decision });

describe('claude: translating last-match sets into tiers', () => {
  it('a leading catch-all that restates the fallback is dropped; the rest is equivalent', () => {
    const t = translateFromLastMatch([r('bash', '*', 'ask'), r('bash', 'git *', 'allow'), r('bash', 'git push *', 'deny')]);
    assert.equal(t.equivalent, true);
    assert.deepEqual(t.differences, []);
    assert.deepEqual(t.rules.map((x) => [x.claude, x.decision]), [['Bash(git *)', 'allow'], ['Bash(git push *)', 'deny']]);
    assert.equal(t.dropped[0].from, 0);
  });

  it('an exception carved out of a broad deny has no tiered equivalent: named with a witness', () => {
    const t = translateFromLastMatch([r('bash', 'rm *', 'deny'), r('bash', 'rm -i *', 'allow')]);
    assert.equal(t.equivalent, false);
    assert.equal(t.differences.length, 1);
    const [d] = t.differences;
    assert.equal(d.lastMatch, 'allow');
    assert.equal(d.tiered, 'deny');
    assert.match(d.witness, /^rm -i/);
    assert.equal(d.lastMatchRule, 1);
    assert.equal(t.rules[d.tieredRule!].decision, 'deny');
  });

  it('rules covered by later rules are dropped as never deciding', () => {
    const t = translateFromLastMatch([r('bash', 'npm test', 'allow'), r('bash', 'npm *', 'ask')]);
    assert.equal(t.equivalent, true);
    assert.deepEqual(t.dropped.map((d) => d.from), [0, 1]);
    assert.equal(t.rules.length, 0);
  });

  it('actions are kept apart; a wildcard action reaches them all', () => {
    const t = translateFromLastMatch([r('*', '*', 'allow'), r('edit', 'secrets/*', 'deny')]);
    assert.equal(t.equivalent, true);
    const d = translateFromLastMatch([r('edit', '*', 'deny'), r('*', 'docs/*', 'allow')]);
    assert.equal(d.equivalent, false);
    assert.ok(d.differences.every((x) => x.action === 'edit' && x.lastMatch === 'allow' && x.tiered === 'deny'));
  });

  it('the fallback is a parameter', () => {
    assert.equal(translateFromLastMatch([r('bash', '*', 'deny'), r('bash', 'ls *', 'allow')], { fallback: 'deny' }).equivalent, true);
    assert.equal(translateFromLastMatch([r('bash', '*', 'deny'), r('bash', 'ls *', 'allow')]).equivalent, false);
  });
});
