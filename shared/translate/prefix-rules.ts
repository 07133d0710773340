import type { Decision } from '../model';
import type { NeutralRules } from './neutral';

/** A neutral shell-command rule read as a word prefix: `git status *` → words ["git","status"], open. */
export interface PrefixRule {
  /** Index of the source rule. */
  from: number;
  label: string;
  words: string[];
  /** `* ` at the end: the command may continue; otherwise only exactly these words match. */
  open: boolean;
  decision: Decision;
}

/** Characters that make a resource pattern more than literal words (plus a trailing ` *`). */
const SPECIAL = new Set(['*', '?', '[', ']', '{', '}', '\\', '"', "'", '$', '`', ';', '&', '|', '<', '>', '(', ')']);

/**
 * The shell-command rules of a neutral rule set (every-session scope) as word prefixes, and the
 * rules that are not literal words: those cannot be written as prefix rules (Codex, Gemini) and are
 * listed with a reason. `*` alone is kept as the catch-all (words []).
 * @example prefixRulesOf(opencode.translation!.toNeutral!(rs)).rules[0] // { words: ['git', 'status'], open: true, decision: 'allow', … }
 */
export function prefixRulesOf(rs: NeutralRules): { rules: PrefixRule[]; skipped: Array<{ from: number; label: string; reason: string }> } {
  const rules: PrefixRule[] = [];
  const skipped: Array<{ from: number; label: string; reason: string }> = [];
  for (const r of rs.rules) {
    if (r.scope !== null) {
      skipped.push({ from: r.from, label: r.label, reason: `per-agent rule (agent ${r.scope}): the target has no per-agent scopes` });
      continue;
    }
    if (r.action !== 'bash' && r.action !== '*') {
      skipped.push({ from: r.from, label: r.label, reason: `action ${r.action}: only shell commands translate` });
      continue;
    }
    const src = r.subject.trim();
    if (src === '*') {
      rules.push({ from: r.from, label: r.label, words: [], open: true, decision: r.decision });
      continue;
    }
    const open = src.endsWith(' *');
    const body = open ? src.slice(0, -2) : src;
    const words = body.split(' ').filter((w) => w !== '');
    if (words.length === 0 || [...body].some((c) => SPECIAL.has(c)) || body !== words.join(' ')) {
      skipped.push({ from: r.from, label: r.label, reason: 'not literal words with an optional trailing " *": no prefix rule expresses it' });
      continue;
    }
    rules.push({ from: r.from, label: r.label, words, open, decision: r.decision });
  }
  return { rules, skipped };
}

/**
 * Commands that tell every translation apart for word-prefix rules: each prefix exactly, each
 * prefix with one more word, and a command no prefix starts. For rules that are literal words with
 * an optional open end, any command behaves like one of these on both sides.
 * @example witnessCommands([{ words: ['git'], … }]) // ['git', 'git zz-extra', 'zz-other']
 */
export function witnessCommands(rules: readonly PrefixRule[]): string[] {
  const out = new Set<string>(['zz-other']);
  for (const r of rules) {
    if (r.words.length === 0) continue;
    out.add(r.words.join(' '));
    out.add(`${r.words.join(' ')} zz-extra`);
  }
  return [...out];
}
