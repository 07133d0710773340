import * as path from 'path';
import type { Decision } from '../../model';
import { BoundedCache } from '../../compiled/bounded-cache';
import { judge, prepareClaude, type PreparedRequest } from './evaluate';
import { LEXICAL_FS } from '../../model';
import type { ClaudeRequest, ClaudeRule, ClaudeRuleSet, RuleMatcher } from './types';

/** What the evaluator decides for a request, and which rule decided it (null: no rule). */
export interface Outcome {
  decision: Decision;
  rule: number | null;
}

/**
 * The evaluator's decision for `req` with only `rules` in force (the rule set's mode, root and
 * layers kept). Every claim a claude lint makes is checked through this one door.
 * @example decideWith(rs, [rule], { tool: 'Bash', command: 'git status' }).decision // 'allow'
 */
export function decideWith(rs: ClaudeRuleSet, rules: readonly ClaudeRule[], req: ClaudeRequest): Outcome {
  try {
    const v = judge(rs, rules, preparedFor(rs, req), req);
    return { decision: v.decision, rule: v.rule?.index ?? null };
  } catch {
    // A request the evaluator cannot run proves nothing: report it as the strict answer.
    return { decision: 'deny', rule: null };
  }
}

/** Requests prepared per rule set kept at once: the lints of one file ask about a few thousand. */
const MAX_PREPARED = 8192;

/**
 * The lints ask about the same request under many rule lists (the whole set, the set without one
 * rule, one rule alone); reading a command (its parse, views and paths) is most of a verdict's cost,
 * so it is done once per rule set and request. A rule set is never changed once parsed.
 */
const prepared = new WeakMap<ClaudeRuleSet, BoundedCache<string, PreparedRequest>>();

function preparedFor(rs: ClaudeRuleSet, req: ClaudeRequest): PreparedRequest {
  let memo = prepared.get(rs);
  if (!memo) prepared.set(rs, (memo = new BoundedCache(MAX_PREPARED)));
  return memo.getOrSet(JSON.stringify(req), () => prepareClaude(rs, req, { fs: LEXICAL_FS }));
}

/** The rule set minus one rule. */
export function without(rs: ClaudeRuleSet, r: ClaudeRule): ClaudeRule[] {
  return rs.rules.filter((o) => o !== r);
}

/**
 * A request of the rule's own tool for a subject the rule's pattern names (a command, a path as
 * the rule anchors it, a host), or undefined when the subject cannot be phrased as a request.
 * @example requestFor(rule('Read(./.env)'), '.env') // { tool: 'Read', path: '.env' }
 */
export function requestFor(m: RuleMatcher, subject: string, r: ClaudeRule): ClaudeRequest | undefined {
  switch (m.kind) {
    case 'bash':
      return { tool: 'Bash', command: subject };
    case 'domain':
      return /^[a-z0-9.-]+$/i.test(subject) ? { tool: 'WebFetch', url: `https://${subject}/` } : undefined;
    case 'path': {
      const tool = m.family === 'read' ? 'Read' : 'Edit';
      if (m.anchor === 'cwd') return { tool, path: subject };
      if (m.anchor === 'home') return { tool, path: `~/${subject}` };
      if (m.anchor === 'absolute') return { tool, path: `/${subject}` };
      return { tool, path: path.posix.join(r.sourceRoot.replace(/\\/g, '/'), subject) };
    }
    default:
      return undefined;
  }
}
