import picomatch from 'picomatch';
import { finding, type Finding } from '../../model';
import { isExact, matches } from '../../patterns/wildcard';
import type { OpencodeRule, OpencodeRuleSet } from './rules';

/** Actions whose resources are shell commands. */
const COMMAND_ACTIONS = ['bash'];
/** V1 actions whose resources are worktree-relative paths. */
const PATH_ACTIONS = ['read', 'edit'];

/** Minimatch-style syntax OpenCode reads literally. */
const GLOB_SYNTAX = /\*\*\/|\{[^{}]*,[^{}]*\}|\[[^\]]+\]|^!/;

/**
 * A string a minimatch user would expect the pattern to match, which OpenCode's matcher does not —
 * or undefined when none of the obvious candidates differ.
 */
export function literalGlobWitness(rule: OpencodeRule): string | undefined {
  const p = rule.resource;
  const isGlob = picomatch(p.replace(/^!/, ''), { dot: true });
  const candidates = new Set<string>();
  // A trailing star as the empty run first (`**/.env*` does not match `.env`), inner stars as `a`
  // (`src/**/*.ts` does not match `src/a.ts`): the surprises a reader recognises.
  const concrete = (s: string, trailing: string) =>
    s
      .replace(/\{([^{},]*),[^{}]*\}/g, '$1')
      .replace(/\[([^\]])[^\]]*\]/g, '$1')
      .replace(/\*+$/, trailing)
      .replace(/\*+/g, 'a')
      .replace(/\?/g, 'a')
      .replace(/^!/, '');
  for (const star of ['', 'a']) {
    candidates.add(concrete(p.replace(/^(\*\*\/)+/, ''), star));
    candidates.add(concrete(p.replace(/\*\*\//g, ''), star));
    candidates.add(concrete(p, star));
  }
  for (const c of candidates) {
    if (isGlob(c) && !matches(rule.resourceMatcher, c)) return c;
  }
  return undefined;
}

/**
 * Lints that read one rule at a time (the automata-based ones live in analysis/).
 * @example lintOpencode(parseOpencode(file)).map((f) => f.code) // ['exact-command-pattern']
 */
export function lintOpencode(rs: OpencodeRuleSet): Finding[] {
  const out: Finding[] = [];
  const seen = new Map<string, OpencodeRule>();
  const seenLower = new Map<string, OpencodeRule>();
  for (const r of rs.rules) {
    const isCommand = COMMAND_ACTIONS.includes(r.action);
    if (isCommand && r.decision !== 'allow' && isExact(r.resourcePattern) && r.resource.trim() !== '') {
      out.push(finding('exact-command-pattern', 'warning', `"${r.resource}" has no wildcard: it ${r.decision === 'deny' ? 'denies' : 'asks for'} only the exact command "${r.resource}", not "${r.resource} …"; write "${r.resource} *" to cover it with arguments`, r.resourceRange, {
        witness: `${r.resource} --version`,
        data: { rule: r.index, replacement: `${r.resource} *` },
      }));
    }
    if (GLOB_SYNTAX.test(r.resource)) {
      const w = literalGlobWitness(r);
      out.push(finding('literal-glob-syntax', 'warning', `"${r.resource}" uses glob syntax OpenCode reads literally (only * and ? are wildcards; * already crosses /)${w !== undefined ? `: it does not match "${w}"` : ''}`, r.resourceRange, {
        witness: w,
        data: { rule: r.index },
      }));
    }
    if (r.form === 'v1' && PATH_ACTIONS.includes(r.action) && /^(\/|~|\$HOME|[A-Za-z]:[\\/])/.test(r.resource)) {
      out.push(finding('never-matches', 'warning', `"${r.resource}" is an absolute or home path, but ${r.action} resources are relative to the worktree: this rule never matches`, r.resourceRange, {
        unnecessary: true,
        data: { rule: r.index },
      }));
    }
    const key = `${r.agent ?? ''}\u0000${r.action}\u0000${r.resource}`;
    const prev = seen.get(key);
    if (prev) {
      out.push(finding('duplicate-rule', 'information', `the same action and pattern as rule ${prev.index + 1} (${prev.label}); under last match the earlier one never decides`, r.range, {
        related: [{ range: prev.range, message: `rule ${prev.index + 1}: ${prev.label}` }],
        data: { rule: r.index, other: prev.index },
      }));
    } else {
      const lower = seenLower.get(key.toLowerCase());
      if (lower) {
        out.push(finding('case-duplicate', 'information', `differs from rule ${lower.index + 1} (${lower.label}) only by case: OpenCode on Windows matches case-insensitively, so there the two collide`, r.range, {
          related: [{ range: lower.range, message: `rule ${lower.index + 1}: ${lower.label}` }],
          data: { rule: r.index, other: lower.index },
        }));
      }
    }
    seen.set(key, r);
    if (!seenLower.has(key.toLowerCase())) seenLower.set(key.toLowerCase(), r);
  }
  return out;
}
