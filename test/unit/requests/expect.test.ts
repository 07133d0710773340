import { strict as assert } from 'assert';
import { opencode } from '../../../shared/dialects/opencode';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { runRequests, resultFindings } from '../../../shared/requests/run';
import { SEED } from '../../helpers/opencode';

const run = (requests: unknown[]) => {
  const file = parseRequestsFile('x.requests.json', JSON.stringify({ requests }, null, 1), opencode);
  return { file, results: runRequests(opencode, SEED(), file) };
};

describe('requests: expectations', () => {
  it('a decision string is compared with the verdict', () => {
    const { results } = run([
      { name: 'ok', action: 'edit', resources: ['secrets/a'], expect: 'deny' },
      { name: 'bad', action: 'edit', resources: ['secrets/a'], expect: 'allow' },
    ]);
    assert.deepEqual(results.map((r) => r.pass), [true, false]);
    assert.deepEqual(results[1].mismatches, ['decision: expected allow, got deny']);
  });
  it('an object compares only the fields given', () => {
    const { results } = run([
      { name: 'rule by label', action: 'edit', resources: ['secrets/a'], expect: { decision: 'deny', rule: 'edit secrets/* deny' } },
      { name: 'rule by index', action: 'edit', resources: ['secrets/a'], expect: { rule: 2 } },
      { name: 'wrong rule', action: 'edit', resources: ['secrets/a'], expect: { rule: 0 } },
    ]);
    assert.deepEqual(results.map((r) => r.pass), [true, true, false]);
    assert.match(results[2].mismatches[0], /rule: expected 0, got rule 3: edit secrets\/\* deny/);
  });
  it('without expect a request is evaluated and never fails', () => {
    const { results } = run([{ name: 'x', action: 'edit', resources: ['a'] }]);
    assert.equal(results[0].pass, null);
    assert.equal(results[0].verdict?.decision, 'ask');
  });
  it('an unknown decision word is invalid, naming the allowed words', () => {
    const { file } = run([{ name: 'x', action: 'edit', resources: ['a'], expect: 'prompt' }]);
    assert.match(file.findings[0].message, /"allow", "ask", "deny"/);
  });
  it('a failed expectation becomes a request-failed finding on the expect, naming the deciding rule', () => {
    const { results } = run([{ name: 'B', action: 'edit', resources: ['secrets/a'], expect: 'allow' }]);
    const f = resultFindings(results);
    assert.equal(f[0].code, 'request-failed');
    assert.match(f[0].message, /"B": decision: expected allow, got deny \(rule 3: edit secrets\/\* deny\)/);
  });
  it('invalid requests are reported and not run', () => {
    const { results, file } = run([{ name: 'x', action: 'edit', resources: 'a', expect: 'deny' }, { action: 'edit', resources: [] }, { name: 'x', action: 'edit', resources: [] }]);
    assert.equal(results[0].verdict, null);
    assert.equal(results[0].pass, null);
    assert.ok(file.findings.some((f) => /missing "name"/.test(f.message)));
    assert.ok(file.findings.some((f) => /duplicate request name "x"/.test(f.message)));
  });
  it('malformed requests files give schema findings, never a throw', () => {
    for (const text of ['', '[]', '{"requests": {}}', '{"requests": [1, "a", null]}', '{"requests": [', '\u0000']) {
      const f = parseRequestsFile('x.requests.json', text, opencode);
      assert.ok(Array.isArray(f.requests));
    }
  });
});
