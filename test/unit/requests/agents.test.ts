import { strict as assert } from 'assert';
import { opencode } from '../../../shared/dialects/opencode';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { decidingRuleText, resultFindings, runRequests } from '../../../shared/requests/run';
import type { Verdict } from '../../../shared/model';
import { countResults } from '../../../shared/requests/summary';

const CONFIG = JSON.stringify({
  permission: { edit: { '*': 'ask', 'secrets/*': 'deny' } },
  agent: { reviewer: { permission: { edit: 'deny' } }, writer: { description: 'no permission section' }, plan: { disable: true } },
}, null, 1);

function run(requests: unknown[]) {
  const rs = opencode.parse({ path: 'opencode.json', text: CONFIG });
  const file = parseRequestsFile('opencode.requests.json', JSON.stringify({ requests }, null, 1), opencode);
  const results = runRequests(opencode, rs, file);
  return { results, findings: resultFindings(results), counts: countResults(results) };
}

describe('requests: an OpenCode agent the config does not have', () => {
  it('is flagged on the agent value, with the nearest name; the engine refuses it (deny)', () => {
    const { results, findings, counts } = run([{ name: 'typo', action: 'edit', resources: ['a'], agent: 'reviwer', expect: 'deny' }]);
    assert.equal(results[0].verdict?.decision, 'deny', 'OpenCode refuses an agent it does not know');
    assert.equal(findings.length, 1);
    assert.equal(findings[0].code, 'request-invalid');
    assert.equal(findings[0].severity, 'warning');
    assert.match(findings[0].message, /^unknown agent "reviwer" — did you mean "reviewer"\?/);
    assert.match(findings[0].message, /this config defines: reviewer, writer/);
    const line = JSON.stringify({ requests: [{ name: 'typo', action: 'edit', resources: ['a'], agent: 'reviwer', expect: 'deny' }] }, null, 1).split('\n')[findings[0].range.start.line];
    assert.equal(line.slice(findings[0].range.start.character, findings[0].range.end.character), '"reviwer"');
    assert.deepStrictEqual(counts, { requests: 1, passed: 1, failed: 0, invalid: 0, unchecked: 0 });
  });

  it('built-in agents and agents defined without a permission section are known', () => {
    const { results, findings } = run([
      { name: 'build', action: 'edit', resources: ['secrets/a'], agent: 'build', expect: 'deny' },
      { name: 'explore', action: 'edit', resources: ['secrets/a'], agent: 'explore', expect: 'deny' },
      { name: 'writer', action: 'edit', resources: ['secrets/a'], agent: 'writer', expect: 'deny' },
      { name: 'reviewer', action: 'edit', resources: ['src/a'], agent: 'reviewer', expect: 'deny' },
    ]);
    assert.deepEqual(findings, []);
    assert.deepEqual(results.map((r) => r.pass), [true, true, true, true]);
  });

  it('an agent the config disables is unknown', () => {
    const { findings } = run([{ name: 'plan', action: 'edit', resources: ['a'], agent: 'plan' }]);
    assert.match(findings[0]?.message ?? '', /^unknown agent "plan"/);
  });
});

describe('requests: failure messages read as words', () => {
  it('a request decided by no rule says so plainly', () => {
    const v = { decision: 'ask', native: 'ask', code: null, rule: null, details: {}, trace: { dialect: 'opencode', branch: '', notes: [], sections: [] } } as unknown as Verdict;
    assert.equal(decidingRuleText(v), 'no rule matched: the default');
    assert.equal(decidingRuleText({ ...v, rule: { index: 2, id: null, label: 'edit secrets/* deny' } }), 'rule 3: edit secrets/* deny');
  });
});
