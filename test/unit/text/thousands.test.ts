import * as assert from 'assert';
import fc from 'fast-check';
import { thousands } from '../../../shared/text/thousands';

describe('text: thousands grouped by commas', () => {
  it('writes every safe integer as en-US toLocaleString does', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => thousands(n) === n.toLocaleString('en-US')), { seed: 20261202 });
  });

  it('groups the edges of each group of three', () => {
    assert.deepStrictEqual([0, 999, 1000, 100000, 1000000, -1234].map(thousands), ['0', '999', '1,000', '100,000', '1,000,000', '-1,234']);
  });
});
