// Run by reporter.test.ts only (not a *.test.ts file): one passing and one failing test.
import * as assert from 'assert';

describe('sample suite', () => {
  it('passes', () => assert.ok(true));
  it('fails on purpose', () => assert.strictEqual(1, 2));
});
