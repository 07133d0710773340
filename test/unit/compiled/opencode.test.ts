import * as assert from 'assert';
import fc from 'fast-check';
import { parseOpencode, evaluateOpencode } from '../../../shared/dialects/opencode';
import { normalizeInput } from '../../../shared/dialects/opencode/pattern';
import { compileRuleSet, compiledFor, evaluateCompiled } from '../../../shared/compiled';
import { CompiledOpencode } from '../../../shared/dialects/opencode/fast';
import type { OpencodeRequest } from '../../../shared/dialects/opencode';
import { inputArb, opencodeTextArb, requestArb } from './arbitraries';
import { opencode } from '../../../shared/dialects/opencode';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const parse = (text: string) => parseOpencode({ path: 'opencode.json', text }, { home: '/home/u', builtins: false });

describe('compiled OpenCode rule sets', () => {
  it('decide every request as the reference evaluator does, field for field, trace included', () => {
    fc.assert(
      fc.property(opencodeTextArb, fc.array(requestArb, { minLength: 1, maxLength: 6 }), (text, requests) => {
        const rs = parse(text);
        const compiled = compileRuleSet(rs, opencode);
        for (const req of requests as OpencodeRequest[]) {
          const want = evaluateOpencode(rs, req);
          const got = evaluateCompiled(compiled, req);
          // The verdict fields come from the index, before the trace is ever read.
          assert.deepStrictEqual(
            { decision: got.decision, native: got.native, code: got.code, rule: got.rule, details: got.details },
            { decision: want.decision, native: want.native, code: want.code, rule: want.rule, details: want.details },
          );
          assert.deepStrictEqual(got, want);
          assert.deepStrictEqual(JSON.parse(JSON.stringify(got)), JSON.parse(JSON.stringify(want)));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('finds the controlling rule of every resource that the reference trace names', () => {
    fc.assert(
      fc.property(opencodeTextArb, requestArb, inputArb, (text, req, resource) => {
        const rs = parse(text);
        const c = new CompiledOpencode(rs);
        const r = { action: req.action, resources: [resource], agent: req.agent };
        const section = evaluateOpencode(rs, r).trace.sections[0];
        const got = c.lastMatch(normalizeInput(req.action), normalizeInput(resource), req.agent);
        assert.strictEqual(got, section.controlling ?? -1);
      }),
      { numRuns: RUNS },
    );
  });

  it('reproduces the worked cases of the spec', () => {
    const rs = parse(JSON.stringify({ permissions: [
      { action: 'edit', resource: '*', effect: 'ask' },
      { action: 'edit', resource: 'docs/*', effect: 'allow' },
      { action: 'edit', resource: 'secrets/*', effect: 'deny' },
    ] }));
    const c = compileRuleSet(rs, opencode);
    const decide = (resources: string[]) => evaluateCompiled(c, { action: 'edit', resources }).decision;
    assert.deepStrictEqual(
      [decide(['docs/start.md']), decide(['secrets/test.env']), decide(['docs/start.md', 'secrets/test.env']), decide(['src/main.ts']), decide([])],
      ['allow', 'deny', 'deny', 'ask', 'allow'],
    );
  });

  it('traces a request without an agent as the reference does, naming the default agent it ran as', () => {
    const rs = parseOpencode({ path: 'opencode.json', text: '{"permissions": [{"action": "edit", "resource": "a/*", "effect": "deny"}]}' }, { home: '/home/u' });
    const req = { action: 'edit', resources: ['b'] };
    const got = evaluateCompiled(compileRuleSet(rs, opencode), req);
    assert.deepStrictEqual(got, evaluateOpencode(rs, req));
    assert.ok(got.trace.notes.some((n) => n.includes('no "agent" given')));
  });

  it('is built once per parse and reused', () => {
    const rs = parse('{"permissions": []}');
    assert.strictEqual(compiledFor(rs, opencode), compiledFor(rs, opencode));
    assert.notStrictEqual(compiledFor(rs, opencode), compiledFor(parse('{"permissions": []}'), opencode));
  });

  it('keeps its caches bounded under a stream of distinct actions', () => {
    const rs = parse(JSON.stringify({ permissions: [{ action: '*', resource: 'a', effect: 'allow' }, { action: 'mcp_*', resource: '*', effect: 'deny' }] }));
    const c = compileRuleSet(rs, opencode);
    for (let i = 0; i < 10_000; i++) {
      const v = evaluateCompiled(c, { action: `mcp_${i}`, resources: ['a'] });
      assert.strictEqual(v.decision, 'deny');
    }
  });
});
