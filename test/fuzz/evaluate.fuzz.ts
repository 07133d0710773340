import * as assert from 'assert';
import fc from 'fast-check';
import { DIALECTS, initDialects } from '../../shared/dialects';
import { evaluateOpencode, parseOpencode, type OpencodeRequest } from '../../shared/dialects/opencode';
import { compileRuleSet, evaluateCompiled } from '../../shared/compiled';
import { parseRequestsFile } from '../../shared/requests/parse';
import { runRequests } from '../../shared/requests/run';
import { opencodeTextArb, requestArb } from '../unit/compiled/arbitraries';
import { assertFindings, assertVerdict, CORPUS, fileNameOf, fuzzOptions, isRequestsPath } from './common';
import { mutated, requestObjectArb } from './mutate';
import { opencode } from '../../shared/dialects/opencode';

describe('fuzz: evaluation of every dialect', function () {
  this.timeout(0);
  before(() => initDialects());

  const ruleTexts = CORPUS.filter((f) => !isRequestsPath(f.path));
  const requestTexts = CORPUS.filter((f) => isRequestsPath(f.path));

  for (const d of DIALECTS) {
    const file = fileNameOf(d);
    const own = ruleTexts.filter((f) => d.detect({ path: f.path, text: f.text }) > 0).map((f) => f.text);
    const ownRequests = requestTexts.map((f) => f.text).filter((t) => own.length > 0 && t.length > 0);
    const rulesArb = fc.oneof(fc.constantFrom(...own, '{}'), fc.constantFrom(...own, '{}').chain(mutated));

    it(`${d.id}: random requests through the requests file reader: verdicts are allow/ask/deny, through the compiled form too`, () => {
      fc.assert(
        fc.property(rulesArb, fc.array(requestObjectArb(d.requestFields), { minLength: 1, maxLength: 4 }), (rulesText, reqs) => {
          const rs = d.parse({ path: file, text: rulesText }, { home: '/home/u', root: '/work/p' });
          const text = JSON.stringify({ requests: reqs.map((r, i) => ({ name: `r${i}`, ...r })) });
          const parsed = parseRequestsFile('x.requests.json', text, d);
          assertFindings(parsed.findings, text, `${d.id} requests`);
          const compiled = compileRuleSet(rs, d);
          for (const stored of parsed.requests) {
            if (stored.request === undefined) continue;
            const v = d.evaluate(rs, stored.request, { home: '/home/u', root: '/work/p' });
            assertVerdict(v, `${d.id} ${JSON.stringify(stored.raw)}`);
            const c = evaluateCompiled(compiled, stored.request, { home: '/home/u', root: '/work/p' });
            assert.deepStrictEqual(c, v);
          }
          for (const r of runRequests(d, rs, parsed, { home: '/home/u', root: '/work/p' })) if (r.verdict) assertVerdict(r.verdict, d.id);
        }),
        fuzzOptions(0.5),
      );
    });

    if (ownRequests.length) {
      it(`${d.id}: mutated stored requests files`, () => {
        fc.assert(
          fc.property(fc.constantFrom(...own), fc.constantFrom(...ownRequests).chain(mutated), (rulesText, reqText) => {
            const rs = d.parse({ path: file, text: rulesText }, {});
            const parsed = parseRequestsFile('x.requests.json', reqText, d);
            assertFindings(parsed.findings, reqText, `${d.id} requests file`);
            for (const r of runRequests(d, rs, parsed, {})) if (r.verdict) assertVerdict(r.verdict, d.id);
          }),
          fuzzOptions(0.5),
        );
      });
    }
  }

  it('opencode: the compiled form decides and traces exactly as the reference', () => {
    fc.assert(
      fc.property(opencodeTextArb, fc.array(requestArb, { minLength: 1, maxLength: 4 }), (text, requests) => {
        const rs = parseOpencode({ path: 'opencode.json', text }, { home: '/home/u', builtins: false });
        const compiled = compileRuleSet(rs, opencode);
        for (const req of requests as OpencodeRequest[]) assert.deepStrictEqual(evaluateCompiled(compiled, req), evaluateOpencode(rs, req));
      }),
      fuzzOptions(),
    );
  });
});
