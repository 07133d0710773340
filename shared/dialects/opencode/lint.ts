import { finding, type Finding } from '../../model';
import { GLOB_SYNTAX, literalGlobWitness as globWitness } from '../../patterns/literal-glob';
import { allowsWhat, runsAnythingCandidates, runsAnythingSeverity, strongestWitness, type RunsAnythingCandidate } from '../../patterns/runs-anything';
import { isExact, isUniversal, matches } from '../../patterns/wildcard';
import { normalizeInput } from './pattern';
import type { OpencodeRule, OpencodeRuleSet } from './rules';

import { COMMAND_ACTIONS } from './builtins';
/** V1 actions whose resources are worktree-relative paths. */
const PATH_ACTIONS = ['read', 'edit'];

/**
 * A string a minimatch user would expect the rule's resource pattern to match, which OpenCode's
 * matcher does not — or undefined when none of the obvious candidates differ.
 * @example literalGlobWitness(rule) // '.env' for a read rule on a globstar `.env*`
 */
export function literalGlobWitness(rule: OpencodeRule): string | undefined {
  return globWitness(rule.resource, (s) => matches(rule.resourceMatcher, normalizeInput(s)));
}

/**
 * A bash command that runs arbitrary code and that this allow rule matches (its action pattern
 * admits `bash`, its resource pattern the command, both by OpenCode's own matcher), or undefined.
 * Exact patterns allow one command and are left to the reader.
 * @example runsAnythingWitness(rule)?.command // 'python ./payload.py' for `"bash": {"python *": "allow"}`
 */
export function runsAnythingWitness(rule: OpencodeRule): RunsAnythingCandidate | undefined {
  // A universal pattern is broad-catch-all's finding: one root cause, one finding.
  if (rule.decision !== 'allow' || isExact(rule.resourcePattern) || isUniversal(rule.resourcePattern) || !COMMAND_ACTIONS.some((a) => matches(rule.actionMatcher, a))) return undefined;
  return strongestWitness(runsAnythingCandidates(normalizeInput(rule.resource)).filter((c) => matches(rule.resourceMatcher, c.command)));
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
    // Built-in layers are the agent's, not the user's: lints speak only of rules in the file.
    if (r.layer !== undefined) continue;
    const isCommand = COMMAND_ACTIONS.includes(r.action);
    if (isCommand && r.decision !== 'allow' && isExact(r.resourcePattern) && r.resource.trim() !== '') {
      out.push(finding('exact-command-pattern', 'warning', `"${r.resource}" has no wildcard: it ${r.decision === 'deny' ? 'denies' : 'asks for'} only the exact command "${r.resource}", not "${r.resource} …"; write "${r.resource} *" to cover it with arguments`, r.resourceRange, {
        witness: `${r.resource} --version`,
        data: { rule: r.index, replacement: `${r.resource} *` },
      }));
    }
    const run = runsAnythingWitness(r);
    if (run) {
      out.push(finding('allow-runs-anything', runsAnythingSeverity(run), `"${r.resource}" allows ${COMMAND_ACTIONS.includes(r.action) ? `${r.action} commands` : `"${r.action}" actions (bash included)`} that ${allowsWhat(run).verb}: it admits ${run.what}, e.g. "${run.command}"`, r.resourceRange, {
        witness: run.command,
        data: { rule: r.index, kind: run.kind },
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
