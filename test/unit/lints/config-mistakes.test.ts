import { strict as assert } from 'assert';
import { parseLintConfig, KNOWN_LINT_IDS } from '../../../shared/config/lint-config';

/** `.rulelens.json` mistakes are findings on the config file, never silently dropped. */
describe('.rulelens.json mistakes', () => {
  const parse = (text: string) => parseLintConfig('/ws/.rulelens.json', text);

  it('an unknown lint id is a warning on its key, with the closest known id', () => {
    const { config, findings } = parse('{"lints": {"dead-rules": "off", "shadowed-deny": "error"}}');
    assert.deepEqual(config.levels, { 'shadowed-deny': 'error' });
    assert.equal(findings.length, 1);
    assert.equal(findings[0].severity, 'warning');
    assert.match(findings[0].message, /unknown lint id "dead-rules"; did you mean "dead-rule"\?/);
    assert.deepEqual(findings[0].range.start, { line: 0, character: 11 });
  });

  it('a bad level is an error naming the allowed levels', () => {
    const { config, findings } = parse('{"lints": {"dead-rule": "warn"}}');
    assert.deepEqual(config.levels, {});
    assert.equal(findings[0].severity, 'error');
    assert.match(findings[0].message, /off, hint, information, warning, error/);
  });

  it('invalid JSON, a non-object root and a bad exclude are errors', () => {
    assert.ok(parse('{"lints": {').findings.some((f) => f.severity === 'error'));
    assert.match(parse('[]').findings[0].message, /must be an object/);
    assert.match(parse('{"exclude": "vendor/**"}').findings[0].message, /"exclude" must be an array/);
    assert.match(parse('{"exclude": [3]}').findings[0].message, /glob string/);
  });

  it('knows every new lint id', () => {
    for (const id of ['cross-tool-bypass', 'deny-narrower-than-it-looks', 'bypass-mode-committed', 'never-matches', 'allow-runs-anything']) assert.ok(KNOWN_LINT_IDS.includes(id), id);
  });
});
