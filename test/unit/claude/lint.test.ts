import { strict as assert } from 'assert';
import { lintClaude, parseClaude } from '../../../shared/dialects/claude';
import { initDialects } from '../../../shared/dialects';

const lint = (permissions: object) => {
  const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify({ permissions }) });
  return lintClaude(rs).map((f) => ({ ...f, rule: rs.rules[f.data!.ruleIndex as number].text }));
};
const pick = (fs: ReturnType<typeof lint>, code: string) => fs.filter((f) => f.code === code);

describe('claude: lints', () => {
  before(initDialects);

  it('dead-rule: an allow covered by a deny, exactly on the automata, with a witness and the coverer', () => {
    const fs = pick(lint({ deny: ['Bash(rm *)'], allow: ['Bash(rm -rf *)', 'Bash(rmdir *)'] }), 'dead-rule');
    assert.deepEqual(fs.map((f) => f.rule), ['Bash(rm -rf *)']);
    assert.equal(fs[0].unnecessary, true);
    assert.equal(fs[0].related!.length, 1);
    assert.match(fs[0].witness!, /^rm -rf/);
  });

  it('dead-rule: coverage by a union of deny and ask rules', () => {
    const fs = pick(lint({ deny: ['Bash(git push *)'], ask: ['Bash(git pull *)'], allow: ['Bash(git pu* origin)'] }), 'dead-rule');
    assert.equal(fs.length, 0, 'git pux origin is not covered');
    const fs2 = pick(lint({ deny: ['Bash(git push *)'], ask: ['Bash(git p*)'], allow: ['Bash(git pu* origin)'] }), 'dead-rule');
    assert.equal(fs2.length, 1);
  });

  it('dead-rule: bare tool deny, paths, domains, MCP; an ask covered by a deny', () => {
    const fs = pick(lint({
      deny: ['WebFetch', 'Read(./secrets/**)', 'mcp__gh', 'Bash(curl *)'],
      ask: ['Bash(curl -s *)'],
      allow: ['WebFetch(domain:example.com)', 'Read(./secrets/a.key)', 'mcp__gh__create_issue', 'Read(./docs/**)'],
    }), 'dead-rule');
    assert.deepEqual(fs.map((f) => f.rule).sort(), ['Bash(curl -s *)', 'Read(./secrets/a.key)', 'WebFetch(domain:example.com)', 'mcp__gh__create_issue']);
  });

  it('never-matches: Write/MultiEdit/Glob path rules and allow tool globs', () => {
    const fs = pick(lint({ allow: ['Write(src/**)', 'MultiEdit(a)', 'Glob(src/**)', '*', 'mcp__*', 'B*'], deny: ['Edit(x)'] }), 'never-matches');
    assert.deepEqual(fs.map((f) => f.rule), ['Write(src/**)', 'MultiEdit(a)', 'Glob(src/**)', '*', 'mcp__*', 'B*']);
    assert.match(fs[0].message, /Edit\(src\/\*\*\)/);
  });

  it('allow-runs-anything: interpreters, runners, git * main, one finding per root cause', () => {
    const risky = ['Bash(bash *)', 'Bash(python *)', 'Bash(node *)', 'Bash(env *)', 'Bash(xargs *)', 'Bash(git * main)', 'Bash(npx:*)', 'Bash(docker:*)', 'Bash(ssh:*)', 'Bash(rm:*)'];
    // `sh -c *` admits only opaque scripts the agent asks for anyway; a bare `Bash` is a broad-catch-all.
    // `find *` and `awk:*` cannot run anything on Claude Code: it asks for `find -exec`/`-ok` and for awk's
    // `system()`, pipes and `-f` whatever allow matches (program-checks.ts), so no witness is confirmed.
    const safe = ['Bash(npm test)', 'Bash(git status)', 'Bash(env)', 'Bash(find . -name foo)', 'Bash(sh -c *)', 'Bash(find *)', 'Bash(awk:*)'];
    const all = lint({ allow: [...risky, ...safe] });
    const fs = pick(all, 'allow-runs-anything');
    // Rules of one root cause (interpreters, runners, commands run by a flag) share a finding on the
    // first of them; every other is in its related information, each with its own witness.
    const texts = [...risky, ...safe];
    const named = fs.flatMap((f) => (f.data!.rules as Array<{ ruleIndex: number }>).map((d) => texts[d.ruleIndex]));
    for (const r of risky) assert.ok(named.includes(r), `${r} is named`);
    for (const r of safe) assert.ok(!named.includes(r), `${r} is not named`);
    assert.deepEqual([...new Set(fs.map((f) => f.data!.kind))].length, fs.length, 'one finding per root cause');
    for (const f of fs) assert.ok(f.witness && f.message.includes(f.witness) && f.message.length <= 120, f.message);
    // Next to a bare `Bash` allow every narrower Bash allow is redundant (order never matters in a tier).
    const withBare = lint({ allow: [...risky, 'Bash'] });
    assert.deepEqual(pick(withBare, 'broad-catch-all').map((f) => f.rule), ['Bash']);
    assert.deepEqual(pick(withBare, 'dead-rule').map((f) => f.rule), risky);
  });

  it('exact-command-pattern: a warning for deny/ask, information for allow, saying what the command with arguments becomes', () => {
    const fs = pick(lint({ deny: ['Bash(yarn)'], allow: ['Bash(npm run build)', 'Bash(git status)', 'Bash(ls *)', 'Bash(yarn *)'] }), 'exact-command-pattern');
    // `git status x` is read-only: the agent allows it without a rule, as the exact rule does.
    assert.deepEqual(fs.map((f) => [f.rule, f.severity]), [['Bash(yarn)', 'warning'], ['Bash(npm run build)', 'information']]);
    assert.equal(fs[0].data!.suggestion, 'Bash(yarn *)');
    assert.match(fs[0].message, /^`yarn dlx evil-package` is allowed: /);
    // Never the allowed command itself: the witness is the command with arguments.
    assert.equal(fs[1].witness, 'npm run build x');
    assert.match(fs[1].message, /^`npm run build x` still asks/);
  });

  it('duplicate-rule', () => {
    const fs = pick(lint({ allow: ['Bash(ls *)', 'Bash(ls *)'] }), 'duplicate-rule');
    assert.equal(fs.length, 1);
  });
});
