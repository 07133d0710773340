import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import { initDialects } from '../../../shared/dialects';
import { evaluateClaude } from '../../../shared/dialects/claude/evaluate';
import { lintClaude } from '../../../shared/dialects/claude/lint';
import { parseClaude } from '../../../shared/dialects/claude/settings';
import type { ClaudeRequest } from '../../../shared/dialects/claude/types';

/** The holes real configs had that went unreported, and the false findings they got; each proved by the evaluator. */
const settings = (permissions: object, file = '/p/.claude/settings.json') => parseClaude({ path: file, text: JSON.stringify({ permissions }) });
const lint = (permissions: object, file?: string) => lintClaude(settings(permissions, file));
const codes = (permissions: object, code: string, file?: string) => lint(permissions, file).filter((f) => f.code === code);
const decide = (permissions: object, req: ClaudeRequest) => evaluateClaude(settings(permissions), req, { fs: LEXICAL_FS }).decision;

describe('claude lints on the holes of real configs', () => {
  before(initDialects);

  it('cross-tool-bypass: Read(./.env) denied while Bash(xxd:*) is allowed', () => {
    const p = { allow: ['Bash(xxd:*)'], deny: ['Read(./.env)'] };
    const [f] = codes(p, 'cross-tool-bypass');
    assert.ok(f?.witness, 'a witness command');
    assert.match(f.witness, /^xxd .*\.env$/);
    assert.equal(decide(p, { tool: 'Bash', command: f.witness }), 'allow');
    assert.equal(decide(p, { tool: 'Read', path: '.env' }), 'deny');
    assert.deepEqual(codes({ allow: ['Bash(ls:*)'], deny: ['Read(./.env)'] }, 'cross-tool-bypass'), []);
  });

  it('cross-tool-bypass: no finding where the agent itself applies the Read deny to the reader (cat, head, grep, base64)', () => {
    for (const allow of ['Bash(cat:*)', 'Bash(head:*)', 'Bash(grep:*)', 'Bash(base64:*)']) {
      const p = { allow: [allow], deny: ['Read(./.env)'] };
      assert.equal(decide(p, { tool: 'Bash', command: `${allow.slice(5, -3)}${allow.includes('grep') ? ' -e .' : ''} .env` }), 'deny', allow);
      assert.deepEqual(codes(p, 'cross-tool-bypass'), [], allow);
    }
  });

  // (Not awk: Claude Code asks for awk's system(), pipes and -f whatever allow matches.)
  it('allow-runs-anything: docker, npx, npm, uv, make, ssh and rm', () => {
    for (const rule of ['Bash(docker:*)', 'Bash(npx:*)', 'Bash(npm:*)', 'Bash(uv:*)', 'Bash(make:*)', 'Bash(ssh:*)', 'Bash(rm:*)']) {
      const [f] = codes({ allow: [rule] }, 'allow-runs-anything');
      assert.ok(f, rule);
      assert.equal(decide({ allow: [rule] }, { tool: 'Bash', command: f.witness! }), 'allow', `${rule}: ${f.witness}`);
    }
  });

  it('bypass-mode-committed: in the shared project file, not in settings.local.json', () => {
    const p = { defaultMode: 'bypassPermissions' };
    assert.equal(codes(p, 'bypass-mode-committed').length, 1);
    assert.deepEqual(codes(p, 'bypass-mode-committed', '/p/.claude/settings.local.json'), []);
    assert.deepEqual(codes({ defaultMode: 'acceptEdits' }, 'bypass-mode-committed'), []);
  });

  it('deny-narrower-than-it-looks: Bash(rm -rf *) does not cover rm -fr or rm -r -f', () => {
    const p = { deny: ['Bash(rm -rf *)'] };
    const [f] = codes(p, 'deny-narrower-than-it-looks');
    assert.equal(f.severity, 'warning');
    const dodges = f.data!.dodges as string[];
    for (const d of ['rm -fr x', 'rm -r -f x']) {
      assert.ok(dodges.includes(d), d);
      assert.notEqual(decide(p, { tool: 'Bash', command: d }), 'deny', d);
    }
    for (const d of dodges) assert.notEqual(decide(p, { tool: 'Bash', command: d }), 'deny', `every dodge listed gets past: ${d}`);
    assert.equal(decide(p, { tool: 'Bash', command: 'rm -rf x' }), 'deny');
    // The agent's deny sees through absolute program paths: not a dodge, so not listed.
    assert.equal(decide(p, { tool: 'Bash', command: '/usr/bin/rm -rf x' }), 'deny');
    assert.ok(!dodges.includes('/usr/bin/rm -rf x'));
    // A deny of the whole program covers every flag spelling and the absolute path: nothing to report.
    assert.deepEqual(codes({ deny: ['Bash(rm:*)'] }, 'deny-narrower-than-it-looks'), []);
  });

  it('never-matches: rules the evaluator can never fire, whatever their text looks like', () => {
    for (const rule of ['Bash(wget *|bash*)', 'Bash(cd ~/x && sgrep index)', "Bash(bash -c 'echo hi')"]) {
      const own = lint({ allow: ['Bash(cd:*)', rule] }).filter((f) => f.message.includes(rule.slice(0, 20)));
      assert.deepEqual(own.map((f) => f.code), ['never-matches'], rule);
    }
  });

  it('no dead-rule for an Edit deny next to a Read deny (a defensive duplicate)', () => {
    assert.deepEqual(codes({ deny: ['Read(./secrets/**)', 'Edit(./secrets/**)'] }, 'dead-rule'), []);
    assert.equal(codes({ deny: ['Read(./secrets/**)'], allow: ['Edit(./secrets/**)'] }, 'dead-rule').length, 1);
  });

  it('exact-command-pattern: a hint in settings.local.json, information in settings.json', () => {
    const p = { allow: ['Bash(npm run lint)'] };
    assert.equal(codes(p, 'exact-command-pattern', '/p/.claude/settings.local.json')[0].severity, 'hint');
    assert.equal(codes(p, 'exact-command-pattern')[0].severity, 'information');
  });

  it('broad-catch-all: never on read-only tools', () => {
    assert.deepEqual(codes({ allow: ['Read', 'Glob', 'Grep', 'WebSearch', 'TodoWrite', 'Skill'] }, 'broad-catch-all'), []);
  });
});
