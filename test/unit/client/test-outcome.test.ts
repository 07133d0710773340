import * as assert from 'assert';
import { describeRequests } from '../../../client/status-text';
import { testOutcome } from '../../../client/testing/outcome';

describe('client: stored requests counted as the CLI counts them', () => {
  it('a request without expect is skipped, never passed; invalid is errored', () => {
    assert.strictEqual(testOutcome({ pass: null, decision: 'allow', outcome: 'unchecked' }), 'skipped');
    assert.strictEqual(testOutcome({ pass: true, decision: 'allow', outcome: 'passed' }), 'passed');
    assert.strictEqual(testOutcome({ pass: false, decision: 'ask', outcome: 'failed' }), 'failed');
    assert.strictEqual(testOutcome({ pass: null, decision: null, outcome: 'failed' }), 'failed');
    assert.strictEqual(testOutcome({ pass: true, decision: 'allow', outcome: 'invalid' }), 'errored');
  });

  it('an older server without `outcome`: no expect still reads as skipped', () => {
    assert.strictEqual(testOutcome({ pass: null, decision: 'deny' }), 'skipped');
    assert.strictEqual(testOutcome({ pass: null, decision: null }), 'failed');
  });

  it('the status line says passed and failed, singular and plural right', () => {
    assert.strictEqual(describeRequests({ requests: 6, passed: 5, failed: 1 }), '6 requests: 5 passed, 1 failed');
    assert.strictEqual(describeRequests({ requests: 1, passed: 0, failed: 0, unchecked: 1 }), '1 request: 0 passed, 0 failed, 1 without expect');
    assert.strictEqual(describeRequests({ requests: 0, passed: 0, failed: 0 }), 'no stored requests');
  });
});
