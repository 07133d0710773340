import { strict as assert } from 'assert';
import fc from 'fast-check';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';
import { bashPattern } from '../../../shared/dialects/claude/bash-pattern';
import { candidatesFor, fixedFirstWords, MIN_INDEXED_RULES } from '../../../shared/dialects/claude/rule-index';
import type { ClaudeRequest } from '../../../shared/dialects/claude/types';

/** Rules a command-first-word index could get wrong: exact, prefix, open, legacy, wrappers, paths. */
const RULES = [
  'Bash(git status)', 'Bash(git status:*)', 'Bash(git *)', 'Bash(git)', 'Bash(*status*)', 'Bash(* --force)', 'Bash(*)',
  'Bash(npm run *)', 'Bash(npm test)', 'Bash(rm -rf *)', 'Bash(rm *)', 'Bash(curl *)', 'Bash(FOO=1 git push)',
  'Bash(timeout 5 git status)', 'Bash(env git status)', 'Bash(/usr/bin/git *)', 'Bash(gi*)', 'Bash(git status && ls)', 'Bash',
  'Read(./.env)', 'Read(**)', 'Edit(src/**)', 'Edit', 'WebFetch(domain:example.com)', 'mcp__srv',
];
const COMMANDS = [
  'git status', 'git status -s', 'git push --force', 'git', ' git status', 'git  status', 'FOO=1 git push', 'BAR=2 git status',
  'timeout 5 git status', 'env git status', 'nice git status', 'sudo rm -rf /', '/usr/bin/git status', './git status',
  '{git,status}', 'npm test', 'npm run build > out.txt', 'rm -rf build', 'cat .env', 'ls && git status', 'echo $(git status)',
  'curl https://example.com', 'xargs git status', 'command git status', 'git status | head', 'cd src && npm test', 'gitk',
];

/** Rules with a first word no generated command has: they pad a list past the index's threshold and never match. */
const filler = (n: number) => Array.from({ length: n }, (_, i) => `Bash(zzfill${i} ${i % 3 ? '*' : 'x'})`);

function ruleSet(tiers: Record<'allow' | 'ask' | 'deny', string[]>) {
  return parseClaude({ path: '/p/.claude/settings.json', text: JSON.stringify({ permissions: tiers }) }, { home: '/home/u' });
}

/**
 * The picked rules as a short list (a plain scan) and padded past the index's threshold: the same
 * rules first in each tier, then fillers that never match.
 */
function smallAndPadded(picked: ReadonlyArray<readonly [string, string]>) {
  const tiers = { allow: [] as string[], ask: [] as string[], deny: [] as string[] };
  for (const [text, tier] of picked) tiers[tier as 'allow'].push(text);
  const pad = filler(MIN_INDEXED_RULES);
  const big = ruleSet({ allow: [...tiers.allow, ...pad.slice(0, 20)], ask: [...tiers.ask, ...pad.slice(20, 30)], deny: [...tiers.deny, ...pad.slice(30)] });
  assert.ok(big.rules.length >= MIN_INDEXED_RULES);
  return { tiers, small: ruleSet(tiers), big };
}

describe('claude: the first-word rule index', () => {
  before(() => initShellParser());

  it('a pattern fixes its first word only through a literal holding a space, or when all literal', () => {
    assert.deepEqual(fixedFirstWords(bashPattern('git status:*')), ['git', 'git']);
    assert.deepEqual(fixedFirstWords(bashPattern('git status')), ['git']);
    assert.deepEqual(fixedFirstWords(bashPattern('git')), ['git']);
    assert.equal(fixedFirstWords(bashPattern('gi*')), undefined);
    assert.equal(fixedFirstWords(bashPattern('*status*')), undefined);
    assert.equal(fixedFirstWords(bashPattern(null)), undefined);
  });

  it('leaves short rule lists to a plain scan', () => {
    const rs = ruleSet({ allow: ['Bash(git *)'], ask: [], deny: [] });
    assert.equal(candidatesFor(rs.rules, new Set(['git'])), undefined);
  });

  it('lists every rule that is not a Bash pattern with a fixed first word, and those of the given words', () => {
    const rs = ruleSet({ allow: [...RULES, ...filler(MIN_INDEXED_RULES)], ask: [], deny: [] });
    const got = candidatesFor(rs.rules, new Set(['git']))!.map((i) => rs.rules[i].text);
    for (const t of ['Bash(git status)', 'Bash(git *)', 'Bash(*status*)', 'Bash(gi*)', 'Bash', 'Read(./.env)', 'Bash(/usr/bin/git *)']) {
      assert.equal(got.includes(t), t !== 'Bash(/usr/bin/git *)', t);
    }
    assert.ok(!got.some((t) => t.startsWith('Bash(zzfill') || t.startsWith('Bash(npm')));
  });

  it('decides every request as the unindexed evaluator does (same decision, same rule)', () => {
    const tiered = fc.array(fc.tuple(fc.constantFrom(...RULES), fc.constantFrom('allow', 'ask', 'deny')), { minLength: 1, maxLength: 12 });
    const mode = fc.constantFrom(undefined, 'plan', 'acceptEdits', 'dontAsk', 'bypassPermissions');
    fc.assert(fc.property(tiered, fc.constantFrom(...COMMANDS), mode, (picked, command, m) => {
      const { tiers, small, big } = smallAndPadded(picked);
      const req: ClaudeRequest = { tool: 'Bash', command, ...(m ? { mode: m } : {}) };
      const a = evaluateClaude(small, req, { home: '/home/u' });
      const b = evaluateClaude(big, req, { home: '/home/u' });
      assert.equal(b.decision, a.decision, `${command} under ${JSON.stringify(tiers)}`);
      assert.equal(b.rule?.label ?? null, a.rule?.label ?? null, command);
      // The trace still shows every rule.
      for (const s of b.trace.sections) if (s.kind === 'sub-command') assert.equal(s.rows.length, big.rules.length);
    }), { numRuns: 400 });
  });
});

