import { strict as assert } from 'assert';
import { parseOmp } from '../../../shared/dialects/omp/parse';
import { evaluateOmp } from '../../../shared/dialects/omp/evaluate';
import { literalAndChain } from '../../../shared/dialects/omp/compound';
import { commentBlindSpotFindings } from '../../../shared/dialects/omp/comment-blind-spot';

const yaml = (compound: boolean | null, mode = 'always-ask') =>
  `bash:\n${compound === null ? '' : `  allowCompoundCommands: ${compound}\n`}  patterns:\n    - match: "git status"\n      approval: allow\n    - match: "echo *"\n      approval: allow\n    - match: "npm test"\n      approval: prompt\n    - match: "rm *"\n      approval: deny\ntools:\n  approvalMode: ${mode}\n`;
const decide = (compound: boolean | null, command: string) => evaluateOmp(parseOmp({ path: 'settings.yml', text: yaml(compound) }), { command }).decision;

describe('oh-my-pi: bash.allowCompoundCommands', () => {
  it('allows a literal && chain when every command selects an allow', () => {
    assert.equal(decide(true, 'git status && echo hi'), 'allow');
    assert.equal(decide(false, 'git status && echo hi'), 'ask');
    assert.equal(decide(null, 'git status && echo hi'), 'ask');
  });
  it('a command without an allow leaves the chain to the mode; a deny or prompt in any command wins', () => {
    assert.equal(decide(true, 'git status && ls'), 'ask');
    assert.equal(decide(true, 'npm test && rm -rf x'), 'deny');
    assert.equal(decide(true, 'git status && npm test'), 'ask');
  });
  it('only literal && chains: other control, expansion, comments, interpreters and stateful builtins keep the whole-command rules', () => {
    for (const c of ['git status; echo hi', 'git status && echo $HOME', 'git status && echo hi > f', 'git status && bash -c x', 'git status && cd /', 'git status && echo *', 'git status && #x', 'X=1 git status && echo a', 'git status\n&& echo a']) {
      assert.equal(literalAndChain(c), null, c);
    }
    assert.deepEqual(literalAndChain("git status && echo 'a b'")?.map((s) => s.argv), [['git', 'status'], ['echo', 'a b']]);
    assert.equal(literalAndChain('git status'), null);
  });
});

describe('oh-my-pi: comment-hides-command', () => {
  it('flags an allow that a # comment lets run a hidden second command, with a witness the evaluator allows', () => {
    const rs = parseOmp({ path: 'settings.yml', text: 'bash:\n  patterns:\n    - match: "git status *"\n      approval: allow\ntools:\n  approvalMode: always-ask\n' });
    const [f] = commentBlindSpotFindings(rs);
    assert.equal(f.code, 'comment-hides-command');
    assert.equal(f.severity, 'warning');
    assert.equal(f.witness, "git status #'\nrm -rf x\n#'");
    assert.equal(evaluateOmp(rs, { command: f.witness }).decision, 'allow');
  });
  it('stays quiet for exact allows and for allows an earlier deny takes the witness from', () => {
    const exact = parseOmp({ path: 's.yml', text: 'bash:\n  patterns:\n    - match: "git status"\n      approval: allow\n' });
    assert.deepEqual(commentBlindSpotFindings(exact), []);
    const guarded = parseOmp({ path: 's.yml', text: 'bash:\n  patterns:\n    - match: "*rm -rf*"\n      approval: deny\n    - match: "git status *"\n      approval: allow\n' });
    assert.deepEqual(commentBlindSpotFindings(guarded), []);
  });
});
