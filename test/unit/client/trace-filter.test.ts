import { strict as assert } from 'assert';
import { MATCHING_ONLY_FROM, renderTracePage } from '../../../client/views/trace-html';
import { evaluateOpencode, parseOpencode } from '../../../shared/dialects/opencode';

/** A trace of `edit src/a.ts` against `n` rules, of which only the last two match. */
function page(n: number, matchingOnly?: boolean): string {
  const permissions = Array.from({ length: n - 2 }, (_, i) => ({ action: 'edit', resource: `docs/${i}/*`, effect: 'allow' }));
  permissions.push({ action: 'edit', resource: '*', effect: 'ask' }, { action: 'edit', resource: 'src/*', effect: 'deny' });
  const rs = parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permissions }) }, { builtins: false });
  const verdict = evaluateOpencode(rs, { action: 'edit', resources: ['src/a.ts'] });
  return renderTracePage({
    title: 'Trace', subtitle: 'x', canSave: false, cspSource: 'c', nonce: 'n', matchingOnly,
    result: { ok: true, dialect: 'opencode', verdict, rules: rs.rules.map((r) => ({ index: r.index, label: r.label, decision: r.decision, line: r.range.start.line })) },
  });
}

const rows = (html: string) => [...html.matchAll(/<tr class="[^"]*" data-match="(\d)">/g)].map((m) => m[1]);

describe('client: the trace view can show only the matching rules', () => {
  it('marks each rule row by whether it matched; the count says how many', () => {
    const html = page(6);
    assert.deepStrictEqual(rows(html), ['0', '0', '0', '0', '1', '1']);
    assert.match(html, /\(2 of 6 rules match\)/);
  });

  it('is off for a short file and on for a long one, unless asked', () => {
    assert.doesNotMatch(page(6), /class="matrix matching"/);
    assert.match(page(MATCHING_ONLY_FROM + 5), /class="matrix matching"/);
    assert.match(page(MATCHING_ONLY_FROM + 5), /id="matching" checked/);
    assert.doesNotMatch(page(MATCHING_ONLY_FROM + 5, false), /class="matrix matching"/);
    assert.match(page(6, true), /class="matrix matching"/);
  });

  it('never shows the dialect\'s branch id as a detail: the stamp says it in a sentence', () => {
    const html = page(6);
    assert.doesNotMatch(html, /<b>branch<\/b>/);
    assert.doesNotMatch(html, /deny-before-approvals/);
  });
});
