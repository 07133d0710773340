import { strict as assert } from 'assert';
import { SEED, v2, decide } from '../../helpers/opencode';
import { parseOpencode } from '../../../shared/dialects/opencode';
import { evaluateOpencode } from '../../../shared/dialects/opencode';

describe('opencode: last-match evaluation', () => {
  it('the worked cases A–D', () => {
    const rs = SEED();
    const d = (resources: string[]) => decide(rs, { action: 'edit', resources });
    assert.equal(d(['docs/start.md']).decision, 'allow');
    assert.equal(d(['secrets/test.env']).decision, 'deny');
    assert.equal(d(['docs/start.md', 'secrets/test.env']).decision, 'deny');
    assert.equal(d(['src/main.ts']).decision, 'ask');
  });
  it('appending edit * allow flips B, C, D to allow', () => {
    const rs = v2(['edit', '*', 'ask'], ['edit', 'docs/*', 'allow'], ['edit', 'secrets/*', 'deny'], ['edit', '*', 'allow']);
    for (const r of [['secrets/test.env'], ['docs/start.md', 'secrets/test.env'], ['src/main.ts']]) {
      const v = decide(rs, { action: 'edit', resources: r });
      assert.equal(v.decision, 'allow');
      assert.equal(v.rule?.index, 3);
    }
  });
  it('moving edit * ask to the end makes everything ask', () => {
    const rs = v2(['edit', 'docs/*', 'allow'], ['edit', 'secrets/*', 'deny'], ['edit', '*', 'ask']);
    for (const r of ['docs/start.md', 'secrets/test.env', 'src/main.ts']) assert.equal(decide(rs, { action: 'edit', resources: [r] }).decision, 'ask');
  });
  it('no rule matched: default ask, said in the trace', () => {
    const v = decide(v2(['bash', '*', 'allow']), { action: 'edit', resources: ['a'] });
    assert.equal(v.decision, 'ask');
    assert.equal(v.rule, null);
    assert.match(v.trace.sections[0].branch, /no rule matched: default ask/);
  });
  it('action patterns match with the same language (mcp_*)', () => {
    const rs = v2(['mcp_*', '*', 'deny']);
    assert.equal(decide(rs, { action: 'mcp_github', resources: ['x'] }).decision, 'deny');
    assert.equal(decide(rs, { action: 'mcpx', resources: ['x'] }).decision, 'ask');
  });
  it('the trace marks action and resource matches for every rule, and the controlling rule', () => {
    const v = decide(SEED(), { action: 'edit', resources: ['secrets/test.env'] });
    const s = v.trace.sections[0];
    assert.deepEqual(s.columns, ['action', 'resource']);
    assert.deepEqual(s.rows.map((r) => r.matches), [[true, true], [true, false], [true, true]]);
    assert.equal(s.controlling, 2);
  });
  it('a resource match alone does not count when the action differs', () => {
    const rs = v2(['edit', '*', 'allow'], ['read', '*', 'deny']);
    const v = decide(rs, { action: 'edit', resources: ['a'] });
    assert.equal(v.decision, 'allow');
    assert.deepEqual(v.trace.sections[0].rows[1].matches, [false, true]);
  });
  it('an agent sees the top-level rules, then its own (which win under last match)', () => {
    const rs = parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permission: { edit: 'allow' }, agent: { plan: { permission: { edit: 'deny' } } } }) }, { builtins: false });
    assert.equal(evaluateOpencode(rs, { action: 'edit', resources: ['a'] }).decision, 'allow');
    assert.equal(evaluateOpencode(rs, { action: 'edit', resources: ['a'], agent: 'plan' }).decision, 'deny');
    const other = evaluateOpencode(rs, { action: 'edit', resources: ['a'], agent: 'nobody' });
    assert.equal(other.decision, 'allow');
    assert.ok(other.trace.notes.some((n) => /no permission section/.test(n)));
  });
});
