import { strict as assert } from 'assert';
import { lintOmp } from '../../../shared/dialects/omp';
import { selectRule } from '../../../shared/dialects/omp/decide';
import { rules } from './helpers';

const globs = (pairs: Array<[string, string]>) => {
  const rs = rules(pairs);
  return { rs, fs: lintOmp(rs).filter((f) => f.code === 'literal-glob-syntax') };
};

describe('omp: literal-glob-syntax', () => {
  it('flags {a,b}, [abc], a globstar folder and a leading ! with a witness the rule does not apply to', () => {
    const cases: Array<[string, string, string]> = [
      ['git {push,pull} *', 'deny', 'git push a'],
      ['ls [abc]*', 'allow', 'ls a'],
      ['rm -rf **/node_modules', 'prompt', 'rm -rf node_modules'],
      ['cat src/**/*.ts', 'deny', 'cat src/a.ts'],
      ['!git push *', 'deny', 'ls'],
    ];
    for (const [match, approval, witness] of cases) {
      const { rs, fs } = globs([[match, approval]]);
      assert.equal(fs.length, 1, match);
      assert.equal(fs[0].witness, witness, match);
      assert.equal(selectRule(rs.rules, witness).selected, null, `${match} does not apply to ${witness}`);
      // What it really matches is named too, and the agent's selection confirms it.
      const sample = fs[0].data?.matches as string;
      assert.ok(fs[0].message.includes(`"${sample}"`), match);
      assert.equal(selectRule(rs.rules, sample).selected, rs.rules[0], `${match} applies to ${sample}`);
    }
  });

  it('says that a leading ! is not a negation', () => {
    assert.match(globs([['!git push *', 'deny']]).fs[0].message, /not as a negation/);
  });

  it('leaves star-only patterns and plain punctuation alone', () => {
    for (const p of ['git push *', 'echo {}', 'npm run build -- --watch', 'printf [', '* deny']) {
      assert.deepEqual(globs([[p, 'deny']]).fs, [], p);
    }
  });
});
