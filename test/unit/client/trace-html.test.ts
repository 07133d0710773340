import { strict as assert } from 'assert';
import { renderTracePage } from '../../../client/views/trace-html';
import { evaluateOpencode, parseOpencode } from '../../../shared/dialects/opencode';

const hostile = '<img src=x onerror=alert(1)>';

function page(resource: string) {
  const rs = parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permissions: [{ action: 'edit', resource: hostile, effect: 'deny' }, { action: 'edit', resource: '*', effect: 'allow' }] }) }, { builtins: false });
  const verdict = evaluateOpencode(rs, { action: 'edit', resources: [resource] });
  return renderTracePage({
    title: 'Trace', subtitle: resource, canSave: true, cspSource: 'vscode-resource:', nonce: 'n0nce',
    result: { ok: true, dialect: 'opencode', verdict, rules: rs.rules.map((r) => ({ index: r.index, label: r.label, decision: r.decision, line: r.range.start.line })) },
  });
}

describe('client: the trace view page', () => {
  it('shows the stamp, every rule and the controlling rule', () => {
    const html = page('src/a.ts');
    assert.match(html, /allow/i);
    assert.match(html, /edit \* allow/);
  });
  it('escapes rule labels and subjects: a rule file cannot inject markup into the view', () => {
    const html = page(hostile);
    assert.ok(!html.includes(hostile));
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
  });
  it('allows no script or style without the nonce and loads nothing external', () => {
    const html = page('a');
    assert.match(html, /default-src 'none'/);
    for (const tag of html.match(/<script[^>]*>/g) ?? []) assert.match(tag, /nonce="n0nce"/);
    assert.ok(!/https?:\/\//.test(html));
  });
});
