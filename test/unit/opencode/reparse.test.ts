import { strict as assert } from 'assert';
import fc from 'fast-check';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import { reparseOpencode } from '../../../shared/dialects/opencode/reparse';
import { evaluateOpencode } from '../../../shared/dialects/opencode/evaluate';
import type { OpencodeRequest, OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import type { EvalContext } from '../../../shared/model';
import { propertyRuns } from '../../helpers/runs';

const PATH = '/p/opencode.json';
const CTX: EvalContext = { home: '/h', root: '/p' };

type Item = { action: string; resource: string; effect: string };

/** A V2 file: the top-level list, one rule per line (or all on one line), and an agent's own list. */
function fileText(items: readonly string[], agent = '', oneLine = false): string {
  const sep = oneLine ? ', ' : ',\n    ';
  const agents = agent ? `,\n  "agent": { "review": { "permissions": [${agent}] } }` : '';
  return `{\n  "permissions": [\n    ${items.join(sep)}\n  ]${agents}\n}\n`;
}

const item = (i: Item) => JSON.stringify(i);

/** What decides: every rule's words, place in the list and agent, the evaluation order. */
function decisions(rs: OpencodeRuleSet) {
  return {
    rules: rs.rules.map((r) => [r.index, r.label, r.decision, r.action, r.resource, r.agent, r.form, r.layer, JSON.stringify(r.resourcePattern.alts), JSON.stringify(r.actionPattern.alts)]),
    order: rs.order,
    agents: rs.agents,
    builtins: rs.builtins,
    bare: rs.withoutBuiltins?.rules.map((r) => r.label),
  };
}

const verdictOf = (rs: OpencodeRuleSet, q: OpencodeRequest) => {
  const v = evaluateOpencode(rs, q);
  return { decision: v.decision, rule: v.rule?.index ?? null, label: v.rule?.label ?? null };
};

const RULES: Item[] = [
  { action: 'edit', resource: 'src/*', effect: 'allow' },
  { action: 'read', resource: 'secrets/*', effect: 'deny' },
  { action: 'bash', resource: 'git *', effect: 'ask' },
  { action: '*', resource: '*', effect: 'ask' },
  { action: 'edit', resource: '*.env', effect: 'deny' },
];

describe('opencode reparse: a nearby text read off a parse', () => {
  it('reads an effect flipped in one rule, sharing every other rule object', () => {
    const near = parseOpencode({ path: PATH, text: fileText(RULES.map(item)) }, CTX);
    const flipped = RULES.map((r, i) => item(i === 1 ? { ...r, effect: 'allow' } : r));
    const got = reparseOpencode(near, { path: PATH, text: fileText(flipped) }, CTX);
    assert.ok(got, 'an edit inside one rule is read off the near parse');
    const full = parseOpencode({ path: PATH, text: fileText(flipped) }, CTX);
    assert.deepStrictEqual(decisions(got.ruleSet), decisions(full));
    assert.strictEqual(got.ruleSet.rules[1].decision, 'allow');
    assert.strictEqual(got.ruleSet.rules[0], near.rules[0]);
    assert.strictEqual(got.ruleSet.rules[4], near.rules[4]);
    assert.notStrictEqual(got.ruleSet.rules[1], near.rules[1]);
    // The rule read anew has its place in the new text.
    assert.deepStrictEqual(got.ruleSet.rules[1].effectRange, full.rules[1].effectRange);
  });

  it('says which requests a changed rule cannot meet', () => {
    const near = parseOpencode({ path: PATH, text: fileText(RULES.map(item)) }, CTX);
    const got = reparseOpencode(near, { path: PATH, text: fileText(RULES.map((r, i) => item(i === 1 ? { ...r, resource: 'keys/*' } : r))) }, CTX)!;
    assert.strictEqual(got.decidesAlike({ action: 'edit', resources: ['src/a.ts'] }), true);
    assert.strictEqual(got.decidesAlike({ action: 'read', resources: ['secrets/a'] }), false, 'the old pattern meets it');
    assert.strictEqual(got.decidesAlike({ action: 'read', resources: ['docs/a', 'keys\\a'] }), false, 'the new pattern meets it, backslash and all');
    assert.strictEqual(got.decidesAlike({ action: 'read', resources: [] }), true);
    assert.strictEqual(got.decidesAlike({ action: 'read' }), false, 'a request OpenCode would not read is never vouched for');
    assert.strictEqual(got.decidesAlike(null), false);
  });

  it('leaves to the full parse every text it cannot read off the near one', () => {
    const base = RULES.map(item);
    const near = parseOpencode({ path: PATH, text: fileText(base) }, CTX);
    const cases: Array<[string, string]> = [
      ['two rules changed', fileText(base.map((t, i) => (i === 0 || i === 3 ? t.replace('"ask"', '"deny"').replace('"allow"', '"deny"') : t)))],
      ['a rule added', fileText([...base.slice(0, 2), item(RULES[0]), ...base.slice(2)])],
      ['a rule removed', fileText(base.slice(1))],
      ['a change outside the list', fileText(base).replace('"permissions"', '"$schema": "x", "permissions"')],
      ['an agent changed', fileText(base, item(RULES[0]))],
      ['a broken rule', fileText(base.map((t, i) => (i === 2 ? t.replace('"effect"', '"effect" "') : t)))],
      ['a repeated key', fileText(base.map((t, i) => (i === 2 ? t.replace('}', ', "effect": "deny"}') : t)))],
      ['an extra field', fileText(base.map((t, i) => (i === 2 ? t.replace('}', ', "note": "x"}') : t)))],
      ['an unknown effect', fileText(base.map((t, i) => (i === 2 ? t.replace('"ask"', '"prompt"') : t)))],
      ['a comment', fileText(base.map((t, i) => (i === 2 ? t.replace('{', '{ /* x */') : t)))],
      ['a rule split in two', fileText(base.map((t, i) => (i === 2 ? `${t.slice(0, -1)}}, {${t.slice(1)}` : t)))],
      ['a byte-order mark', `\ufeff${fileText(base)}`],
      ['a rule nested 100,000 deep', fileText(base.map((t, i) => (i === 2 ? t.replace('"ask"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`) : t)))],
      ['a rule turned into a string', fileText(base.map((t, i) => (i === 2 ? JSON.stringify(t) : t)))],
    ];
    for (const [what, text] of cases) assert.strictEqual(reparseOpencode(near, { path: PATH, text }, CTX), undefined, what);
    // Nor with another path or context, or a near parse the fast path did not read.
    const flipped = fileText(base.map((t, i) => (i === 1 ? t.replace('"deny"', '"ask"') : t)));
    assert.ok(reparseOpencode(near, { path: PATH, text: flipped }, CTX));
    assert.strictEqual(reparseOpencode(near, { path: '/q/opencode.json', text: flipped }, CTX), undefined);
    assert.strictEqual(reparseOpencode(near, { path: PATH, text: flipped }, { ...CTX, home: '/other' }), undefined);
    assert.strictEqual(reparseOpencode(near, { path: PATH, text: flipped }, { ...CTX, globalConfig: { path: '/g.json', text: '{}' } }), undefined);
    const jsonc = parseOpencode({ path: PATH, text: `${fileText(base)}// a comment\n` }, CTX);
    assert.strictEqual(reparseOpencode(jsonc, { path: PATH, text: `${flipped}// a comment\n` }, CTX), undefined);
    const v1 = parseOpencode({ path: PATH, text: '{"permission": {"edit": "deny"}, "permissions": [{"action": "read", "resource": "*", "effect": "deny"}]}' }, CTX);
    assert.strictEqual(reparseOpencode(v1, { path: PATH, text: '{"permission": {"edit": "deny"}, "permissions": [{"action": "read", "resource": "*", "effect": "ask"}]}' }, CTX), undefined);
  });

  it('reads the file alone (builtins off) and a file on one line', () => {
    const ctx = { ...CTX, builtins: false };
    for (const oneLine of [false, true]) {
      const near = parseOpencode({ path: PATH, text: fileText(RULES.map(item), item(RULES[2]), oneLine) }, ctx);
      const text = fileText(RULES.map((r, i) => item(i === 4 ? { ...r, action: 'read' } : r)), item(RULES[2]), oneLine);
      const got = reparseOpencode(near, { path: PATH, text }, ctx);
      assert.ok(got);
      assert.deepStrictEqual(decisions(got.ruleSet), decisions(parseOpencode({ path: PATH, text }, ctx)));
    }
  });

  it('decides as the full parse after any edit inside one rule, and vouches only for requests decided alike', () => {
    const action = fc.constantFrom('edit', 'read', 'bash', 'webfetch', '*', 'mcp_*', 'external_directory');
    const resource = fc.constantFrom('*', 'src/*', 'src/a.ts', '*.env', 'git *', '~/notes/*', 'a\\b', 'secrets/**', '');
    const effect = fc.constantFrom('allow', 'ask', 'deny');
    const rule = fc.record({ action, resource, effect });
    // How the edited rule is written: as the others, spaced out, or on several lines.
    const style = fc.constantFrom((s: string) => s, (s: string) => ` ${s.replace(/,/g, ' ,  ')} `, (s: string) => s.replace(/,/g, ',\n      '));
    const request = fc.record({ action, resources: fc.array(fc.constantFrom('src/a.ts', 'x.env', 'git push', 'secrets/k', 'a/b', '', 'notes/n'), { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 8 }), fc.nat(), rule, style, fc.boolean(), fc.boolean(), fc.array(request, { minLength: 1, maxLength: 6 }), (rules, at, next, write, builtins, oneLine, requests) => {
        const ctx = { ...CTX, builtins };
        const k = at % rules.length;
        const near = parseOpencode({ path: PATH, text: fileText(rules.map(item), '', oneLine) }, ctx);
        const text = fileText(rules.map((r, i) => (i === k ? write(item(next)) : item(r))), '', oneLine);
        const full = parseOpencode({ path: PATH, text }, ctx);
        const got = reparseOpencode(near, { path: PATH, text }, ctx);
        if (text === fileText(rules.map(item), '', oneLine)) return;
        assert.ok(got, 'one rule rewritten is always read off the near parse');
        assert.deepStrictEqual(decisions(got.ruleSet), decisions(full));
        for (const q of requests) {
          assert.deepStrictEqual(verdictOf(got.ruleSet, q), verdictOf(full, q));
          if (got.decidesAlike(q)) assert.deepStrictEqual(verdictOf(near, q), verdictOf(full, q), `vouched for ${JSON.stringify(q)}`);
        }
      }),
      { numRuns: propertyRuns(300), seed: 20261130 },
    );
  });
});
