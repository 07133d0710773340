import { strict as assert } from 'assert';
import { compileOpencode } from '../../../shared/dialects/opencode/pattern';
import { matches } from '../../../shared/patterns/wildcard';

const m = (p: string, s: string) => matches(compileOpencode(p), s);

describe('matcher: ? is exactly one character', () => {
  it('matches one, never zero or two', () => {
    assert.equal(m('a?c', 'abc'), true);
    assert.equal(m('a?c', 'ac'), false);
    assert.equal(m('a?c', 'abbc'), false);
  });
  it('matches / and newline too', () => {
    assert.equal(m('a?c', 'a/c'), true);
    assert.equal(m('a?c', 'a\nc'), true);
  });
  it('combines with stars', () => {
    assert.equal(m('*.?s', 'src/a.ts'), true);
    assert.equal(m('*.?s', 'src/a.s'), false);
    assert.equal(m('?*', ''), false);
    assert.equal(m('?*', 'x'), true);
    assert.equal(m('*?x?*', 'axb'), true);
    assert.equal(m('*?x?*', 'xb'), false);
  });
  it('counts UTF-16 code units like the agent\'s regex', () => {
    assert.equal(m('?', '😀'), false);
    assert.equal(m('??', '😀'), true);
  });
});
