import { strict as assert } from 'assert';
import { compileOpencode } from '../../../shared/dialects/opencode/pattern';
import { matches } from '../../../shared/patterns/wildcard';

/** Inputs built to make backtracking matchers explode; each must answer at once. */
describe('matcher: adversarial patterns', () => {
  const time = (f: () => void) => {
    const t = process.hrtime.bigint();
    f();
    return Number(process.hrtime.bigint() - t) / 1e6;
  };

  it('500 stars against a 10 kB resource that almost matches', () => {
    const p = compileOpencode('a*'.repeat(500) + 'b');
    const s = 'a'.repeat(10_000);
    let r = true;
    const ms = time(() => (r = matches(p, s)));
    assert.equal(r, false);
    assert.ok(ms < 1000, `took ${ms} ms`);
  });
  it('500 stars that do match', () => {
    assert.equal(matches(compileOpencode('*a'.repeat(500)), 'a'.repeat(10_000)), true);
  });
  it('many ? and * interleaved', () => {
    const p = compileOpencode('*?'.repeat(300) + 'z');
    assert.equal(matches(p, 'y'.repeat(10_000)), false);
    assert.equal(matches(p, 'y'.repeat(10_000) + 'z'), true);
  });
  it('a star-only pattern of 10,000 stars', () => {
    assert.equal(matches(compileOpencode('*'.repeat(10_000)), 'anything'), true);
  });
  it('a 100 kB resource with a near-miss suffix', () => {
    const s = 'ab'.repeat(50_000);
    assert.equal(matches(compileOpencode('*ab*ab*abc'), s), false);
    assert.equal(matches(compileOpencode('*ab*ab*ab'), s), true);
  });
  it('lone surrogates and NUL are ordinary characters', () => {
    assert.equal(matches(compileOpencode('a\u0000*'), 'a\u0000b'), true);
    assert.equal(matches(compileOpencode('\ud800?'), '\ud800x'), true);
  });
});
