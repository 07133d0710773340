import * as assert from 'assert';
import { api, appendToArray, fixture, openFixture, revert, waitFor } from './helpers';

const id = (rel: string, name: string) => `${fixture(rel).toString()}#${name}`;
const B = id('opencode/opencode.requests.json', 'B: a protected path');

suite('Testing view', () => {
  suiteSetup(async () => {
    assert.ok(await (await api()).ready(), 'the language server is running');
  });

  test('one test per stored request; all example requests pass', async () => {
    const lens = await api();
    await lens.runTests();
    const results = lens.testResults();
    // The shipped examples are the fresh-window suite's; this one logs only its own fixtures.
    const ours = Object.entries(results).filter(([k]) => !k.includes('opencode-fresh') && !k.includes('/shipped/'));
    console.log('      results:', ours.map(([k, v]) => `${k.split('/').slice(-2).join('/')}=${v}`).join(', '));
    for (const [rel, names] of [
      ['opencode/opencode.requests.json', ['A: a narrow grant', 'B: a protected path', 'C: a mixed operation', 'D: work outside the grant', 'two-path patch', 'empty resources']],
      ['claude/.claude/settings.requests.json', ['tests run', 'secret read']],
      ['bounds/.attesso/rules.requests.json', ['send after an untrusted read', 'the window has passed']],
      ['omp/config.requests.json', ['first applicable rule']],
    ] as const) {
      for (const n of names) assert.strictEqual(results[id(rel, n)], 'passed', `${rel} ${n}`);
    }
  });

  test('an edit that flips a stored request turns its test red, and reverting turns it green', async () => {
    const lens = await api();
    const doc = await openFixture('opencode/opencode.json');
    try {
      await appendToArray(doc, 'permissions', '{ "action": "edit", "resource": "*", "effect": "allow" }');
      await waitFor('B fails after the edit', () => lens.testResults()[B], (s) => s === 'failed');
      const status = await waitFor('status of the rule file', () => lens.status(doc.uri), (s) => !!s && s.failed >= 3);
      assert.strictEqual(status!.dialect, 'opencode');
    } finally {
      await revert(doc);
    }
    await waitFor('B passes after the revert', () => lens.testResults()[B], (s) => s === 'passed');
  });
});
