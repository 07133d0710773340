import { strict as assert } from 'assert';
import { parseAmp } from '../../../shared/dialects/amp';
import { ampWitnesses } from '../../../shared/dialects/amp/witnesses';

/** Amp's change impact: flips confirmed by the evaluator, hostile patterns reported, not filled. */
const WS = '/work/p/.amp/settings.json';
const ctx = { home: '/home/u', root: '/work/p' };
const file = (cmd: string, action: string) =>
  parseAmp({ path: WS, text: JSON.stringify({ 'amp.permissions': [{ tool: 'Bash', matches: { cmd }, action }, { tool: 'Bash', action: 'ask' }] }) });

describe('amp: change impact', () => {
  it('finds the command a changed entry now rejects, confirmed under both versions', () => {
    const r = ampWitnesses.flips(file('git push *', 'allow'), file('git push *', 'reject'), [], { ctx });
    const flip = r.flips.find((f) => f.before === 'allow' && f.after === 'deny');
    assert.ok(flip, JSON.stringify(r.flips.map((f) => [f.request, f.before, f.after])));
    assert.deepEqual(r.unsearched ?? [], []);
  });

  it('does not fill a pattern of more than 16 wildcards, and says which one was not searched', () => {
    const hostile = '*a'.repeat(200);
    const r = ampWitnesses.flips(file(hostile, 'allow'), file(hostile, 'reject'), [], { ctx });
    assert.ok((r.unsearched ?? []).some((u) => u.includes('200 wildcards')), JSON.stringify(r.unsearched));
    assert.equal(r.unsearched?.length, 1, 'one line for the pattern in both versions');
  });
});
