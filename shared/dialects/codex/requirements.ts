import { FILE_START, SourceText, type Range } from '../../model';
import { readToml, tomlPath, type TomlDocument } from '../../toml/tree';
import { patternLabel } from './pattern-label';
import { CODEX_DECISIONS, type CodexNative, type CodexRule, type PatternToken } from './types';

/** What an admin's `requirements.toml` adds to the exec policy, or why Codex rejects it. */
export interface RequirementsRules {
  /** The `[rules] prefix_rules` entries as rules (one per alternative head, like `prefix_rule`). */
  rules: CodexRule[];
  /** Problems that make Codex reject the requirements (it then refuses to start). */
  errors: Array<{ message: string; range: Range }>;
  /** Whether the file has a `[rules]` table at all (many requirements files only pin other settings). */
  hasRules: boolean;
  /**
   * Fields Codex reads past without a word (serde keeps no unknown fields here): the rule stands
   * as if they were not written. Errors at the field, but the file still loads.
   */
  ignored: Array<{ message: string; range: Range }>;
}

/** The fields of one `prefix_rules` entry and of one pattern token Codex reads (codex-rs/config/src/requirements_exec_policy.rs). */
const RULE_FIELDS = ['pattern', 'decision', 'justification', 'reviewer'];
const TOKEN_FIELDS = ['token', 'any_of'];

const DECISIONS = new Set(['allow', 'prompt', 'forbidden']);

/**
 * Reads the `[rules] prefix_rules = [{ pattern = [{ token = "git" }, { any_of = ["push", "fetch"] }],
 * decision = "forbidden", justification = "…" }]` table of a Codex `requirements.toml` the way Codex
 * converts it into exec-policy rules: every entry needs an explicit decision, and `allow` is refused
 * (requirements can only tighten: Codex merges them with the `.rules` files and the strictest
 * match wins). Other sections of the file are not exec policy and are left alone.
 * @example readRequirementsRules('[rules]\nprefix_rules = [{ pattern = [{ token = "rm" }], decision = "forbidden" }]').rules[0].native // 'forbidden'
 */
