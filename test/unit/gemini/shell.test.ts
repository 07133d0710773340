import { strict as assert } from 'assert';
import { initShellParser } from '../../../shared/dialects/claude';
import { hasRedirection, shellDetails, stripShellWrapper } from '../../../shared/dialects/gemini/shell';
import { heuristicWords, isDangerous } from '../../../shared/dialects/gemini/heuristics';
import { stableArgs } from '../../../shared/dialects/gemini';

describe('gemini: shell splitting and heuristics', () => {
  before(initShellParser);

  it('sub-commands include substitutions, process substitutions and subshells', () => {
    const d = shellDetails('echo $(rm x) && (cd a; ls) | cat <(pwd)')!;
    assert.equal(d.hasError, false);
    const commands = d.details.filter((x) => !x.name.includes('substitution') && x.name !== 'subshell').map((x) => x.text);
    assert.deepEqual(commands, ['echo $(rm x)', 'rm x', 'cd a', 'ls', 'cat <(pwd)', 'pwd']);
  });

  it('a parse error or ${x@P} is an error', () => {
    assert.equal(shellDetails('echo "open')!.hasError, true);
    assert.equal(shellDetails('echo ${x@P}')!.hasError, true);
  });

  it('redirection, but not a quoted arrow', () => {
    assert.equal(hasRedirection('ls > out'), true);
    assert.equal(hasRedirection('cat <<< hi'), true);
    assert.equal(hasRedirection('echo "-> arrow"'), false);
  });

  it('wrappers: sh/bash/zsh -c with a path, quotes removed once', () => {
    assert.equal(stripShellWrapper(`bash -c 'rm -rf x'`), 'rm -rf x');
    assert.equal(stripShellWrapper(`/bin/sh -c "echo \\"hi\\""`), 'echo "hi"');
    assert.equal(stripShellWrapper('bash -lc ls'), 'bash -lc ls');
    assert.equal(stripShellWrapper('/bash -c ls'), '/bash -c ls');
    assert.equal(stripShellWrapper('  ls  '), 'ls');
  });

  it('dangerous commands', () => {
    for (const c of ['rm -rf x', 'rm -f x', 'sudo rm -fr /', 'find . -delete', 'git -c core.pager=x log', 'git log --output=x', 'git branch new', 'ln -sf a b', 'rg --pre=x y', 'base64 -oout']) assert.equal(isDangerous(heuristicWords(c)), true, c);
    for (const c of ['rm x', 'rm -r x', 'git status', 'git branch -a', 'find . -name x', 'ln a b', 'git push']) assert.equal(isDangerous(heuristicWords(c)), false, c);
  });

  it('arguments are serialized with sorted keys and NUL-wrapped top-level pairs', () => {
    assert.equal(stableArgs({ command: 'ls', a: { z: 1, b: [undefined, 2] } }), '{\u0000"a":{"b":[null,2],"z":1}\u0000,\u0000"command":"ls"\u0000}');
  });
});
