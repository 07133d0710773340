import { ruleSource, type Decision, type HookRef, type RuleSource, type TraceSection, type Verdict } from '../../model';
import { atomsOf, compile, matches } from '../../patterns/wildcard';
import type { ClaudeHook, ClaudeRuleSet, HookAnswer } from './types';
import { LAYER_TITLES } from './types';

/** One alternative of a matcher RuleLens reads without a regular expression: names and `.*`. */
const SIMPLE_ALT = /^(?:[\w-]|\.\*)+$/;

/**
 * Whether a `PreToolUse` matcher selects the tool: `''` and `*` every tool; `A|B` exact names
 * (case-sensitive: `bash` does not select Bash); `.*` inside a name any run of characters
 * (`mcp__.*`, `Notebook.*`). A matcher using other regular-expression syntax is taken to match
 * (fail closed: the verdict is hook-dependent), and says so.
 * @example hookMatches('Bash|Write', 'Bash') // { matches: true, exact: true }
 */
export function hookMatches(matcher: string, tool: string): { matches: boolean; exact: boolean } {
  if (matcher === '' || matcher === '*') return { matches: true, exact: true };
  const alts = matcher.split('|');
  if (!alts.every((a) => SIMPLE_ALT.test(a))) return { matches: true, exact: false };
  for (const a of alts) {
    const text = a.split('.*').join('*');
    const pattern = { source: text, alts: [atomsOf(text, { star: true, one: false })] };
    if (matches(compile(pattern), tool)) return { matches: true, exact: true };
  }
  return { matches: false, exact: true };
}

/** The hooks that run before the agent decides this tool's call. */
export function hooksFor(rs: ClaudeRuleSet, tool: string): Array<{ hook: ClaudeHook; exact: boolean }> {
  const out: Array<{ hook: ClaudeHook; exact: boolean }> = [];
  for (const h of rs.hooks ?? []) {
    const m = hookMatches(h.matcher, tool);
    if (m.matches) out.push({ hook: h, exact: m.exact });
  }
  return out;
}

/** Where a hook is configured, as a rule source (file, line, layer). */
export function hookSource(rs: ClaudeRuleSet, h: ClaudeHook): RuleSource {
  return ruleSource(rs, { index: -1, id: null, decision: 'ask', native: 'ask', label: h.command, range: h.range, file: h.path, layer: h.path === rs.path ? undefined : LAYER_TITLES[h.layer] });
}

function refs(rs: ClaudeRuleSet, hooks: Array<{ hook: ClaudeHook }>): HookRef[] {
  return hooks.map(({ hook }) => ({ command: hook.command, matcher: hook.matcher, source: hookSource(rs, hook) }));
}

function hookSection(rs: ClaudeRuleSet, hooks: Array<{ hook: ClaudeHook; exact: boolean }>, decision: Decision | null, branch: string): TraceSection {
  return {
    kind: 'hook',
    subject: hooks.map(({ hook }) => hook.command).join(', '),
    columns: ['matcher'],
    rows: hooks.map(({ hook, exact }) => ({
      rule: -1,
      label: `PreToolUse ${JSON.stringify(hook.matcher)} → ${hook.command}`,
      matches: [true],
      source: hookSource(rs, hook),
      ...(exact ? {} : { note: 'the matcher is a regular expression RuleLens does not evaluate: taken to match' }),
    })),
    controlling: null,
    decision,
    branch,
  };
}

/**
 * The verdict when hooks run first and their answer is not known: `hook-dependent`, with the
 * verdict without them as `decision` and in the trace.
 */
export function hookDependent(rs: ClaudeRuleSet, v: Verdict, hooks: Array<{ hook: ClaudeHook; exact: boolean }>): Verdict {
  const names = hooks.map(({ hook }) => `\`${hook.command}\``).join(', ');
  const branch = `${hooks.length === 1 ? 'the hook' : 'the hooks'} ${names} decide${hooks.length === 1 ? 's' : ''} first (a PreToolUse hook's answer cannot be known without running it); without ${hooks.length === 1 ? 'it' : 'them'}: ${v.decision}`;
  return {
    ...v,
    native: 'hook-dependent',
    details: { ...v.details, hook: hooks.map(({ hook }) => hook.command).join(', '), without: v.decision },
    hook: { hooks: refs(rs, hooks), without: v.decision },
    trace: { ...v.trace, branch, sections: [hookSection(rs, hooks, null, 'pin the hook\'s answer in the request ("hook": "allow" | "ask" | "deny" | "none") to test each case'), ...v.trace.sections], notes: v.trace.notes },
  };
}

/** What kept a subject's decision that a hook's allow cannot lift (a deny or ask rule, a guard). */
export interface HookKeeps {
  decision: Decision;
  why: string;
}

/**
 * The verdict with the hooks' answer pinned: `deny` denies before any rule (also an exit code 2);
 * `ask` asks unless a deny rule or guard denies; `allow` approves what no rule decides (a path
 * outside, hidden execution, the mode's ask) while deny and ask rules, protected files and the
 * guards still decide; `none` leaves the rules to decide (observed on 2.1.328, see
 * docs/dialects/claude.md).
 */
export function withHookAnswer(rs: ClaudeRuleSet, v: Verdict, hooks: Array<{ hook: ClaudeHook; exact: boolean }>, answer: HookAnswer, keeps: HookKeeps | undefined, denyInstead: boolean): Verdict {
  const names = hooks.map(({ hook }) => `\`${hook.command}\``).join(', ');
  let decision: Decision;
  let branch: string;
  if (answer === 'none') {
    decision = v.decision;
    branch = `the hook ${names} answers nothing (pinned by the request): the rules decide ${v.decision}`;
  } else if (answer === 'deny') {
    decision = 'deny';
    branch = `the hook ${names} answers deny (pinned by the request): denied before any rule is consulted`;
  } else if (answer === 'ask') {
    decision = v.decision === 'deny' && keeps?.decision === 'deny' ? 'deny' : 'ask';
    branch = decision === 'deny' ? `the hook ${names} answers ask (pinned by the request), but ${keeps?.why}: deny` : `the hook ${names} answers ask (pinned by the request): the agent asks`;
    if (decision === 'ask' && denyInstead) {
      decision = 'deny';
      branch += '; permissions.denyInsteadOfPrompting turns the prompt into a deny';
    }
  } else {
    decision = keeps ? keeps.decision : 'allow';
    branch = keeps ? `the hook ${names} answers allow (pinned by the request), but ${keeps.why}: ${keeps.decision}` : `the hook ${names} answers allow (pinned by the request): it approves what no rule decides`;
  }
  const rule = decision === v.decision ? v.rule : null;
  return {
    ...v,
    decision,
    native: decision,
    rule,
    details: { ...v.details, hook: answer, tier: decision === v.decision ? v.details.tier ?? null : 'hook' },
    trace: { ...v.trace, branch, sections: [hookSection(rs, hooks, answer === 'none' ? null : decision, branch), ...v.trace.sections], notes: v.trace.notes },
  };
}
