// Generators for Gemini policy files and shell tool calls: prefixes, regexes, priorities with
// ties, modes, redirections, substitutions and `bash -c` payloads.
import fc from 'fast-check';

export const WORDS = ['git status', 'git log', 'git log -1', 'git logout', 'rm -rf x', 'rm x', 'ls', 'ls -la', 'echo hi', 'npm test', 'python -c x', 'git -c a=b log', 'find . -delete', 'cat a'];
export const MODES = ['default', 'autoEdit', 'yolo', 'plan'] as const;

export interface GenRule {
  toolName: string;
  commandPrefix?: string | string[];
  commandRegex?: string;
  decision: 'allow' | 'deny' | 'ask_user';
  priority: number;
  modes?: string[];
  allowRedirection?: boolean;
  interactive?: boolean;
}

const prefix = fc.constantFrom('git', 'git status', 'git log', 'rm', 'rm -rf', 'ls', 'echo', 'npm', 'python', 'cat', 'bash');
const rule: fc.Arbitrary<GenRule> = fc.record(
  {
    toolName: fc.constantFrom('run_shell_command', 'run_shell_command', '*'),
    shape: fc.constantFrom('prefix', 'prefixes', 'regex', 'anchored', 'none'),
    p: prefix,
    ps: fc.array(prefix, { minLength: 1, maxLength: 2 }),
    regex: fc.constantFrom('git (status|log)', 'rm .*', 'ls', '.*&&.*', 'echo [a-z]+'),
    decision: fc.constantFrom('allow', 'deny', 'ask_user'),
    priority: fc.constantFrom(0, 10, 100, 100, 500, 999),
    modes: fc.option(fc.subarray([...MODES], { minLength: 1 }), { nil: undefined }),
    allowRedirection: fc.option(fc.boolean(), { nil: undefined }),
    interactive: fc.option(fc.boolean(), { freq: 4, nil: undefined }),
  },
  { requiredKeys: ['toolName', 'shape', 'p', 'ps', 'regex', 'decision', 'priority'] },
).map((r) => {
  const out: GenRule = { toolName: r.toolName, decision: r.decision, priority: r.priority };
  const shell = r.toolName === 'run_shell_command';
  if (shell && r.shape === 'prefix') out.commandPrefix = r.p;
  if (shell && r.shape === 'prefixes') out.commandPrefix = r.ps;
  if (shell && r.shape === 'regex') out.commandRegex = r.regex;
  if (shell && r.shape === 'anchored') out.commandRegex = `^${r.p}`;
  if (r.modes) out.modes = r.modes;
  if (r.allowRedirection !== undefined) out.allowRedirection = r.allowRedirection;
  if (r.interactive !== undefined) out.interactive = r.interactive;
  return out;
});

export const rules = fc.array(rule, { minLength: 1, maxLength: 4 });

/**
 * A policy of one to three files of one tier. Priorities of file k are shifted by k so no two
 * files tie: the engine tries tied rules of different files in the folder's listing order, which
 * the file system decides (RuleLens takes the stricter there; unit tests cover it).
 */
export const policyFiles = fc.array(rules, { minLength: 1, maxLength: 3 }).map((files) => files.map((rs, k) => rs.map((r) => ({ ...r, priority: r.priority === 999 ? 999 - k : r.priority + k }))));

const simple = fc.constantFrom(...WORDS, 'cat /etc/passwd', 'ls ../x', 'git branch -a', 'sed -n 1p a', 'wc -l a', 'cd ..');
const joined = fc.tuple(simple, fc.constantFrom(' && ', ' || ', '; ', ' | '), simple).map(([a, op, b]) => `${a}${op}${b}`);
const redirected = fc.tuple(simple, fc.constantFrom(' > out.txt', ' >> log', ' < in.txt', ' 2>&1', ' <<< hi')).map(([a, r]) => a + r);
const substituted = fc.tuple(fc.constantFrom('echo ', 'ls '), simple, fc.constantFrom('$(', '`', '<(')).map(([a, b, open]) => `${a}${open}${b}${open === '`' ? '`' : ')'}`);
const wrapped = fc.tuple(fc.constantFrom('bash -c ', 'sh -c ', '/bin/bash -c ', 'zsh -c '), fc.oneof(simple, joined), fc.constantFrom("'", '"')).map(([w, s, q]) => `${w}${q}${s}${q}`);
const broken = fc.constantFrom('echo "unterminated', 'ls &&', 'if then', '(ls', 'echo ${x@P}');
export const command = fc.oneof({ arbitrary: simple, weight: 3 }, { arbitrary: joined, weight: 3 }, { arbitrary: redirected, weight: 2 }, { arbitrary: substituted, weight: 2 }, { arbitrary: wrapped, weight: 2 }, { arbitrary: broken, weight: 1 });

export const call = fc.record({ command, mode: fc.constantFrom(...MODES), interactive: fc.boolean() });

/** TOML text for generated rules (strings written as TOML basic strings). */
export function toToml(rs: GenRule[]): string {
  const s = (v: string) => JSON.stringify(v);
  return rs
    .map((r) => {
      const lines = ['[[rule]]', `toolName = ${s(r.toolName)}`];
      if (r.commandPrefix !== undefined) lines.push(`commandPrefix = ${Array.isArray(r.commandPrefix) ? `[${r.commandPrefix.map(s).join(', ')}]` : s(r.commandPrefix)}`);
      if (r.commandRegex !== undefined) lines.push(`commandRegex = ${s(r.commandRegex)}`);
      lines.push(`decision = ${s(r.decision)}`, `priority = ${r.priority}`);
      if (r.modes) lines.push(`modes = [${r.modes.map(s).join(', ')}]`);
      if (r.allowRedirection !== undefined) lines.push(`allowRedirection = ${r.allowRedirection}`);
      if (r.interactive !== undefined) lines.push(`interactive = ${r.interactive}`);
      return lines.join('\n');
    })
    .join('\n\n') + '\n';
}
