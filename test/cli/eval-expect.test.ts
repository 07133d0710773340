import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, OPENCODE_PAIR } from './helpers';

const RULES = path.join(OPENCODE_PAIR, 'opencode.json');

function requestsFile(requests: unknown[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-eval-'));
  const file = path.join(dir, 'x.requests.json');
  fs.writeFileSync(file, JSON.stringify({ requests }, null, 1));
  return file;
}

describe('cli: eval compares expectations and sums up', () => {
  it('--request with a met expect says so and exits 0', () => {
    const r = cli(['eval', RULES, '--request', '{"action":"edit","resources":["secrets/a"],"expect":"deny"}']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /✓ as expected \(deny\)\n?$/);
  });

  it('--request with an unmet expect exits 1 and names the mismatch', () => {
    const r = cli(['eval', RULES, '--request', '{"action":"edit","resources":["secrets/a"],"expect":"allow"}']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /✗ not as expected: decision: expected allow, got deny/);
  });

  it('--request compares pinned fields too, in JSON as well', () => {
    const r = cli(['eval', RULES, '--request', '{"action":"edit","resources":["secrets/a"],"expect":{"decision":"deny","rule":"edit * ask"}}', '--format', 'json']);
    assert.equal(r.code, 1);
    const v = JSON.parse(r.stdout);
    assert.equal(v.pass, false);
    assert.deepEqual(v.mismatches, ['rule: expected "edit * ask", got rule 3: edit secrets/* deny']);
  });

  it('--request without expect only evaluates (exit 0, no verdict line)', () => {
    const r = cli(['eval', RULES, '--request', '{"action":"edit","resources":["docs/a"]}']);
    assert.equal(r.code, 0);
    assert.doesNotMatch(r.stdout, /as expected/);
  });

  it('--requests ends with a summary line counting passes, failures and invalid requests', () => {
    const file = requestsFile([
      { name: 'ok', action: 'edit', resources: ['secrets/a'], expect: 'deny' },
      { name: 'wrong', action: 'edit', resources: ['secrets/a'], expect: 'allow' },
      { name: 'typo', action: 'edit', resources: ['secrets/a'], expected: 'deny' },
      { name: 'open', action: 'edit', resources: ['docs/a'] },
    ]);
    const r = cli(['eval', RULES, '--requests', file]);
    assert.equal(r.code, 1);
    const last = r.stdout.trim().split('\n').at(-1);
    assert.equal(last, '4 requests: 1 passed, 1 failed, 1 invalid, 1 without expect');
    assert.match(r.stderr, /unknown field "expected" — did you mean "expect"\?/);
  });

  it('--requests with only invalid requests is not a pass', () => {
    const file = requestsFile([{ name: 'typo', action: 'edit', resources: ['secrets/a'], expected: 'deny' }]);
    const r = cli(['eval', RULES, '--requests', file]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /1 request: 0 passed, 0 failed, 1 invalid$/m);
  });
});
