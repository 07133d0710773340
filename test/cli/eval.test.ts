import { strict as assert } from 'assert';
import * as path from 'path';
import { cli, OPENCODE_PAIR } from './helpers';

const RULES = path.join(OPENCODE_PAIR, 'opencode.json');

describe('cli: eval', () => {
  it('--request prints the verdict and the full trace', () => {
    const r = cli(['eval', RULES, '--request', '{"action":"edit","resources":["docs/a.md","secrets/k"]}']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^deny — rule 3: edit secrets\/\* deny/);
    assert.match(r.stdout, /deny resolved before saved approvals/);
    assert.match(r.stdout, /resource "secrets\/k" → deny/);
    assert.match(r.stdout, /action ✓ {2}resource ✓ {2}edit secrets\/\* deny {2}◀ controls/);
  });
  it('--request --format json gives the verdict with its trace', () => {
    const r = cli(['eval', RULES, '--request', '{"action":"edit","resources":[]}', '--format', 'json']);
    const v = JSON.parse(r.stdout);
    assert.equal(v.decision, 'allow');
    assert.match(v.trace.branch, /no resource checked/);
  });
  it('--requests prints one line per request; full traces only with --trace', () => {
    const file = path.join(OPENCODE_PAIR, 'opencode.requests.json');
    const r = cli(['eval', RULES, '--requests', file, '--format', 'json']);
    assert.equal(r.code, 0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines.length, 7);
    assert.equal(lines[0].trace, undefined);
    assert.deepEqual(lines[6], { summary: { requests: 6, passed: 6, failed: 0, invalid: 0, unchecked: 0 } });
    const t = cli(['eval', RULES, '--requests', file, '--format', 'json', '--trace']);
    assert.ok(JSON.parse(t.stdout.trim().split('\n')[0]).trace);
  });
  it('malformed requests are rejected naming the field', () => {
    const r = cli(['eval', RULES, '--request', '{"action":"edit","resources":"a"}']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /"resources" must be an array of strings, found a string/);
    const m = cli(['eval', RULES, '--request', '{"action":"edit"}']);
    assert.match(m.stderr, /missing "resources"/);
    assert.equal(cli(['eval', RULES, '--request', '{not json']).code, 2);
  });
  it('usage: exactly one of --request / --requests', () => {
    assert.equal(cli(['eval', RULES]).code, 2);
    assert.equal(cli(['eval', '--request', '{}']).code, 2);
  });
});
