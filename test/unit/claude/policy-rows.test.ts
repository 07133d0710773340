// Issue rows on the whole policy Claude Code loads: every settings layer, the agent's guards, hooks.
// Each expectation is what Claude Code 2.1.328 and 2.1.332 decided for the same setup (see
// docs/dialects/claude.md, "The policy"), asked through test/differential/claude/oracle.ts.
import { strict as assert } from 'assert';
import { claudeMembers, evaluateClaude, initShellParser, parseClaudePolicy, type ClaudeRequest } from '../../../shared/dialects/claude';
import { HOOK_DEPENDENT, LEXICAL_FS } from '../../../shared/model';

const ROOT = '/p';
const HOME = '/home/u';

interface Setup {
  project?: object;
  local?: object;
  user?: object;
  managed?: object;
  skills?: Record<string, string>;
}

function policy(s: Setup) {
  const files: Record<string, string> = {};
  if (s.project) files[`${ROOT}/.claude/settings.json`] = JSON.stringify(s.project);
  if (s.local) files[`${ROOT}/.claude/settings.local.json`] = JSON.stringify(s.local);
  for (const [name, text] of Object.entries(s.skills ?? {})) files[`${ROOT}/.claude/skills/${name}/SKILL.md`] = text;
  const host = {
    readFile: (p: string) => files[p],
    list: (dir: string) =>
      dir === `${ROOT}/.claude/skills` ? Object.keys(s.skills ?? {}).sort().map((name) => ({ name, kind: 'dir' as const })) : undefined,
  };
  const ctx = {
    root: ROOT,
    home: HOME,
    ...(s.user ? { userSettings: { path: `${HOME}/.claude/settings.json`, text: JSON.stringify(s.user) } } : {}),
    ...(s.managed ? { managedSettings: { path: '/etc/claude-code/managed-settings.json', text: JSON.stringify(s.managed) } } : {}),
  };
  const main = { path: `${ROOT}/.claude/settings.json`, text: files[`${ROOT}/.claude/settings.json`] ?? '{}' };
  return { rs: parseClaudePolicy(main, claudeMembers(main, host, ctx), ctx), ctx };
}

function decide(s: Setup, req: ClaudeRequest) {
  const { rs, ctx } = policy(s);
  // The rows assume a plain file system (no symlinks): without one no path could be proven.
  return evaluateClaude(rs, req, { ...ctx, fs: LEXICAL_FS });
}

const bash = (command: string, extra: Partial<ClaudeRequest> = {}): ClaudeRequest => ({ tool: 'Bash', command, ...extra });
const write = (path: string, extra: Partial<ClaudeRequest> = {}): ClaudeRequest => ({ tool: 'Write', path, ...extra });
const hook = (decision: string | null, matcher = 'Bash') => ({ PreToolUse: [{ matcher, hooks: [{ type: 'command', command: './guard.sh', _decision: decision }] }] });

