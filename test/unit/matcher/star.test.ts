import { strict as assert } from 'assert';
import { compileOpencode } from '../../../shared/dialects/opencode/pattern';
import { matches } from '../../../shared/patterns/wildcard';

const m = (p: string, s: string) => matches(compileOpencode(p), s);

describe('matcher: * crosses / and newlines', () => {
  it('matches any run, the empty run included', () => {
    assert.equal(m('*', ''), true);
    assert.equal(m('a*', 'a'), true);
    assert.equal(m('a*b', 'ab'), true);
    assert.equal(m('a*b', 'a-x-b'), true);
    assert.equal(m('a*b', 'a-x-c'), false);
  });
  it('crosses slashes: *.env matches config/.env', () => {
    assert.equal(m('*.env', 'config/.env'), true);
    assert.equal(m('src/*', 'src/a/b/c.ts'), true);
  });
  it('crosses newlines', () => {
    assert.equal(m('echo *', 'echo a\nrm -rf /'), true);
    assert.equal(m('a*b', 'a\n\nb'), true);
  });
  it('** is just two stars', () => {
    assert.equal(m('src/**', 'src/a'), true);
    assert.equal(m('**/.env', '.env'), false);
    assert.equal(m('**/.env', 'a/.env'), true);
  });
  it('several stars place segments leftmost without losing matches', () => {
    assert.equal(m('*a*a*', 'aa'), true);
    assert.equal(m('*ab*ab*', 'abab'), true);
    assert.equal(m('*ab*ab*', 'aba'), false);
    assert.equal(m('a*ba*b', 'abab'), true);
    assert.equal(m('a*ba*b', 'abb'), false);
  });
});
