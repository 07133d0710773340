import * as assert from 'assert';
import { applyLevels, isExcluded, mergeConfig, parseLintConfig } from '../../../shared/config/lint-config';
import { finding } from '../../../shared/model';
import { analyse, v1 } from './helpers';

const R = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };

describe('analysis: .rulelens.json levels and excludes', () => {
  const findings = analyse(v1({ edit: { 'secrets/*': 'deny' }, '*': 'allow' }));

  it('reads levels and excludes; bad levels are schema errors on the config', () => {
    const { config, findings: fs } = parseLintConfig('/ws/.rulelens.json', '{"lints": {"dead-rule": "off", "shadowed-deny": "error", "broad-catch-all": "loud"}, "exclude": ["vendor/**"]}');
    assert.deepStrictEqual(config.levels, { 'dead-rule': 'off', 'shadowed-deny': 'error' });
    assert.deepStrictEqual(config.exclude, ['vendor/**']);
    assert.strictEqual(config.base, '/ws');
    assert.strictEqual(fs.length, 1);
    assert.strictEqual(fs[0].code, 'schema');
    assert.match(fs[0].message, /off, hint, information, warning, error/);
  });

  it('off drops analysis findings; another level re-grades them', () => {
    const { config } = parseLintConfig('/ws/.rulelens.json', '{"lints": {"broad-catch-all": "off", "shadowed-deny": "error"}}');
    const out = applyLevels(findings, config);
    assert.ok(!out.some((f) => f.code === 'broad-catch-all'));
    assert.strictEqual(out.find((f) => f.code === 'shadowed-deny')!.severity, 'error');
    assert.strictEqual(findings.find((f) => f.code === 'shadowed-deny')!.severity, 'warning', 'input untouched');
  });

  it('schema and request-invalid errors cannot be turned off', () => {
    const { config } = parseLintConfig('/ws/.rulelens.json', '{"lints": {"schema": "off", "request-invalid": "off", "analysis-budget": "off"}}');
    const out = applyLevels([finding('schema', 'error', 'x', R), finding('request-invalid', 'error', 'y', R), finding('analysis-budget', 'information', 'z', R)], config);
    assert.deepStrictEqual(out.map((f) => f.code), ['schema', 'request-invalid']);
  });

  it('settings merge over the file; excludes are globs relative to the config folder', () => {
    const { config } = parseLintConfig('/ws/.rulelens.json', '{"lints": {"dead-rule": "off"}, "exclude": ["vendor/**"]}');
    const merged = mergeConfig(config, { levels: { 'dead-rule': 'warning' }, exclude: ['**/*.local.json'] });
    assert.strictEqual(merged.levels['dead-rule'], 'warning');
    assert.ok(isExcluded(merged, '/ws/vendor/x/opencode.json'));
    assert.ok(isExcluded(merged, '/ws/.claude/settings.local.json'));
    assert.ok(!isExcluded(merged, '/ws/opencode.json'));
  });

  it('a malformed config yields findings, never a throw', () => {
    for (const text of ['', '[', '{"lints": 3}', '{"exclude": "x"}']) assert.doesNotThrow(() => parseLintConfig('/ws/.rulelens.json', text));
    assert.strictEqual(parseLintConfig('/ws/.rulelens.json', '{"lints": 3}').findings[0].code, 'schema');
  });
});
