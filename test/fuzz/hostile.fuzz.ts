import fc from 'fast-check';
import { initDialects } from '../../shared/dialects';
import { CANONICAL, costProperty } from '../unit/hostile/cost-property';
import { CASES } from '../unit/hostile/entry-points';
import { fuzzOptions } from './common';

/**
 * The entry points' cost property (see test/unit/hostile/cost-property.ts) on drawn pattern shapes,
 * subject shapes, star counts and lengths. Each run measures every entry point many times, so
 * a run here is worth a hundred of the other properties' iterations.
 */
describe('fuzz: hostile patterns and subjects cost linearly at every entry point', function () {
  this.timeout(0);
  before(() => initDialects());

  for (const c of CASES) {
    it(c.id, async () => {
      await fc.assert(costProperty(c), { ...fuzzOptions(0.01), examples: [CANONICAL] } as fc.Parameters<[number, number, number, number]>);
    });
  }
});
