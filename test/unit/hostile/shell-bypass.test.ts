import * as assert from 'assert';
import type { AnyDialect } from '../../../shared/dialects';
import type { RuleSet } from '../../../shared/model';
import { decide, initDialects, withDialect } from './helpers';

/** The same rules in both command-judging dialects: `git *` allowed, `rm *` denied. */
const OMP_SETTINGS = 'bash:\n  patterns:\n    - match: "git *"\n      approval: allow\n    - match: "rm *"\n      approval: deny\n    - match: "bash *"\n      approval: allow\n';
const CLAUDE_SETTINGS = JSON.stringify({ permissions: { allow: ['Bash(git *)', 'Bash(bash *)'], deny: ['Bash(rm *)'] } });

/** [command, decision the dialect's spec gives, why] */
type Case = [string, 'allow' | 'ask' | 'deny' | 'not allow', string];

function check(d: AnyDialect, rs: RuleSet, cases: Case[], fields: Record<string, unknown>): void {
  for (const [command, want, why] of cases) {
    it(`${JSON.stringify(command)} → ${want}: ${why}`, () => {
      const v = decide(d, rs, { command, ...fields }, { root: '/p', home: '/h' });
      if (want === 'not allow') assert.notStrictEqual(v.decision, 'allow', v.trace.branch);
      else assert.strictEqual(v.decision, want, `${v.trace.branch} ${v.trace.notes.join('; ')}`);
    });
  }
}

withDialect('omp', 'hostile input: shell bypasses under omp (spec/omp.md)', (omp) => {
  const rs = omp.parse({ path: '.omp/config.yml', text: OMP_SETTINGS }, {});
  it('reads the three rules', () => assert.strictEqual(rs.rules.length, 3));
  describe('mode always-ask', () => {
    check(omp, rs, [
      ['git status $(rm -rf x)', 'deny', '`(` splits a segment; the deny matches `rm -rf x`'],
      ['git log `rm -rf x`', 'ask', 'backticks do not split, but they are shell control: the allow cannot apply'],
      ["bash -c 'rm -rf x'", 'allow', 'no control character anywhere: `bash *` applies (why allow-runs-anything flags `bash *`)'],
      ["bash -c 'git status; rm -rf x'", 'ask', 'a quoted `;` with -c is shell control: the allow is skipped'],
      ['env X=1 rm -rf x', 'ask', 'no segment is `rm …`: nothing denies, nothing allows; always-ask prompts'],
      ['/usr/bin/rm -rf x', 'ask', '`rm *` does not match an absolute program path'],
      ['command rm -rf x', 'ask', 'no wrapper stripping in omp'],
      ['git -c core.pager=sh log', 'allow', 'whole match, no shell control: the allow applies (a known weakness of `git *`)'],
      ['git status\nrm -rf x', 'deny', 'a newline splits segments and is shell control'],
      ['git status; rm -rf x', 'deny', '`;` splits segments'],
      ["git commit -m 'a; rm -rf x'", 'allow', 'a quoted `;` without -c/-e is not control'],
      ['git log "$(rm -rf x)"', 'not allow', '`$` inside double quotes is shell control'],
    ], { mode: 'always-ask' });
  });
  describe('mode yolo', () => {
    check(omp, rs, [
      ['git status && rm -rf /', 'deny', 'yolo never removes an explicit deny'],
      ['env X=1 rm -rf x', 'allow', 'nothing matches and yolo approves every tier (the documented gap)'],
    ], { mode: 'yolo' });
  });
});

describe('hostile input: shell bypasses under claude (spec/claude.md)', () => {
  before(() => initDialects());
  withDialect('claude', 'default mode', (claude) => {
    let rs: RuleSet;
    before(() => {
      rs = claude.parse({ path: '/p/.claude/settings.json', text: CLAUDE_SETTINGS }, { root: '/p', home: '/h' });
    });
    const cases: Case[] = [
      ['git status $(rm -rf x)', 'deny', 'a deny applies to any sub-command, $(…) included'],
      ['git log `rm -rf x`', 'deny', 'backtick substitutions are sub-commands'],
      ["bash -c 'rm -rf x'", 'not allow', '`bash -c` is opaque: at most ask'],
      ['X=1 rm -rf x', 'deny', 'a deny matches past leading assignments'],
      ['env X=1 rm -rf x', 'not allow', 'not matched by the allow'],
      ['/usr/bin/rm -rf x', 'not allow', 'not matched by the allow'],
      ['command rm -rf x', 'deny', '`command` is a stripped wrapper'],
      ['timeout 5 rm -rf x', 'deny', '`timeout` is a stripped wrapper'],
      ['git status\nrm -rf x', 'deny', 'a newline separates sub-commands'],
      ['git status && git log', 'allow', 'every sub-command matches the allow'],
      ['git status && touch x', 'ask', 'an allow must match every sub-command'],
      ['git status &&', 'not allow', 'unparsable: fail closed'],
      ['git status; eval "rm -rf x"', 'not allow', '`eval` is opaque'],
      [`git ${'a'.repeat(10_001)}`, 'ask', 'commands over 10,000 characters always ask'],
    ];
    for (const [command, want, why] of cases) {
      it(`${JSON.stringify(command.slice(0, 40))} → ${want}: ${why}`, () => {
        const v = decide(claude, rs, { tool: 'Bash', command }, { root: '/p', home: '/h' });
        if (want === 'not allow') assert.notStrictEqual(v.decision, 'allow', v.trace.branch);
        else assert.strictEqual(v.decision, want, `${v.trace.branch} ${v.trace.notes.join('; ')}`);
      });
    }
  });
});
