import { strict as assert } from 'assert';
import { parseBoundsRules, rulesDigest, canonicalJson } from '../../../shared/dialects/bounds-rules';
import { rangeOfText } from './helpers';

function check(text: string) {
  return parseBoundsRules({ path: '/p/.attesso/rules.json', text });
}

/** Asserts exactly one finding of the given severity whose range covers `needle` (nth occurrence). */
function expectOne(text: string, needle: string, pattern: RegExp, severity = 'error', nth = 0) {
  const rs = check(text);
  const fs = rs.findings.filter((f) => f.severity === severity);
  assert.equal(fs.length, 1, JSON.stringify(rs.findings, null, 1));
  assert.equal(fs[0].code, 'schema');
  assert.match(fs[0].message, pattern);
  assert.deepEqual(fs[0].range, rangeOfText(text, needle, nth));
  return rs;
}

const rule = (body: string) => `{ "version": 1, "rules": [ { "id": "r", ${body} } ] }`;

describe('bounds-rules: strict validation', () => {
  it('accepts the shipped example and keeps file order and ranges', () => {
    const text = rule('"deny": {"capabilities": ["send"]}, "if_path": {"trust": "untrusted", "capability": "read", "within_minutes": 30}');
    const rs = check(text);
    assert.deepEqual(rs.findings, []);
    assert.equal(rs.rules[0].id, 'r');
    assert.deepEqual(rs.rules[0].denies, ['send']);
    assert.deepEqual(rs.rules[0].idRange, rangeOfText(text, '"r"'));
    assert.equal(rs.rules[0].native, 'DENY');
  });
  it('wrong version', () => {
    expectOne('{ "version": 2, "rules": [] }', '2', /exactly 1, found 2/);
    expectOne('{ "version": "1", "rules": [] }', '"1"', /exactly 1, found a string/);
    const t = '{ "rules": [] }';
    expectOne(t, t, /missing "version"/);
  });
  it('rules must be an array', () => {
    expectOne('{ "version": 1, "rules": {} }', '{}', /"rules" must be an array/);
  });
  it('unknown capability in deny, in if_path, and wrong types', () => {
    expectOne(rule('"deny": {"capabilities": ["send", "mail"]}, "max_steps": 3'), '"mail"', /unknown capability "mail".*"read", "write", "send", "execute", "spend"/);
    expectOne(rule('"deny": {"capability": "delete"}, "max_steps": 3'), '"delete"', /unknown capability "delete"/);
    expectOne(rule('"deny": {"all": true}, "if_path": {"capability": "browse"}'), '"browse"', /unknown capability "browse"/);
    expectOne(rule('"deny": {"capabilities": "send"}, "max_steps": 3'), '"send"', /must be an array/);
  });
  it('unknown trust', () => {
    expectOne(rule('"deny": {"all": true}, "if_path": {"trust": "external"}'), '"external"', /unknown trust "external".*"internal", "untrusted", "unknown"/);
  });
  it('a rule with no condition', () => {
    const t = rule('"deny": {"all": true}');
    const rs = expectOne(t, '{ "id": "r", "deny": {"all": true} }', /no condition.*if_path.*max_steps.*max_repeats/);
    assert.equal(rs.rules.length, 0);
  });
  it('a deny that denies nothing', () => {
    expectOne(rule('"deny": {"capabilities": []}, "max_steps": 3'), '[]', /denies nothing.*empty/);
    expectOne(rule('"deny": {"all": false}, "max_steps": 3'), 'false', /denies nothing/);
    expectOne(rule('"deny": {}, "max_steps": 3'), '{}', /denies nothing/);
    expectOne(rule('"deny": {"all": true, "capability": "send"}, "max_steps": 3'), '"capability"', /exactly one of/);
    const t = rule('"max_steps": 3');
    expectOne(t, '{ "id": "r", "max_steps": 3 }', /missing "deny"/);
  });
  it('non-integer and out-of-range ceilings and windows', () => {
    expectOne(rule('"deny": {"all": true}, "max_steps": 2.5'), '2.5', /max_steps.*whole number ≥ 1.*not a whole number/);
    expectOne(rule('"deny": {"all": true}, "max_steps": 0'), '0', /max_steps.*≥ 1.*out of range/);
    expectOne(rule('"deny": {"all": true}, "max_repeats": -1'), '-1', /max_repeats.*out of range/);
    expectOne(rule('"deny": {"all": true}, "max_repeats": "2"'), '"2"', /max_repeats.*found a string/);
    expectOne(rule('"deny": {"all": true}, "if_path": {"within_minutes": 1.5}'), '1.5', /within_minutes.*≥ 0/);
    expectOne(rule('"deny": {"all": true}, "if_path": {"within_minutes": -5}'), '-5', /within_minutes.*out of range/);
    assert.equal(check(rule('"deny": {"all": true}, "if_path": {"within_minutes": 0}')).findings.length, 0);
  });
  it('missing or empty id, non-boolean same_arguments, empty subject', () => {
    const t = '{ "version": 1, "rules": [ { "deny": {"all": true}, "max_steps": 3 } ] }';
    expectOne(t, '{ "deny": {"all": true}, "max_steps": 3 }', /missing "id"/);
    expectOne('{ "version": 1, "rules": [ { "id": "", "deny": {"all": true}, "max_steps": 3 } ] }', '""', /non-empty string/);
    expectOne(rule('"deny": {"all": true}, "if_path": {"same_arguments": "yes"}'), '"yes"', /same_arguments/);
    expectOne(rule('"deny": {"all": true}, "if_path": {"subject": ""}'), '""', /subject.*non-empty/);
  });
  it('unknown keys are warnings on the key, and the rule still loads', () => {
    const rs = expectOne(rule('"deny": {"all": true}, "max_steps": 3, "comment": "x"'), '"comment"', /unknown key "comment"/, 'warning');
    assert.equal(rs.rules.length, 1);
    expectOne(rule('"deny": {"all": true}, "if_path": {"trust": "untrusted", "window": 3}'), '"window"', /unknown key "window" in "if_path"/, 'warning');
    expectOne('{ "version": 1, "rules": [], "extra": 1 }', '"extra"', /unknown key "extra"/, 'warning');
  });
  it('invalid JSON is a schema error, never a crash', () => {
    const rs = check('{ "version": 1, "rules": [ ');
    assert.ok(rs.findings.some((f) => f.code === 'schema' && f.severity === 'error'));
    assert.equal(check('').findings[0].code, 'schema');
    assert.equal(check('[1]').findings[0].message.includes('must be an object'), true);
  });
  it('the digest is sha256 of the canonical file: formatting and key order do not change it', () => {
    const a = rulesDigest('{"version":1,"rules":[{"id":"r","deny":{"all":true},"max_steps":3}]}');
    const b = rulesDigest('{\n  "rules": [ { "max_steps": 3, "deny": {"all": true}, "id": "r" } ],\n  "version": 1 // c\n}');
    assert.equal(a, b);
    assert.match(a, /^sha256:[0-9a-f]{64}$/);
    assert.notEqual(a, rulesDigest('{"version":1,"rules":[{"id":"r","deny":{"all":true},"max_steps":4}]}'));
    assert.equal(canonicalJson({ b: 1, a: [2, { d: 0, c: 1 }] }), '{"a":[2,{"c":1,"d":0}],"b":1}');
  });
});