export function readRequirementsRules(text: string, opts: { firstIndex?: number; layer?: string } = {}): RequirementsRules {
  const source = new SourceText(text);
  const doc = readToml(text);
  const out: RequirementsRules = { rules: [], errors: [], hasRules: false, ignored: [] };
  if (doc.error) {
    const at = source.range(doc.error.offset, doc.error.offset);
    out.errors.push({ message: `invalid TOML: ${doc.error.message}`, range: at });
    return out;
  }
  const where = (path: (string | number)[]): Range => {
    if (opts.layer !== undefined) return FILE_START;
    const n = nodeAt(doc, path);
    return n ? source.range(n.start, n.end) : FILE_START;
  };
  const fail = (message: string, path: (string | number)[]) => void out.errors.push({ message, range: where(path) });
  const table = doc.value?.rules;
  if (table === undefined) return out;
  out.hasRules = true;
  const list = isRecord(table) ? table.prefix_rules : undefined;
  if (!isRecord(table)) fail('[rules] must be a table', ['rules']);
  else if (list === undefined) fail('[rules] needs a prefix_rules list', ['rules']);
  else if (!Array.isArray(list)) fail('rules.prefix_rules must be a list of tables', ['rules', 'prefix_rules']);
  else if (list.length === 0) fail('rules prefix_rules cannot be empty', ['rules', 'prefix_rules']);
  if (!Array.isArray(list) || out.errors.length) return out;
  list.forEach((entry, i) => {
    const at = ['rules', 'prefix_rules', i];
    if (!isRecord(entry)) return fail(`rules prefix_rule at index ${i} must be a table`, at);
    for (const k of Object.keys(entry)) if (!RULE_FIELDS.includes(k)) out.ignored.push({ message: `Codex ignores \`${k}\`: this rule applies without it (prefix_rules entries read ${RULE_FIELDS.join(', ')})`, range: where([...at, k]) });
    if (Array.isArray(entry.pattern)) {
      entry.pattern.forEach((t, n) => {
        if (isRecord(t)) for (const k of Object.keys(t)) if (!TOKEN_FIELDS.includes(k)) out.ignored.push({ message: `Codex ignores \`${k}\` in a pattern token: only token and any_of are read`, range: where([...at, 'pattern', n, k]) });
      });
    }
    const { justification, decision, reviewer } = entry;
    if (justification !== undefined && (typeof justification !== 'string' || justification.trim() === '')) return fail(`rules prefix_rule at index ${i} has an empty justification`, [...at, 'justification']);
    if (!Array.isArray(entry.pattern)) return fail(`rules prefix_rule at index ${i} needs a pattern list`, at);
    if (entry.pattern.length === 0) return fail(`rules prefix_rule at index ${i} has an empty pattern`, [...at, 'pattern']);
    const pattern: PatternToken[] = [];
    for (let t = 0; t < entry.pattern.length; t++) {
      const tokenAt = [...at, 'pattern', t];
      const alts = patternToken(entry.pattern[t]);
      if (typeof alts === 'string') return fail(`rules prefix_rule at index ${i} has an invalid pattern token at index ${t}: ${alts}`, tokenAt);
      pattern.push({ alts, range: where(tokenAt) });
    }
    if (decision === undefined) return fail(`rules prefix_rule at index ${i} is missing a decision`, at);
    if (typeof decision !== 'string' || !DECISIONS.has(decision)) return fail(`rules prefix_rule at index ${i}: decision must be "prompt" or "forbidden"`, [...at, 'decision']);
    if (decision === 'allow') return fail(`rules prefix_rule at index ${i} has decision 'allow', which requirements.toml does not permit: Codex merges these rules with the .rules files and the strictest match wins (use 'prompt' or 'forbidden')`, [...at, 'decision']);
    if (reviewer !== undefined && decision !== 'prompt') return fail(`rules prefix_rule at index ${i} has a reviewer, which is only valid with decision 'prompt'`, [...at, 'reviewer']);
    const native = decision as CodexNative;
    const first = pattern[0];
    for (const head of first.alts) {
      const rulePattern = [{ alts: [head], range: first.range }, ...pattern.slice(1)];
      out.rules.push({
        index: (opts.firstIndex ?? 0) + out.rules.length,
        id: null,
        decision: CODEX_DECISIONS[native],
        native,
        label: `${patternLabel(rulePattern)} → ${native}${opts.layer ? ` — ${opts.layer}` : ''}`,
        scope: opts.layer,
        range: where(at),
        program: head,
        pattern: rulePattern,
        implicitDecision: false,
        justification: typeof justification === 'string' ? justification : null,
        call: -1 - i,
        patternRange: where([...at, 'pattern']),
        layer: opts.layer,
      });
    }
  });
  // A rejected file adds no rules at all: Codex does not start with it.
  if (out.errors.length) out.rules = [];
  return out;
}

/** The alternatives of one `{ token = … }` / `{ any_of = [ … ] }` element, or why it is invalid. */
function patternToken(v: unknown): string[] | string {
  if (!isRecord(v)) return 'must be a table with token or any_of';
  const { token, any_of: anyOf } = v;
  if (token !== undefined && anyOf !== undefined) return 'set either token or any_of, not both';
  if (token !== undefined) {
    if (typeof token !== 'string' || token.trim() === '') return 'token cannot be empty';
    return [token];
  }
  if (anyOf !== undefined) {
    if (!Array.isArray(anyOf) || anyOf.length === 0) return 'any_of cannot be empty';
    if (anyOf.some((a) => typeof a !== 'string' || a.trim() === '')) return 'any_of cannot include empty tokens';
    return anyOf as string[];
  }
  return 'set either token or any_of';
}

function nodeAt(doc: TomlDocument, path: (string | number)[]) {
  for (let n = path.length; n > 0; n--) {
    const hit = doc.nodes.get(tomlPath(path.slice(0, n)));
    if (hit) return hit;
  }
  return undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
