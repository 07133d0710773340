import { strict as assert } from 'assert';
import { compileOpencode } from '../../../shared/dialects/opencode/pattern';
import { matches } from '../../../shared/patterns/wildcard';
import { v2, decide } from '../../helpers/opencode';

const m = (p: string, s: string) => matches(compileOpencode(p), s);

describe('matcher: everything else is literal', () => {
  for (const ch of ['[', ']', '{', '}', '(', ')', '|', '+', '^', '$', '.']) {
    it(`"${ch}" matches only itself`, () => {
      assert.equal(m(`a${ch}b`, `a${ch}b`), true);
      assert.equal(m(`a${ch}b`, 'axb'), false);
    });
  }
  it('{a,b} and [abc] are not globs', () => {
    assert.equal(m('src/{a,b}.ts', 'src/a.ts'), false);
    assert.equal(m('src/{a,b}.ts', 'src/{a,b}.ts'), true);
    assert.equal(m('[abc]', 'a'), false);
  });
  it('there is no escape: a backslash becomes /', () => {
    assert.equal(m('a\\*', 'a/anything'), true);
    assert.equal(m('a\\*', 'a*'), false);
  });
});

describe('matcher: backslashes read as /', () => {
  it('in patterns and inputs alike', () => {
    const rs = v2(['edit', 'src\\*', 'deny']);
    assert.equal(decide(rs, { action: 'edit', resources: ['src/a.ts'] }).decision, 'deny');
    assert.equal(decide(rs, { action: 'edit', resources: ['src\\a.ts'] }).decision, 'deny');
  });
});
