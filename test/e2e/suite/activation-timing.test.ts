import * as assert from 'assert';
import { extension, openFixture, rulelensDiagnostics, waitFor } from './helpers';

// Sorted before every other suite, so it sees the window as a user does: the rule file may be the
// first thing that activates RuleLens and starts its server. The time is a figure for the
// benchmark notes, not a limit (no test may assert a duration on a shared machine).
suite('first diagnostics of a rule file', () => {
  test('a rule file opened in a new window gets its findings (time logged)', async () => {
    const activeBefore = (await extension()).isActive;
    const started = Date.now();
    const doc = await openFixture('opencode-broad/opencode.json');
    const diags = await waitFor('first diagnostics', () => rulelensDiagnostics(doc.uri), (d) => d.length > 0, 60_000);
    const ms = Date.now() - started;
    console.log(`      FIGURE first diagnostics after the rule file opened: ${ms} ms (${activeBefore ? 'extension already active' : 'extension activation and server start included'})`);
    assert.ok(diags.length > 0);
  });
});
