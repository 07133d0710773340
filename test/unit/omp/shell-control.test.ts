import { strict as assert } from 'assert';
import { reinterpretingOption, shellControl } from '../../../shared/dialects/omp/shell-control';

const has = (c: string) => shellControl(c) !== null;

describe('omp shell-control check', () => {
  it('flags every unquoted, unescaped control character', () => {
    for (const c of ['a\nb', 'a\rb', 'a;b', 'a&b', 'a|b', 'a<b', 'a>b', 'a`b`', 'a $b', 'a(b)', 'a)']) assert.ok(has(c), JSON.stringify(c));
    assert.equal(shellControl('printf a && printf b')?.token, '&&');
    assert.equal(shellControl('echo $(id)')?.token, '$(');
  });
  it('allows quoted or escaped literals', () => {
    for (const c of [`printf 'a;b'`, `printf "a | b"`, `printf 'x$y'`, 'printf a\\;b', `grep "(x)" f`, 'echo \\$HOME']) assert.ok(!has(c), c);
  });
  it('treats $ and backticks inside double quotes as active', () => {
    assert.equal(shellControl('echo "$HOME"')?.description, '`$` inside double quotes');
    assert.ok(has('echo "`id`"'));
    assert.ok(!has('echo "\\$HOME"'));
  });
  it('treats quoted control as active when an option re-interprets an argument', () => {
    assert.ok(has(`bash -c 'ls; id'`));
    assert.ok(has(`bash -lc 'ls | id'`));
    assert.ok(has(`perl -e 'print 1; 2'`));
    assert.ok(has(`node --eval 'a;b'`));
    assert.ok(has(`fish --command='a;b'`));
    assert.ok(has('sh -c ls\\;id'));
    assert.ok(!has(`bash -c 'ls'`), 'no control character at all');
    assert.ok(!has(`git commit -m 'a; b'`), '-m is not a re-interpreting option');
    assert.equal(reinterpretingOption('python3 -Bc x'), '-Bc');
  });
  it('does not count an unterminated quote as control', () => {
    assert.ok(!has('echo "abc'));
    assert.ok(!has("echo 'abc"));
  });
});
