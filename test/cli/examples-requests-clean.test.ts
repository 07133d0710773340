import * as assert from 'assert';
import { cli } from './helpers';

/**
 * The shipped examples are what a new user opens first: a warning on one of their requests files
 * reads as a bug in RuleLens (the OpenCode example once kept a `resources: []` request on purpose).
 */
describe('shipped examples: their requests files carry no findings', () => {
  it('rulelens check examples/ reports nothing on any requests file, and every request passes', () => {
    const r = cli(['check', 'examples/', '--format', 'json']);
    const out = JSON.parse(r.stdout) as { files: Array<{ requestsPath: string | null; requestDiagnostics: Array<{ code: string; message: string }> }>; summary: { failed: number; invalid: number } };
    const found = out.files.flatMap((f) => f.requestDiagnostics.map((d) => `${f.requestsPath}: ${d.code}: ${d.message}`));
    assert.deepStrictEqual(found, []);
    assert.strictEqual(out.summary.failed + out.summary.invalid, 0);
  });
});
