import { SHARED_EXAMPLES } from '../../helpers/examples';
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { detectDialect } from '../../../shared/dialects';
import { detectOmp } from '../../../shared/dialects/omp/detect';
import { parseOmp } from '../../../shared/dialects/omp';

const FIXTURES = path.join(__dirname, '../../fixtures/omp');
const read = (p: string) => ({ path: path.join(FIXTURES, p), text: fs.readFileSync(path.join(FIXTURES, p), 'utf8') });

describe('omp parsing', () => {
  it('reads YAML settings with ranges, mode and user approvals, and records dropped entries', () => {
    const rs = parseOmp(read('.omp/config.yml'));
    assert.deepEqual(rs.rules.map((r) => r.label), ['git status allow', 'git push * prompt', 'rm * deny', '* prompt']);
    assert.deepEqual(rs.rules.map((r) => r.entryIndex), [0, 1, 2, 5]);
    assert.equal(rs.approvalMode, 'always-ask');
    assert.deepEqual(rs.userApproval, { read: 'allow' });
    assert.deepEqual(rs.dropped.map((d) => [d.entryIndex, d.approval ?? null]), [[3, 'ask'], [4, null]]);
    assert.deepEqual(rs.rules[0].matchRange.start, { line: 7, character: 13 });
    assert.deepEqual(rs.dropped[1].range.start, { line: 15, character: 6 });
    assert.deepEqual(rs.findings, []);
  });
  it('reads dotted JSON keys, normalizing match whitespace and approval case', () => {
    const rs = parseOmp(read('dotted.json'));
    assert.equal(rs.rules[0].match, 'ls -la');
    assert.equal(rs.rules[0].native, 'allow');
    assert.equal(rs.approvalMode, 'write');
    assert.deepEqual(rs.dropped.map((d) => d.reason), ['its "match" is a number, not a string', 'its approval "ask" is not one of allow, deny, prompt']);
  });
  it('reads the classification form as rules and an embedded request', () => {
    const rs = parseOmp(read('seed-compound-deny.json'));
    assert.equal(rs.format, 'classification');
    assert.deepEqual(rs.embedded?.request, { command: 'printf seed-card && printf closed', mode: 'yolo' });
  });
  it('a patterns value that is not a list gives no rules and a finding', () => {
    const rs = parseOmp({ path: 'x.yml', text: 'bash:\n  patterns: "git *"\n' });
    assert.equal(rs.rules.length, 0);
    assert.match(rs.findings[0].message, /reads no rules/);
  });
  it('drops entries exactly as the agent does', () => {
    const rs = parseOmp({ path: 's.json', text: JSON.stringify({ bash: { patterns: [null, [], { match: ' ' }, { match: 'a' }, { match: 'a', approval: 1 }, { match: 'a', approval: 'Ask' }, { match: 'ok', approval: ' DENY ', extra: 1 }] } }) });
    assert.deepEqual(rs.rules.map((r) => r.label), ['ok deny']);
    assert.equal(rs.dropped.length, 6);
  });
  it('syntax errors and bad modes are findings, never throws', () => {
    assert.equal(parseOmp({ path: 'a.yml', text: 'bash: [\n' }).findings[0].code, 'schema');
    assert.equal(parseOmp({ path: 'a.json', text: '{"bash.patterns": [' }).findings[0].code, 'schema');
    const bad = parseOmp({ path: 'a.yml', text: 'tools:\n  approvalMode: sometimes\n' });
    assert.match(bad.findings[0].message, /always-ask, write, yolo/);
    assert.doesNotThrow(() => parseOmp({ path: 'a.yml', text: 'a: &a [*a, *a]\nbash: {patterns: *a}\n' }));
  });
});

describe('omp detection', () => {
  it('claims .omp settings by path and bash.patterns by content', () => {
    assert.equal(detectOmp({ path: 'p/.omp/config.yml', text: '' }), 10);
    assert.equal(detectOmp({ path: 'p/.omp/settings.yaml', text: '' }), 10);
    assert.ok(detectOmp({ path: 'x/any.yaml', text: 'bash:\n  patterns:\n    - match: a\n' }) > 0);
    assert.ok(detectOmp({ path: 'x/any.yml', text: 'bash.patterns:\n  - {match: a, approval: allow}\n' }) > 0);
    assert.ok(detectOmp({ path: 'x/s.json', text: '{"bash": {"patterns": []}}' }) > 0);
    assert.ok(detectOmp({ path: 'x/s.json', text: '{"bash.patterns": []}' }) > 0);
    assert.ok(detectOmp(read('seed-first-applicable.json')) > 0);
    assert.equal(detectOmp({ path: 'x/other.yml', text: 'name: ci\n' }), 0);
    assert.equal(detectOmp({ path: 'opencode.json', text: '{"permission": {}}' }), 0);
  });
  it('is the detected dialect for its files', () => {
    assert.equal(detectDialect({ path: path.join(SHARED_EXAMPLES, 'omp/config.json'), text: fs.readFileSync(path.join(SHARED_EXAMPLES, 'omp/config.json'), 'utf8') })?.id, 'omp');
    assert.equal(detectDialect(read('.omp/config.yml'))?.id, 'omp');
  });
});