describe('claude: the policy of a settings file (issue rows)', () => {
  before(() => initShellParser());

  it('project allows `Bash(make:*)`, local denies it: `make all` is denied, by the local rule', () => {
    const v = decide({ project: { permissions: { allow: ['Bash(make:*)'] } }, local: { permissions: { deny: ['Bash(make:*)'] } } }, bash('make all'));
    assert.equal(v.decision, 'deny');
    assert.equal(v.details.layer, 'local');
    const { rs } = policy({ project: { permissions: { allow: ['Bash(make:*)'] } }, local: { permissions: { deny: ['Bash(make:*)'] } } });
    const denyRule = rs.rules.find((r) => r.tier === 'deny')!;
    assert.equal(denyRule.layer, 'local settings');
    assert.equal(denyRule.file, `${ROOT}/.claude/settings.local.json`);
  });

  it('local defaultMode dontAsk over project acceptEdits: a Write is denied; user dontAsk under project acceptEdits is not', () => {
    assert.equal(decide({ local: { permissions: { defaultMode: 'dontAsk' } }, project: { permissions: { defaultMode: 'acceptEdits' } } }, write(`${ROOT}/new.txt`)).decision, 'deny');
    assert.equal(decide({ user: { permissions: { defaultMode: 'dontAsk' } }, project: { permissions: { defaultMode: 'acceptEdits' } } }, write(`${ROOT}/new.txt`)).decision, 'allow');
    assert.equal(decide({ managed: { permissions: { defaultMode: 'dontAsk' } }, local: { permissions: { defaultMode: 'acceptEdits' } } }, write(`${ROOT}/new.txt`)).decision, 'deny');
  });

  it('managed rules: a managed deny wins, allowManagedPermissionRulesOnly sets the project allow aside', () => {
    assert.equal(decide({ managed: { permissions: { deny: ['Bash(make:*)'] } }, project: { permissions: { allow: ['Bash(make:*)'] } } }, bash('make all')).decision, 'deny');
    assert.equal(decide({ managed: { allowManagedPermissionRulesOnly: true }, project: { permissions: { allow: ['Bash(make:*)'] } } }, bash('make all')).decision, 'ask');
  });

  it('blockWritesOutsideWorkingDirectories (any layer) denies a Write outside past an `Edit(//other/**)` allow', () => {
    for (const layer of ['project', 'local', 'user', 'managed'] as const) {
      const setup: Setup = { project: { permissions: { allow: ['Edit(//other/**)'] } }, [layer]: { permissions: { blockWritesOutsideWorkingDirectories: true, ...(layer === 'project' ? { allow: ['Edit(//other/**)'] } : {}) } } };
      const v = decide(setup, write('/other/x.txt'));
      assert.equal(v.decision, 'deny', layer);
      assert.equal(v.details.tier, 'guard');
      const row = v.trace.sections[0].rows[0];
      assert.equal(row.label, 'permissions.blockWritesOutsideWorkingDirectories: true');
      assert.equal(row.source?.layer, `${layer} settings`);
    }
    assert.equal(decide({ project: { permissions: { allow: ['Edit(//other/**)'] } } }, write('/other/x.txt')).decision, 'allow', 'without the guard the allow stands');
    // It does not limit shell commands, and it also refuses a settings file inside.
    const shell = (perms: object) => decide({ project: { permissions: { allow: ['Bash'], ...perms } } }, bash('echo hi > /srv/o.txt')).decision;
    assert.equal(shell({ blockWritesOutsideWorkingDirectories: true }), shell({}));
    assert.equal(decide({ project: { permissions: { blockWritesOutsideWorkingDirectories: true, defaultMode: 'acceptEdits' } } }, write(`${ROOT}/.claude/settings.json`)).decision, 'deny');
    assert.equal(decide({ project: { permissions: { blockWritesOutsideWorkingDirectories: true, defaultMode: 'acceptEdits' } } }, write(`${ROOT}/x.json`)).decision, 'allow');
  });

  it('protected files ask whatever allow rule or mode: `.claude/settings.local.json`, `.claude/notes.txt`', () => {
    for (const p of ['.claude/settings.local.json', '.claude/notes.txt', '.CLAUDE/notes.txt', 'src/.git/x', '.vscode/x.json', '.bashrc', '.config/git/config', '.mcp.json']) {
      assert.equal(decide({ project: { permissions: { allow: ['Edit(.claude/**)', 'Edit(/**)'] } } }, write(`${ROOT}/${p}`)).decision, 'ask', p);
      assert.equal(decide({ project: { permissions: { defaultMode: 'acceptEdits' } } }, write(`${ROOT}/${p}`)).decision, 'ask', `${p} in acceptEdits`);
    }
    for (const p of ['CLAUDE.md', '.claude/worktrees/x', '.claudeignore', 'a.gitconfig']) assert.equal(decide({ project: { permissions: { defaultMode: 'acceptEdits' } } }, write(`${ROOT}/${p}`)).decision, 'allow', p);
    assert.equal(decide({ project: { permissions: { defaultMode: 'dontAsk', allow: ['Edit(.claude/**)'] } } }, write(`${ROOT}/.claude/notes.txt`)).decision, 'deny');
    assert.equal(decide({ project: { permissions: { deny: ['Edit(.claude/**)'] } } }, write(`${ROOT}/.claude/notes.txt`)).decision, 'deny');
    assert.equal(decide({ project: { permissions: { allow: ['Edit(.claude/**)', 'Bash(echo *)'] } } }, bash('echo hi > .claude/notes.txt')).decision, 'ask', 'a redirect into a sensitive folder asks too');
    assert.equal(decide({ project: { permissions: { allow: ['Bash'] } } }, bash('echo hi > .claude/notes.txt')).decision, 'ask', 'even under a bare Bash allow');
  });

  it('blockReadsOutsideWorkingDirectories denies a Read outside; a shell read outside asks even under `Bash`', () => {
    for (const layer of ['project', 'local', 'user', 'managed'] as const) {
      assert.equal(decide({ [layer]: { permissions: { blockReadsOutsideWorkingDirectories: true } } }, { tool: 'Read', path: '/srv/outside.txt' }).decision, 'deny', layer);
    }
    assert.equal(decide({ project: { permissions: { blockReadsOutsideWorkingDirectories: true, allow: ['Read(//srv/**)'] } } }, { tool: 'Read', path: '/srv/outside.txt' }).decision, 'deny');
    assert.equal(decide({ project: { permissions: { blockReadsOutsideWorkingDirectories: true, allow: ['Bash'] } } }, bash('cat /srv/outside.txt')).decision, 'ask');
    assert.equal(decide({ project: { permissions: { allow: ['Bash'] } } }, bash('cat /srv/outside.txt')).decision, 'allow', 'without the guard a bare Bash allow approves it');
    assert.equal(decide({ project: { permissions: { blockReadsOutsideWorkingDirectories: true } } }, { tool: 'Read', path: `${ROOT}/a.txt` }).decision, 'allow');
  });

  it('denyInsteadOfPrompting in user or managed settings denies what would ask; in project or local it is ignored', () => {
    assert.equal(decide({ user: { permissions: { denyInsteadOfPrompting: true } } }, bash('make test')).decision, 'deny');
    assert.equal(decide({ managed: { permissions: { denyInsteadOfPrompting: true } } }, bash('make test')).decision, 'deny');
    assert.equal(decide({ project: { permissions: { denyInsteadOfPrompting: true } } }, bash('make test')).decision, 'ask');
    assert.equal(decide({ local: { permissions: { denyInsteadOfPrompting: true } } }, bash('make test')).decision, 'ask');
    assert.equal(decide({ user: { permissions: { denyInsteadOfPrompting: true } }, project: { permissions: { allow: ['Bash(make:*)'] } } }, bash('make all')).decision, 'allow', 'it allows nothing and denies no allow');
    const { rs } = policy({ project: { permissions: { denyInsteadOfPrompting: true } } });
    assert.match(rs.findings.map((f) => f.message).join('\n'), /only from user and managed settings/);
  });

  it('a PreToolUse hook makes the verdict hook-dependent; a pinned answer decides as the agent does', () => {
    const withHook = (perms: object) => ({ project: { permissions: perms, hooks: hook('deny') } });
    const v = decide(withHook({ allow: ['Bash(make:*)'] }), bash('make all'));
    assert.equal(v.native, HOOK_DEPENDENT);
    assert.equal(v.decision, 'allow');
    assert.deepEqual(v.hook?.hooks.map((h) => h.command), ['./guard.sh']);
    assert.equal(v.hook?.without, 'allow');
    assert.match(v.trace.branch, /the hook `\.\/guard\.sh` decides first/);
    // Pinned: deny beats every rule; ask asks unless a deny rule denies; allow approves what no rule decides.
    assert.equal(decide(withHook({ allow: ['Bash(make:*)'] }), bash('make all', { hook: 'deny' })).decision, 'deny');
    assert.equal(decide(withHook({ allow: ['Bash(make:*)'] }), bash('make all', { hook: 'ask' })).decision, 'ask');
    assert.equal(decide(withHook({ deny: ['Bash(make:*)'] }), bash('make all', { hook: 'ask' })).decision, 'deny');
    assert.equal(decide(withHook({}), bash('make all', { hook: 'allow' })).decision, 'allow', "a hook's allow approves what no rule allows");
    assert.equal(decide(withHook({ deny: ['Bash(make:*)'] }), bash('make all', { hook: 'allow' })).decision, 'deny');
    assert.equal(decide(withHook({ ask: ['Bash(make:*)'] }), bash('make all', { hook: 'allow' })).decision, 'ask');
    assert.equal(decide(withHook({}), bash('make all', { hook: 'none' })).decision, 'ask');
    assert.equal(decide(withHook({}), bash('echo $(id)', { hook: 'allow' })).decision, 'allow', 'hidden execution too');
    assert.equal(decide({ project: { hooks: hook('allow', 'Write') } }, write(`${ROOT}/.claude/notes.txt`, { hook: 'allow' })).decision, 'ask', 'not a protected file');
    assert.equal(decide({ project: { permissions: { blockWritesOutsideWorkingDirectories: true }, hooks: hook('allow', 'Write') } }, write('/o.txt', { hook: 'allow' })).decision, 'deny', 'not the write block');
    assert.equal(decide({ user: { permissions: { denyInsteadOfPrompting: true } }, project: { hooks: hook('ask') } }, bash('make all', { hook: 'ask' })).decision, 'deny');
  });

  it('hook matchers: exact names, alternatives, `*` and empty select; other names and letter case do not', () => {
    for (const m of ['Bash', 'Bash|Write', '*', '', 'Ba.*']) assert.equal(decide({ project: { hooks: hook('deny', m) } }, bash('ls')).native, HOOK_DEPENDENT, m);
    for (const m of ['bash', 'Write', 'mcp__.*']) assert.notEqual(decide({ project: { hooks: hook('deny', m) } }, bash('ls')).native, HOOK_DEPENDENT, m);
    assert.notEqual(decide({ project: { hooks: hook('deny') }, local: { disableAllHooks: true } }, bash('ls')).native, HOOK_DEPENDENT, 'disableAllHooks');
    assert.notEqual(decide({ managed: { allowManagedHooksOnly: true }, project: { hooks: hook('deny') } }, bash('ls')).native, HOOK_DEPENDENT, 'allowManagedHooksOnly');
    assert.equal(decide({ managed: { hooks: hook('deny') } }, bash('ls')).native, HOOK_DEPENDENT, 'a managed hook runs');
  });

  it('`Bash(*)` is the bare tool: it approves a redirect as `Bash` does', () => {
    assert.equal(decide({ project: { permissions: { allow: ['Bash(*)'] } } }, bash('echo hi > out/r.txt')).decision, 'allow');
    assert.equal(decide({ project: { permissions: { allow: ['Bash(*)'] } } }, bash('echo $(id)')).decision, 'allow');
    assert.equal(decide({ project: { permissions: { allow: ['Bash(*)'] } } }, bash('true &')).decision, 'ask');
    assert.equal(decide({ project: { permissions: { deny: ['Bash(*)'] } } }, bash('ls')).decision, 'deny');
  });

  it('`///abs` and `////abs` path rules are absolute', () => {
    assert.equal(decide({ project: { permissions: { deny: ['Read(///srv/**)'] } } }, { tool: 'Read', path: '/srv/a.txt' }).decision, 'deny');
    assert.equal(decide({ project: { permissions: { allow: ['Edit(////srv/other/**)'] } } }, write('/srv/other/x.txt')).decision, 'allow');
    assert.equal(decide({ project: { permissions: { deny: ['Read(///p/a.txt)'] } } }, { tool: 'Read', path: `${ROOT}/a.txt` }).decision, 'deny');
  });

  it('a Skill with no rule runs when its definition runs nothing, asks otherwise; `Skill(name)` ask rules are not consulted', () => {
    const skills = { hello: '---\nname: hello\ndescription: says hello\n---\nSay hello.\n', tools: '---\nname: tools\ndescription: x\nallowed-tools: Bash(rm:*)\n---\nx\n' };
    const skill = (name: string): ClaudeRequest => ({ tool: 'Skill', input: { skill: name } });
    assert.equal(decide({ project: {}, skills }, skill('hello')).decision, 'allow');
    assert.equal(decide({ project: { permissions: { ask: ['Skill(hello)'] } }, skills }, skill('hello')).decision, 'allow');
    assert.equal(decide({ project: { permissions: { deny: ['Skill(hello)'] } }, skills }, skill('hello')).decision, 'deny');
    assert.equal(decide({ project: { permissions: { deny: ['Skill(hel*)'] } }, skills }, skill('hello')).decision, 'allow', 'no glob in a skill name');
    assert.equal(decide({ project: { permissions: { ask: ['Skill'] } }, skills }, skill('hello')).decision, 'ask');
    assert.equal(decide({ project: { permissions: { deny: ['Skill'] } }, skills }, skill('hello')).decision, 'deny');
    assert.equal(decide({ project: {}, skills }, skill('tools')).decision, 'ask');
    assert.equal(decide({ project: { permissions: { allow: ['Skill(tools)'] } }, skills }, skill('tools')).decision, 'allow');
    assert.equal(decide({ project: { permissions: { defaultMode: 'dontAsk' } }, skills }, skill('tools')).decision, 'deny');
    assert.equal(decide({ project: {} }, skill('unknown')).decision, 'ask', 'a skill RuleLens did not read is at most ask');
  });
});