/** Path rules of several folders and anchors, and requests that name paths in and out of them. */
const PATH_RULES = [
  'Read(./src/**)', 'Read(./src/m1/**)', 'Read(src/m12/*.ts)', 'Edit(./src/m1/**)', 'Edit(docs/*.md)', 'Read(/src/**)', 'Read(//etc/**)',
  'Read(~/.ssh/**)', 'Read(.env)', 'Read(./SRC/M1)', 'Edit(./src/m1*/x)', 'Read(**)', 'Edit', 'Read', 'Bash', 'Bash(cat *)', 'Bash(echo *)',
];
const PATH_REQUESTS: ClaudeRequest[] = [
  ...['src/m1/a.ts', 'src/m12/a.ts', 'src/m1', 'SRC/M1/A.TS', 'docs/a.md', '.env', 'lib/.env', '/etc/hosts', '/home/u/.ssh/id', 'src/m1x/x', '../o/a'].flatMap((path) => [
    { tool: 'Read', path },
    { tool: 'Edit', path },
    { tool: 'Write', path },
  ]),
  ...['cat src/m1/a.ts', 'cat .env', 'echo x > src/m1/out', 'echo x > docs/n.md', 'cat /etc/hosts', 'cd src && cat m1/a.ts', 'cat ~/.ssh/id'].map((command) => ({ tool: 'Bash', command })),
];

describe('claude: the path rule index', () => {
  before(() => initShellParser());

  it('decides every path request as the unindexed evaluator does (same decision, same rule)', () => {
    const tiered = fc.array(fc.tuple(fc.constantFrom(...PATH_RULES), fc.constantFrom('allow', 'ask', 'deny')), { minLength: 1, maxLength: 10 });
    const mode = fc.constantFrom(undefined, 'plan', 'acceptEdits', 'dontAsk');
    fc.assert(fc.property(tiered, fc.constantFrom(...PATH_REQUESTS), mode, (picked, request, m) => {
      const { tiers, small, big } = smallAndPadded(picked);
      const req: ClaudeRequest = { ...request, cwd: '/p', ...(m ? { mode: m } : {}) };
      const a = evaluateClaude(small, req, { home: '/home/u', root: '/p' });
      const b = evaluateClaude(big, req, { home: '/home/u', root: '/p' });
      assert.equal(b.decision, a.decision, `${JSON.stringify(request)} under ${JSON.stringify(tiers)}`);
      assert.equal(b.rule?.label ?? null, a.rule?.label ?? null, JSON.stringify(request));
      assert.deepEqual(b.trace.notes, a.trace.notes, JSON.stringify(request));
    }), { numRuns: 1500, seed: 35 });
  });

  it('leaves out the path rules of other folders, never those of the path’s own or of none', () => {
    const rs = ruleSet({ allow: [...PATH_RULES, ...filler(MIN_INDEXED_RULES)], ask: [], deny: [] });
    const got = candidatesFor(rs.rules, new Set(), new Set(['path']), { path: '/p/src/m1/a.ts', cwd: '/p', home: '/home/u' })!.map((i) => rs.rules[i].text);
    for (const t of ['Read(./src/**)', 'Read(./src/m1/**)', 'Edit(./src/m1/**)', 'Read(./SRC/M1)', 'Read(.env)', 'Read(**)', 'Edit', 'Bash', 'Edit(./src/m1*/x)']) assert.ok(got.includes(t), t);
    for (const t of ['Read(src/m12/*.ts)', 'Edit(docs/*.md)', 'Read(//etc/**)', 'Read(~/.ssh/**)', 'Bash(cat *)']) assert.ok(!got.includes(t), t);
  });
});

describe('claude: the first-word rule index, when a list changes', () => {
  before(() => initShellParser());

  it('indexes a list again when it grew, so a rule added later is still checked', () => {
    const rs = ruleSet({ allow: ['Bash(git *)', ...filler(MIN_INDEXED_RULES)], ask: [], deny: [] });
    const rules = [...rs.rules];
    assert.ok(!(candidatesFor(rules, new Set(['rm'])) ?? []).some((i) => rules[i].text === 'Bash(rm *)'));
    const deny = ruleSet({ allow: [], ask: [], deny: ['Bash(rm *)'] }).rules[0];
    rules.push({ ...deny, index: rules.length });
    const at = candidatesFor(rules, new Set(['rm']))!;
    assert.ok(at.some((i) => rules[i].text === 'Bash(rm *)'));
  });
});
