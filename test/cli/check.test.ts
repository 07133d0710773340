import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, cliMeasured, OPENCODE_PAIR, ROOT, scratchCopy } from './helpers';

/** Peak memory for checking a 5 MB, 75,001-rule file: about 700 MB measured; over twice that is a leak or a blow-up. */
const FIVE_MB_CHECK_PEAK_RSS_KB = 1536 * 1024;

describe('cli: check', () => {
  it('the OpenCode example: 6 requests, all passing (json)', () => {
    const r = cli(['check', OPENCODE_PAIR, '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.summary.requests, 6);
    assert.equal(out.summary.passed, 6);
    assert.equal(out.summary.failed, 0);
    assert.equal(out.files[0].dialect, 'opencode');
    const c = out.files[0].requests.find((q: { name: string }) => q.name === 'C: a mixed operation');
    assert.equal(c.decision, 'deny');
    assert.deepEqual(c.rule, { index: 2, number: 3, id: null, label: 'edit secrets/* deny', file: path.join(OPENCODE_PAIR, 'opencode.json'), line: 6, layer: 'opencode.json' });
    assert.equal(c.trace, undefined, 'traces only with --trace');
    const traced = JSON.parse(cli(['check', OPENCODE_PAIR, '--format', 'json', '--trace']).stdout);
    assert.ok(traced.files[0].requests.find((q: { name: string }) => q.name === 'C: a mixed operation').trace.sections.length === 2);
  });
  it('the text format shows per resource which rule decided request C', () => {
    const r = cli(['check', OPENCODE_PAIR]);
    assert.equal(r.code, 0);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.includes('C: a mixed operation'));
    assert.match(lines[at], /✓ C: a mixed operation: deny — rule 3: edit secrets\/\* deny/);
    assert.match(lines[at + 1], /docs\/start\.md → allow \(rule 2: edit docs\/\* allow\)/);
    assert.match(lines[at + 2], /secrets\/test\.env → deny \(rule 3: edit secrets\/\* deny\)/);
  });
  it('appending edit * allow makes B, C and D fail and names the deciding rule', () => {
    const dir = scratchCopy(OPENCODE_PAIR);
    const file = path.join(dir, 'opencode.json');
    const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
    cfg.permissions.push({ action: 'edit', resource: '*', effect: 'allow' });
    fs.writeFileSync(file, JSON.stringify(cfg, null, 2));
    const r = cli(['check', dir]);
    assert.equal(r.code, 1);
    for (const name of ['B: a protected path', 'C: a mixed operation', 'D: work outside the grant']) {
      const line = r.stdout.split('\n').find((l) => l.includes(name))!;
      assert.match(line, /✗/, name);
      assert.match(line, /allow — rule 4: edit \* allow/, name);
    }
    const j = JSON.parse(cli(['check', dir, '--format', 'json']).stdout);
    assert.deepEqual(j.files[0].requests.filter((q: { pass: boolean }) => q.pass === false).map((q: { name: string }) => q.name[0]).sort(), ['B', 'C', 'D', 't']);
  });
  it('invalid JSON: an error with line:col, exit 1, no crash', () => {
    const dir = scratchCopy(OPENCODE_PAIR);
    fs.writeFileSync(path.join(dir, 'opencode.json'), '{\n  "permissions": [ {"action": "edit", }\n');
    const r = cli(['check', dir]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /opencode\.json:\d+:\d+ error schema: invalid JSON/);
  });
  it('wrong types are schema errors at the value', () => {
    const dir = scratchCopy(OPENCODE_PAIR);
    fs.writeFileSync(path.join(dir, 'opencode.json'), '{"permissions": [{"action": "edit", "resource": 5, "effect": "allow"}]}');
    const r = cli(['check', dir, '--format', 'json']);
    assert.equal(r.code, 1);
    const d = JSON.parse(r.stdout).files[0].diagnostics[0];
    assert.equal(d.code, 'schema');
    assert.deepEqual(d.range.start, { line: 0, character: 48 });
  });
  it('a 5 MB rule file and a 500-star pattern against a 10 kB resource: every rule read, the request right, bounded memory', () => {
    const dir = scratchCopy(OPENCODE_PAIR);
    const permissions = [];
    for (let i = 0; i < 75_000; i++) permissions.push({ action: 'edit', resource: `generated/folder-${i}/file-*.ts`, effect: i % 3 ? 'allow' : 'deny' });
    permissions.push({ action: 'edit', resource: 'a*'.repeat(500) + 'b', effect: 'deny' });
    const text = JSON.stringify({ permissions }, null, 1);
    assert.ok(text.length > 5_000_000);
    fs.writeFileSync(path.join(dir, 'opencode.json'), text);
    // Nothing in the file matches the resource: OpenCode's built-in "* * allow" decides.
    fs.writeFileSync(path.join(dir, 'opencode.requests.json'), JSON.stringify({ requests: [{ name: 'long', origin: 'synthetic', action: 'edit', resources: ['a'.repeat(10_000)], expect: 'allow' }] }));
    const r = cliMeasured(['check', dir, '--format', 'json']);
    assert.equal(r.signal, null, 'killed by the safety net');
    assert.equal(r.code === 0 || r.code === 1, true, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.files[0].rules, 75_001);
    assert.equal(out.files[0].requests[0].pass, true);
    // Speed is `npm run bench`'s business; memory does not depend on the machine's load.
    assert.ok(r.peakRssKb < FIVE_MB_CHECK_PEAK_RSS_KB, `peak ${Math.round(r.peakRssKb / 1024)} MB`);
  });
  it('usage errors exit 2', () => {
    assert.equal(cli(['check', '--format', 'xml']).code, 2);
    assert.equal(cli(['check', '/no/such/path']).code, 2);
    assert.equal(cli(['frobnicate']).code, 2);
    assert.equal(cli([]).code, 2);
  });
  it('--max-warnings turns warnings into exit 1', () => {
    const r = cli(['check', OPENCODE_PAIR, '--max-warnings', '0']);
    assert.equal(r.code, 1);
  });
  it('the project\'s own examples pass', () => {
    const r = cli(['check', path.join(ROOT, 'examples')]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
  });
});

describe('cli check: .rulelens.json mistakes', () => {
  it('prints each mistake with its location on stderr and still checks', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-config-'));
    fs.writeFileSync(path.join(dir, '.rulelens.json'), '{"lints": {"dead-rules": "off", "dead-rule": "loud"}}');
    fs.writeFileSync(path.join(dir, 'opencode.json'), '{"permission": {"bash": {"*": "ask"}}}');
    const r = cli(['check', dir]);
    const cfg = path.join(dir, '.rulelens.json');
    assert.ok(r.stderr.includes(`${cfg}:1:12: warning [schema] unknown lint id "dead-rules"; did you mean "dead-rule"?`), r.stderr);
    assert.match(r.stderr, /error \[schema\] lint level must be one of/);
  });
});
