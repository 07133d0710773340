import { strict as assert } from 'assert';
import { compileOpencode } from '../../../shared/dialects/opencode/pattern';
import { matches } from '../../../shared/patterns/wildcard';

const m = (p: string, s: string) => matches(compileOpencode(p), s);

describe('matcher: anchoring', () => {
  it('matches the whole string only', () => {
    assert.equal(m('docs', 'docs'), true);
    assert.equal(m('docs', 'docs/a'), false);
    assert.equal(m('docs', 'my-docs'), false);
    assert.equal(m('ocs', 'docs'), false);
  });
  it('a prefix with a star is still anchored at the start', () => {
    assert.equal(m('docs/*', 'x/docs/a'), false);
    assert.equal(m('*/docs', 'a/docs'), true);
    assert.equal(m('*/docs', 'a/docs/b'), false);
  });
  it('the empty pattern matches only the empty string', () => {
    assert.equal(m('', ''), true);
    assert.equal(m('', 'a'), false);
  });
  it('is case-sensitive', () => {
    assert.equal(m('Docs/*', 'docs/a'), false);
    assert.equal(m('EDIT', 'edit'), false);
  });
});
