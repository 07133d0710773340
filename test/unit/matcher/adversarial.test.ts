import { strict as assert } from 'assert';
import { compileOpencode } from '../../../shared/dialects/opencode/pattern';
import { matches } from '../../../shared/patterns/wildcard';
import { growsLinearly, growth } from '../../helpers/growth';

/** Inputs built to make backtracking matchers explode; each must answer at once. */
describe('matcher: adversarial patterns', () => {
  it('500 stars against a 10 kB resource that almost matches: no match, at cost linear in the resource', () => {
    const p = compileOpencode('a*'.repeat(500) + 'b');
    assert.equal(matches(p, 'a'.repeat(10_000)), false);
    const g = growth((n) => assert.equal(matches(p, 'a'.repeat(n)), false), 10_000, 80_000);
    assert.ok(growsLinearly(g), g.text);
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
