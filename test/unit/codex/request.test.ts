import { strict as assert } from 'assert';
import { codex } from '../../../shared/dialects/codex';
import { shlexJoin, shlexSplit } from '../../../shared/dialects/codex/shlex';
import { parseJson } from '../../../shared/json/tree';

const read = (json: string) => {
  const doc = parseJson(json);
  return codex.readRequest(doc.root!, doc.source);
};

describe('codex: requests', () => {
  it('an argv array or a shell-split string', () => {
    assert.deepEqual(read('{"command": ["git", "status"]}').request, { command: ['git', 'status'] });
    assert.deepEqual(read(`{"command": "git commit -m 'a b' \\"c\\\\\\"d\\""}`).request?.command, ['git', 'commit', '-m', 'a b', 'c"d']);
  });

  it('bad fields are errors at the field', () => {
    assert.match(read('{"command": 3}').findings[0].message, /array of strings or a string/);
    assert.match(read('{"command": "echo \'open"}').findings[0].message, /unterminated/);
    assert.match(read('{"command": [], "x": 1}').findings.map((f) => f.message).join(), /unknown field "x"/);
    assert.match(read('{"command": "ls", "fallback": "deny"}').findings[0].message, /fallback/);
  });

  it('shlex: comments, escapes, and joining back', () => {
    assert.deepEqual(shlexSplit('ls # comment'), ['ls']);
    assert.deepEqual(shlexSplit('a\\ b'), ['a b']);
    assert.equal(shlexSplit('trailing\\'), undefined);
    assert.equal(shlexJoin(['git', 'commit', '-m', "it's"]), `git commit -m 'it'"'"'s'`);
    assert.deepEqual(shlexSplit(shlexJoin(['a b', '', "x'y"])), ['a b', '', "x'y"]);
  });
});
