import { strict as assert } from 'assert';
import { compileOpencode } from '../../../shared/dialects/opencode/pattern';
import { matches } from '../../../shared/patterns/wildcard';

const m = (p: string, s: string) => matches(compileOpencode(p), s);

describe('matcher: trailing " *" also matches the bare word', () => {
  it('git * matches git, git status, not gitk', () => {
    assert.equal(m('git *', 'git'), true);
    assert.equal(m('git *', 'git status'), true);
    assert.equal(m('git *', 'git '), true);
    assert.equal(m('git *', 'gitk'), false);
  });
  it('applies to every action, not only bash', () => {
    assert.equal(m('mcp *', 'mcp'), true);
  });
  it('a star without the space does not make the suffix optional beyond the empty run', () => {
    assert.equal(m('git*', 'gitk'), true);
    assert.equal(m('git*', 'git'), true);
  });
  it('only a trailing " *" counts, not one in the middle', () => {
    assert.equal(m('git * x', 'git x'), false);
    assert.equal(m('git * x', 'git a x'), true);
  });
  it('the final " *" is optional whatever precedes it (OpenCode 1.18.33 util/wildcard.ts; the spec said one space only)', () => {
    assert.equal(m('git  *', 'git '), true);
    assert.equal(m('git  *', 'git'), false);
    assert.equal(m('git  *', 'git  x'), true);
    assert.equal(m(' *', ''), true);
  });
  it('yarn (no star) matches only the bare command', () => {
    assert.equal(m('yarn', 'yarn'), true);
    assert.equal(m('yarn', 'yarn test'), false);
    assert.equal(m('yarn *', 'yarn test'), true);
  });
});
