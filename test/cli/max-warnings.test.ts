import { strict as assert } from 'assert';
import * as path from 'path';
import { cli, SHARED_EXAMPLES } from './helpers';

const OMP = path.join(SHARED_EXAMPLES, 'omp');

describe('cli: check --max-warnings says why it failed', () => {
  it('warnings over the budget: exit 1 and "N warnings > --max-warnings M" on stderr, in every format', () => {
    for (const format of ['text', 'json', 'sarif']) {
      const r = cli(['check', OMP, '--max-warnings', '0', '--format', format]);
      assert.equal(r.code, 1, format);
      assert.match(r.stderr, /^2 warnings > --max-warnings 0$/m, format);
      if (format !== 'text') assert.doesNotThrow(() => JSON.parse(r.stdout), 'stdout stays one document');
    }
  });

  it('within the budget, or without one: exit 0 and nothing said', () => {
    for (const args of [['--max-warnings', '3'], []]) {
      const r = cli(['check', OMP, ...args]);
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stderr, /--max-warnings/);
    }
  });
});
