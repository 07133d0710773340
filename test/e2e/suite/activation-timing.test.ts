import * as assert from 'assert';
import { extension, openFixture, rulelensDiagnostics, waitFor } from './helpers';

// Sorted before every other suite, so it sees the window as a user does: RuleLens may still be
// activating and starting its server. The times are figures for the benchmark notes, not limits
// (no test may assert a duration on a shared machine).
suite('first diagnostics of a rule file', () => {
  test('a rule file opened in a new window gets its findings (times logged)', async () => {
    const started = Date.now();
    const activeBefore = (await extension()).isActive;
    const doc = await openFixture('opencode-broad/opencode.json');
    const diags = await waitFor('first diagnostics', () => rulelensDiagnostics(doc.uri), (d) => d.length > 0, 60_000);
    const first = Date.now() - started;
    console.log(`      FIGURE first diagnostics after the rule file opened: ${first} ms (${activeBefore ? 'extension already active' : 'activation included'}; server start included if it was still starting)`);
    assert.ok(diags.length > 0);
  });
});
