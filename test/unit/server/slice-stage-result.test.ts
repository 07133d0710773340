import { strict as assert } from 'assert';
import { slice } from '../../../server/handlers/slices';

describe('server slices: a stage result goes out before the next step runs', () => {
  it('returns at the first value yielded, leaving the following step unrun', () => {
    const ran: string[] = [];
    function* stages(): Generator<string | void, void, void> {
      ran.push('parse');
      yield 'parse';
      ran.push('requests');
      yield;
      yield 'requests';
    }
    const work = stages();
    // A slice long enough for every step: it still stops once the parse's result is known.
    const first = slice(work, undefined, 60_000);
    assert.deepEqual(first, { values: ['parse'], done: false });
    assert.deepEqual(ran, ['parse']);
    assert.deepEqual(slice(work, undefined, 60_000), { values: ['requests'], done: false });
    assert.deepEqual(slice(work, undefined, 60_000), { values: [], done: true });
  });

  it('runs pauses on until its time is up or a value comes', () => {
    let steps = 0;
    function* pauses(): Generator<string | void, void, void> {
      for (let i = 0; i < 100; i++) {
        steps++;
        yield;
      }
      yield 'end';
    }
    const r = slice(pauses(), undefined, 60_000);
    assert.deepEqual(r, { values: ['end'], done: false });
    assert.equal(steps, 100);
  });
});
