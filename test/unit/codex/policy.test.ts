// Codex decides with every `.rules` file of the rules folder at once (codex-rs/core/src/exec_policy.rs
// `load_exec_policy`): each file's matches combine and the strictest wins; one file that fails to
// load takes the whole folder down. Expectations were checked with `codex execpolicy check --rules A
// --rules B` (@openai/codex 0.171.0).
import { strict as assert } from 'assert';
import { initDialects } from '../../../shared/dialects';
import { codexMembers, evaluateCodex, parseCodexPolicy } from '../../../shared/dialects/codex';

const DIR = '/p/.codex/rules';
const USER = '/home/u/.codex/rules';

function policyOf(files: Record<string, string>, checked: string, ctx = {}, user: Record<string, string> = {}) {
  const host = {
    readFile: (p: string) => (p.startsWith(`${DIR}/`) ? files[p.slice(DIR.length + 1)] : user[p.slice(USER.length + 1)]),
    list: (dir: string) =>
      dir === DIR ? Object.keys(files).sort().map((name) => ({ name, kind: name.startsWith('link') ? ('link' as const) : ('file' as const) })) : dir === USER ? Object.keys(user).map((name) => ({ name, kind: 'file' as const })) : undefined,
  };
  const file = { path: `${DIR}/${checked}`, text: files[checked] };
  return parseCodexPolicy(file, codexMembers(file, host, ctx), ctx);
}

describe('codex: the rules folder is one policy', () => {
  before(() => initDialects());

  it('a.rules allows `git`, b.rules forbids `git push`: `git push origin` is forbidden, by b.rules', () => {
    const rs = policyOf({ 'a.rules': 'prefix_rule(pattern=["git"], decision="allow")\n', 'b.rules': 'prefix_rule(pattern=["git", "push"], decision="forbidden")\n' }, 'a.rules');
    const v = evaluateCodex(rs, { command: ['git', 'push', 'origin'] });
    assert.equal(v.native, 'forbidden');
    const decider = rs.rules[v.rule!.index];
    assert.equal(decider.file, `${DIR}/b.rules`);
    assert.equal(decider.layer, 'rules folder');
    assert.deepEqual(rs.members!.map((m) => m.path), [`${DIR}/a.rules`, `${DIR}/b.rules`]);
    assert.equal(evaluateCodex(rs, { command: ['git', 'status'] }).native, 'allow');
  });

  it('only regular files whose extension is exactly `rules` belong to it', () => {
    const files = { 'a.rules': 'prefix_rule(pattern=["git"], decision="allow")\n', 'b.RULES': 'prefix_rule(pattern=["git"], decision="forbidden")\n', 'link.rules': 'prefix_rule(pattern=["git"], decision="forbidden")\n', 'c.rules.bak': 'prefix_rule(pattern=["git"], decision="forbidden")\n' };
    assert.equal(evaluateCodex(policyOf(files, 'a.rules'), { command: ['git', 'push'] }).native, 'allow');
  });

  it('one file that fails to load: Codex keeps none of the folder', () => {
    const rs = policyOf({ 'a.rules': 'prefix_rule(pattern=["git"], decision="forbidden")\n', 'b.rules': 'prefix_rule(pattern=["ls"], decision="maybe")\n' }, 'a.rules');
    assert.equal(rs.rejectedBy?.path, `${DIR}/b.rules`);
    const v = evaluateCodex(rs, { command: ['git', 'push'] });
    assert.equal(v.native, 'prompt', 'the fallback decides: no rule is in force');
    assert.match(v.trace.notes.join('\n'), /keeps none of the rules/);
    assert.ok(rs.findings.some((f) => /refuses the whole rules folder/.test(f.message)));
  });

  it('the user rules join when named; host_executable: the last definition in load order wins', () => {
    const user = { 'default.rules': 'prefix_rule(pattern=["rm"], decision="forbidden")\nhost_executable(name="git", paths=["/opt/git"])\n' };
    const rs = policyOf({ 'a.rules': 'prefix_rule(pattern=["git"], decision="allow")\nhost_executable(name="git", paths=["/usr/bin/git"])\n' }, 'a.rules', { codexUserRules: USER }, user);
    assert.equal(evaluateCodex(rs, { command: ['rm', 'x'] }).native, 'forbidden');
    assert.equal(rs.rules.find((r) => r.program === 'rm')?.layer, 'user rules');
    assert.equal(evaluateCodex(rs, { command: ['/usr/bin/git', 'push'] }).native, 'allow', 'the project file (loaded after the user rules) names /usr/bin/git');
  });
});

describe('codex: bash -lc scripts (codex-rs/shell-command/src/bash.rs)', () => {
  before(() => initDialects());
  const rules = 'prefix_rule(pattern=["echo", "/usr/local/bin"], decision="forbidden")\nprefix_rule(pattern=["cat"], decision="allow")\nprefix_rule(pattern=["git", "status"], decision="allow")\n';
  const lc = (script: string) => evaluateCodex(policyOf({ 'a.rules': rules }, 'a.rules'), { command: ['bash', '-lc', script] }).native;

  it('a word made of quoted parts is one word: `"/usr"\'/\'"local"/bin`', () => {
    assert.equal(lc(`echo "/usr"'/'"local"/bin`), 'forbidden');
    assert.equal(lc(`echo '/usr'"/"'local'/bin`), 'forbidden');
    assert.equal(lc('rg -n "foo" -g"*.py"'), 'prompt', 'split: rg matches no rule');
  });

  it('a quoted program name keeps the argv whole', () => {
    assert.equal(lc('"git" status'), 'prompt');
    assert.equal(lc('git status'), 'allow');
  });

  it('a here-document script stays whole (Codex 0.171.0 does not split it)', () => {
    assert.equal(lc('cat <<EOF\nhello\nEOF'), 'prompt');
    assert.equal(lc("cat <<'EOF'\nhello\nEOF"), 'prompt');
  });

  it('an unquoted word a shell expands keeps the script whole; quoted, it is split', () => {
    for (const w of ['*.md', '~', 'a\\ b', '{a,b}', 'a^b', 'a#b', '=ls', 'a]b']) assert.equal(lc(`cat ${w}`), 'prompt', w);
    for (const w of ['"*.md"', "'~'", 'a!b', 'a=b', '-g"*.py"']) assert.equal(lc(`cat ${w}`), 'allow', w);
  });
});
