import * as assert from 'assert';
import fc from 'fast-check';
import { opencode, parseOpencode } from '../../../shared/dialects/opencode';
import { DIALECTS } from '../../../shared/dialects';
import { compileRuleSet } from '../../../shared/compiled';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { COMPILE_FROM_REQUESTS, runRequest, runRequests } from '../../../shared/requests/run';
import { opencodeTextArb, requestArb } from './arbitraries';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

describe('the requests runner with a compiled rule set', () => {
  it('gives the same results as running each request through the dialect', () => {
    const expectArb = fc.option(fc.constantFrom('allow', 'ask', 'deny'), { nil: undefined });
    fc.assert(
      fc.property(opencodeTextArb, fc.array(fc.tuple(requestArb, expectArb), { minLength: COMPILE_FROM_REQUESTS, maxLength: COMPILE_FROM_REQUESTS + 8 }), (text, reqs) => {
        const rs = parseOpencode({ path: 'opencode.json', text }, { home: '/home/u', builtins: false });
        const requestsText = JSON.stringify({ requests: reqs.map(([r, expect], i) => ({ name: `r${i}`, ...r, ...(expect ? { expect } : {}) })) });
        const file = parseRequestsFile('opencode.requests.json', requestsText, opencode);
        const plain = file.requests.map((r) => runRequest(opencode, rs, r, {}));
        assert.deepStrictEqual(runRequests(opencode, rs, file, {}), plain);
        assert.deepStrictEqual(runRequests(opencode, rs, file, {}, compileRuleSet(rs, opencode)), plain);
      }),
      { numRuns: RUNS },
    );
  });

  it('ignores a compiled form built from another parse', () => {
    const text = '{"permissions": [{"action": "edit", "resource": "*", "effect": "deny"}]}';
    const rs = parseOpencode({ path: 'opencode.json', text }, { builtins: false });
    const other = compileRuleSet(parseOpencode({ path: 'opencode.json', text: '{"permissions": []}' }, { builtins: false }), opencode);
    const file = parseRequestsFile('x.requests.json', '{"requests": [{"name": "a", "action": "edit", "resources": ["x"], "expect": "deny"}]}', opencode);
    assert.strictEqual(runRequests(opencode, rs, file, {}, other)[0].pass, true);
  });

  it('has a compiled form for every dialect, deciding as the dialect does', () => {
    for (const d of DIALECTS) {
      const rs = d.parse({ path: `x.json`, text: '{}' }, {});
      const c = compileRuleSet(rs, d);
      assert.strictEqual(c.dialect, rs.dialect);
      assert.strictEqual(c.ruleSet, rs);
    }
  });
});
