import * as assert from 'assert';
import { opencode, parseOpencode, evaluateOpencode } from '../../../shared/dialects/opencode';
import { lintRuleSet } from '../../../shared/check/check-file';
import { compileRuleSet, evaluateCompiled } from '../../../shared/compiled';
import { MAX_DOCUMENT_CHARS, parseJson } from '../../../shared/json/tree';
import { timed } from './helpers';
import { growsLinearly, growth } from '../../helpers/growth';

const HUGE_RULES = 100_000;
const HUGE_BYTES = 50 * 1024 * 1024;

describe('hostile input: huge files', function () {

  it(`${HUGE_RULES.toLocaleString('en-US')} rules: parsed, linted, analysed and evaluated, with findings and no crash`, () => {
    const rules = Array.from({ length: HUGE_RULES }, (_, i) => `{"action":"edit","resource":"src/m${i}/*","effect":"${i % 3 === 0 ? 'deny' : 'allow'}"}`);
    rules.push('{"action":"*","resource":"*","effect":"allow"}');
    const text = `{"permissions":[${rules.join(',\n')}]}`;
    const rs = timed(() => parseOpencode({ path: 'opencode.json', text }, { home: '/h', builtins: false }));
    assert.strictEqual(rs.value.rules.length, HUGE_RULES + 1);
    const findings = timed(() => lintRuleSet(opencode, rs.value, {}));
    // A trailing allow-everything rule overrides every deny: the lints must say something about it.
    assert.ok(findings.value.length > 0, 'a catch-all last rule overriding 33,334 denies goes unremarked');
    const compiled = compileRuleSet(rs.value, opencode);
    const req = { action: 'edit', resources: ['src/m3/a.ts', 'src/m99999/b.ts'] };
    assert.deepStrictEqual(evaluateCompiled(compiled, req), evaluateOpencode(rs.value, req));
    assert.strictEqual(evaluateCompiled(compiled, req).decision, 'allow');
    // Time is bounded by the suite timeout; the analyser stops at its own budget with a finding.
    assert.ok(rs.ms > 0 && findings.ms > 0);
  });

  it('a 50 MB file: parsed with a clear result, ranges past the 50 MB mark correct', () => {
    const filler = 'x'.repeat(HUGE_BYTES);
    const text = `{"$comment": "${filler}",\n"permissions": [{"action": "edit", "resource": "secrets/*", "effect": "deny"}]}`;
    const rs = parseOpencode({ path: 'opencode.json', text }, { home: '/h', builtins: false });
    assert.strictEqual(rs.rules.length, 1);
    assert.deepStrictEqual(rs.rules[0].range.start, { line: 1, character: 16 });
    assert.strictEqual(evaluateOpencode(rs, { action: 'edit', resources: ['secrets/k'] }).decision, 'deny');
  });

  it('past the size limit: refused with a finding, not parsed', () => {
    const text = ' '.repeat(MAX_DOCUMENT_CHARS + 1);
    const doc = parseJson(text);
    assert.strictEqual(doc.root, undefined);
    assert.match(doc.findings[0].message, /too large/);
  });

  it('a 100 kB resource against 1,000 multi-star rules evaluates in time linear in its length', () => {
    const rules = Array.from({ length: 1000 }, (_, i) => ({ action: 'edit', resource: `${'*a'.repeat(20)}*b${i}*`, effect: 'deny' }));
    const rs = parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permissions: rules }) }, { builtins: false });
    const compiled = compileRuleSet(rs, opencode);
    assert.strictEqual(evaluateCompiled(compiled, { action: 'edit', resources: ['a'.repeat(100_000)] }).decision, 'ask');
    const g = growth((n) => evaluateCompiled(compiled, { action: 'edit', resources: ['a'.repeat(n)] }), 12_500, 100_000);
    assert.ok(growsLinearly(g), g.text);
  });
});
