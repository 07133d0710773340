import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CATALOG } from '../../../shared/programs';

/** The allow-runs-anything page lists the knowledge base: a program added to it is documented. */
describe('docs: the programs knowledge base table', () => {
  it('names every program of the catalog', () => {
    const text = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'lints', 'allow-runs-anything.md'), 'utf8');
    const missing = CATALOG.flatMap((e) => e.names).filter((n) => !text.includes(`\`${n}\``));
    assert.deepEqual(missing, []);
  });
});
