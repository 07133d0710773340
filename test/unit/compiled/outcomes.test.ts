import * as assert from 'assert';
import fc from 'fast-check';
import { parseOpencode, evaluateOpencode } from '../../../shared/dialects/opencode';
import { compileRuleSet, evaluateCompiled } from '../../../shared/compiled';
import { outcomeOfSection, outcomesOf } from '../../../shared/compiled/outcomes';
import type { OpencodeRequest } from '../../../shared/dialects/opencode';
import { opencodeTextArb, requestArb } from './arbitraries';
import { opencode } from '../../../shared/dialects/opencode';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const parse = (text: string) => parseOpencode({ path: 'opencode.json', text }, { home: '/home/u' });
/** The file alone, without OpenCode's built-in layers: the bare evaluator's "no rule → ask". */
const parseBare = (text: string) => parseOpencode({ path: 'opencode.json', text }, { home: '/home/u', builtins: false });

describe('outcomes of compiled verdicts', () => {
  it('say what the reference trace sections say, subject for subject, without building the trace', () => {
    fc.assert(
      fc.property(opencodeTextArb, fc.array(requestArb, { minLength: 1, maxLength: 6 }), (text, requests) => {
        const rs = parse(text);
        const compiled = compileRuleSet(rs, opencode);
        for (const req of requests as OpencodeRequest[]) {
          const got = evaluateCompiled(compiled, req);
          const fast = outcomesOf(got);
          // Read before the trace: the fast path recorded them itself.
          const want = evaluateOpencode(rs, req).trace.sections.map(outcomeOfSection);
          assert.deepStrictEqual(fast, want);
          assert.deepStrictEqual(got.trace.sections.map(outcomeOfSection), want);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('label saved approvals as the reference does', () => {
    const rs = parse(JSON.stringify({ permissions: [{ action: 'edit', resource: '*', effect: 'ask' }] }));
    const req: OpencodeRequest = { action: 'edit', resources: ['a.txt', 'b.txt'], saved: [{ action: 'edit', resource: 'a.*' }] };
    const fast = outcomesOf(evaluateCompiled(compileRuleSet(rs, opencode), req));
    assert.deepStrictEqual(fast, evaluateOpencode(rs, req).trace.sections.map(outcomeOfSection));
    assert.strictEqual(fast[0].label, 'saved approval: edit a.* allow');
    assert.strictEqual(fast[1].controlling, 0);
  });

  it('fall back to the trace for verdicts of a reference evaluator', () => {
    const rs = parseBare(JSON.stringify({ permissions: [{ action: 'edit', resource: 'secrets/*', effect: 'deny' }] }));
    const v = evaluateOpencode(rs, { action: 'edit', resources: ['secrets/a', 'b'] });
    assert.deepStrictEqual(outcomesOf(v).map((o) => [o.subject, o.controlling, o.decision, o.label]), [['secrets/a', 0, 'deny', 'edit secrets/* deny'], ['b', null, 'ask', '']]);
  });
});
