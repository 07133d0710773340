import { strict as assert } from 'assert';
import fc from 'fast-check';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import { evaluateOpencode } from '../../../shared/dialects/opencode/evaluate';
import { compileRuleSet } from '../../../shared/compiled';
import { configCase, probe } from '../../differential/opencode/generate';
import { opencode } from '../../../shared/dialects/opencode';

describe('OpenCode effective rules: compiled form and reference agree', () => {
  it('for generated configs (tools, agents, disabled agents, unknown agents), with and without built-in layers', () => {
    fc.assert(
      fc.property(configCase, fc.array(probe, { minLength: 1, maxLength: 8 }), fc.boolean(), (c, probes, builtins) => {
        const rs = parseOpencode({ path: '/p/opencode.json', text: JSON.stringify(c.config) }, { home: '/h', root: '/', builtins });
        const compiled = compileRuleSet(rs, opencode);
        for (const q of probes) {
          for (const agent of [c.agent, undefined]) {
            const req = { action: q.action, resources: [q.resource], ...(agent ? { agent } : {}) };
            const a = evaluateOpencode(rs, req);
            const b = compiled.evaluate(req);
            assert.equal(b.decision, a.decision);
            assert.deepEqual(b.rule, a.rule);
          }
        }
      }),
      { numRuns: 100, seed: 15 },
    );
  });
});
