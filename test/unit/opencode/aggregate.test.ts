import { strict as assert } from 'assert';
import { SEED, v2, decide } from '../../helpers/opencode';

describe('opencode: aggregation across resources and saved approvals', () => {
  it('any deny wins before saved approvals are consulted', () => {
    const v = decide(SEED(), { action: 'edit', resources: ['src/a.ts', 'secrets/x'], saved: [{ action: 'edit', resource: '*' }] });
    assert.equal(v.decision, 'deny');
    assert.match(v.trace.branch, /deny resolved before saved approvals/);
    assert.equal(v.rule?.index, 2);
  });
  it('saved approvals beat ask', () => {
    const v = decide(SEED(), { action: 'edit', resources: ['src/a.ts'], saved: [{ action: 'edit', resource: 'src/*' }] });
    assert.equal(v.decision, 'allow');
    assert.equal(v.rule, null, 'a saved approval is not a rule of the file');
    assert.match(v.trace.sections[0].branch, /saved approval/);
  });
  it('any ask makes the request ask; all allow allows', () => {
    assert.equal(decide(SEED(), { action: 'edit', resources: ['docs/a', 'src/b'] }).decision, 'ask');
    assert.equal(decide(SEED(), { action: 'edit', resources: ['docs/a', 'docs/b'] }).decision, 'allow');
  });
  it('resources: [] allows with no resource checked, explicitly', () => {
    const v = decide(v2(['*', '*', 'deny']), { action: 'edit', resources: [] });
    assert.equal(v.decision, 'allow');
    assert.equal(v.trace.sections.length, 0);
    assert.match(v.trace.branch, /resources: \[\] — no resource checked/);
    assert.ok(v.trace.notes.some((n) => /fail-open/.test(n)));
  });
  it('an empty string resource is a literal', () => {
    const rs = v2(['edit', '*', 'allow'], ['edit', '', 'deny']);
    assert.equal(decide(rs, { action: 'edit', resources: [''] }).decision, 'deny');
    assert.equal(decide(rs, { action: 'edit', resources: ['x'] }).decision, 'allow');
  });
});
