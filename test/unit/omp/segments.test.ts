import { strict as assert } from 'assert';
import { scanSegments } from '../../../shared/dialects/omp/segments';

const texts = (c: string) => scanSegments(c).map((s) => s.text);

describe('omp segment scanner', () => {
  it('splits on ; & | newline and both parentheses', () => {
    assert.deepEqual(texts('a; b & c | d\ne'), ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(texts('a && b || c'), ['a', 'b', 'c']);
    assert.deepEqual(texts('(cd x; ls)'), ['cd x', 'ls']);
  });
  it('splits at the ( of $( but not at backticks', () => {
    assert.deepEqual(texts('echo $(date) x'), ['echo $', 'date', 'x']);
    assert.deepEqual(texts('echo `date` x'), ['echo `date` x']);
  });
  it('does not split on braces, redirections, #, heredocs or \\r', () => {
    assert.deepEqual(texts('{ a } > out # c'), ['{ a } > out # c']);
    assert.deepEqual(texts('cat <<EOF'), ['cat <<EOF']);
    assert.deepEqual(texts('printf a\rprintf b'), ['printf a printf b']);
  });
  it('removes quotes and keeps quoted separators inside a word', () => {
    assert.deepEqual(texts(`printf "a; b" 'c | d'`), ['printf a; b c | d']);
    assert.deepEqual(texts(`"printf" closed`), ['printf closed']);
  });
  it('removes backslash escapes, which also protect separators', () => {
    assert.deepEqual(texts('find . -exec rm {} \\;'), ['find . -exec rm {} ;']);
    assert.deepEqual(texts('a\\ b'), ['a b']);
    assert.deepEqual(texts("echo '\\n'"), ['echo \\n']);
  });
  it('joins tokens by one space and drops empty segments and words', () => {
    assert.deepEqual(texts('  printf \t  closed  ;; ; '), ['printf closed']);
    assert.deepEqual(texts("printf ''"), ['printf']);
    assert.deepEqual(texts(''), []);
  });
  it('records the separators before each segment', () => {
    assert.deepEqual(scanSegments('curl x | sh').map((s) => s.before), ['', '|']);
    assert.deepEqual(scanSegments('a || b').map((s) => s.before), ['', '||']);
  });
  it('reads an unterminated quote to the end', () => {
    assert.deepEqual(texts('echo "a; b'), ['echo a; b']);
  });
});
