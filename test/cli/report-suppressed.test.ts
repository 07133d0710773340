import * as assert from 'assert';
import { cli } from './helpers';

describe('cli: check --report-suppressed', () => {
  it('lists what a suppression hid and by what; the summary counts it with or without the flag', () => {
    const plain = cli(['check', 'examples/opencode-v1']);
    assert.match(plain.stdout, /· 1 suppressed ·/);
    assert.doesNotMatch(plain.stdout, / suppressed request-invalid/);
    const listed = cli(['check', 'examples/opencode-v1', '--report-suppressed']);
    // Text output wraps at a word: a continuation line is the same line, indented.
    const unwrapped = listed.stdout.replace(/\n +/g, ' ');
    assert.match(unwrapped, /opencode\.requests\.json:\d+:\d+ suppressed request-invalid: unknown agent "reviewer".* \(by a comment on line \d+: on purpose: this request shows OpenCode refusing/);
    const json = JSON.parse(cli(['check', 'examples/opencode-v1', '--format', 'json', '--report-suppressed']).stdout);
    assert.strictEqual(json.summary.suppressed, 1);
    assert.deepStrictEqual(json.files[0].suppressed.map((s: { code: string; suppressedBy: { kind: string } }) => [s.code, s.suppressedBy.kind]), [['request-invalid', 'comment']]);
    const sarif = JSON.parse(cli(['check', 'examples/opencode-v1', '--format', 'sarif', '--report-suppressed']).stdout);
    const hidden = sarif.runs[0].results.filter((r: { suppressions?: unknown[] }) => r.suppressions);
    assert.deepStrictEqual(hidden.map((r: { ruleId: string; suppressions: Array<{ kind: string }> }) => [r.ruleId, r.suppressions[0].kind]), [['request-invalid', 'inSource']]);
    const quiet = JSON.parse(cli(['check', 'examples/opencode-v1', '--format', 'sarif']).stdout);
    assert.ok(quiet.runs[0].results.every((r: { suppressions?: unknown[] }) => !r.suppressions));
  });
});
