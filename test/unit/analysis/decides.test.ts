import * as assert from 'assert';
import { opencode } from '../../../shared/dialects/opencode';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { runRequests } from '../../../shared/requests/run';
import { rulesDecisions, witnessFor } from '../../../shared/analysis/decides';
import { evaluateOpencode } from '../../../shared/dialects/opencode/evaluate';
import type { OpencodeRequest } from '../../../shared/dialects/opencode/rules';
import { v1 } from './helpers';

const REQUESTS = JSON.stringify({
  requests: [
    { name: 'A', action: 'edit', resources: ['docs/start.md'], expect: 'allow' },
    { name: 'B', action: 'edit', resources: ['secrets/test.env'], expect: 'deny' },
    { name: 'C', action: 'edit', resources: ['docs/start.md', 'secrets/test.env'], expect: 'deny' },
    { name: 'D', action: 'edit', resources: ['src/main.ts'], expect: 'ask' },
    { name: 'saved', action: 'edit', resources: ['src/x.ts'], saved: [{ action: 'edit', resource: 'src/*' }], expect: 'allow' },
  ],
});

describe('analysis: what each rule decides', () => {
  const rs = v1({ edit: { '*': 'ask', 'docs/*': 'allow', 'secrets/*': 'deny' } });
  const results = runRequests(opencode, rs, parseRequestsFile('opencode.requests.json', REQUESTS, opencode));

  it('rulesDecisions maps each rule to the stored requests and subjects it controls', () => {
    const m = rulesDecisions(results, rs.rules.length);
    assert.deepStrictEqual(m.get(1), [
      { request: 'A', subject: 'docs/start.md', decision: 'allow' },
      { request: 'C', subject: 'docs/start.md', decision: 'allow' },
    ]);
    assert.deepStrictEqual(m.get(2), [
      { request: 'B', subject: 'secrets/test.env', decision: 'deny' },
      { request: 'C', subject: 'secrets/test.env', decision: 'deny' },
    ]);
    assert.deepStrictEqual(m.get(0), [{ request: 'D', subject: 'src/main.ts', decision: 'ask' }]);
    assert.ok(![...m.keys()].some((k) => k >= rs.rules.length), 'saved approvals left out');
    assert.ok([...rulesDecisions(results).keys()].some((k) => k >= rs.rules.length), 'kept when no count is given');
  });

  it('witnessFor gives a request the rule decides, or undefined for a dead rule', () => {
    for (const i of [0, 1, 2]) {
      const w = witnessFor(opencode, rs, i) as OpencodeRequest;
      assert.strictEqual(evaluateOpencode(rs, w).trace.sections[0].controlling, i);
    }
    assert.deepStrictEqual(witnessFor(opencode, rs, 2), { action: 'edit', resources: ['secrets/a'] });
    const dead = v1({ edit: { 'docs/*': 'allow', '*': 'ask' } });
    assert.strictEqual(witnessFor(opencode, dead, 0), undefined);
    assert.strictEqual(witnessFor(opencode, dead, 99), undefined);
  });

  it('witnessFor on an agent rule carries the agent', () => {
    const a = v1({ edit: 'ask' }, { agent: { build: { permission: { edit: { 'src/*': 'allow' } } } } });
    assert.deepStrictEqual(witnessFor(opencode, a, 1), { action: 'edit', resources: ['src/a'], agent: 'build' });
  });
});
