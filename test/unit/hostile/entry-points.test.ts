import fc from 'fast-check';
import { initDialects } from '../../../shared/dialects';
import { CANONICAL, costProperty, GROWTH_FACTOR, SPREAD, STARS_FACTOR } from './cost-property';
import { CASES } from './entry-points';

/**
 * Every entry point (the CLI's eval with and without --trace, check and diff --base; the editor's
 * diagnostics, hovers, code lenses, completion, trace view and evaluate) on the case the issue
 * names, per dialect: 200 stars against 100 kB. `npm run fuzz` draws other shapes and sizes.
 */
describe('hostile input: many stars and long subjects through every entry point (CPU ratios)', function () {
  before(() => initDialects());

  for (const c of CASES) {
    it(`${c.id}: ${STARS_FACTOR}× at most for 200 stars over one, ${GROWTH_FACTOR}× for ${SPREAD}× the subject`, async () => {
      await fc.assert(costProperty(c), { numRuns: 1, seed: 20261130, endOnFailure: true, examples: [CANONICAL] });
    });
  }
});
