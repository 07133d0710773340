import { literalWordsOf } from '../../patterns/wildcard';
import { addTo, firstWord, fixedFirstWords } from './rule-index';
import { TIERS, type ClaudeRule, type ClaudeRuleSet } from './types';

/**
 * The rules that can take a request from a rule, for the dead-rule check. Within a tier the order
 * never changes the decision, so a same-tier rule covering `r` makes it redundant whichever comes
 * first; stricter tiers are consulted first.
 *
 * Files of saved approvals hold hundreds of exact commands, and an exact command is only covered
 * by patterns that match it: only those with its first word (or no fixed first word) are listed,
 * with every whole-tool rule. Only a whole-tool rule or a rule of the same matcher kind covers
 * another (a path rule is covered by `Read` or by a path rule, never by a Bash pattern), so a rule
 * is weighed against those alone. The coverage decided on this list is the same as on all rules.
 */

interface Ranked {
  /** The rules that can cover another (not invalid, not never-matching), in file order. */
  rules: ClaudeRule[];
  /** Each one's tier rank (TIERS order). */
  ranks: Int8Array;
  /** Per matcher kind (`bash`, `domain`): positions in `rules` by first word, and those with no fixed first word. */
  byWord: Map<string, { words: Map<string, number[]>; open: number[] }>;
  /** Positions of whole-tool rules. */
  tools: number[];
  /** Positions of the rules of each matcher kind. */
  byKind: Map<string, number[]>;
  /** Per matcher kind, the whole-tool rules and those of the kind, merged (asked once per rule of the kind). */
  weighed: Map<string, number[]>;
}

const RANKED = new WeakMap<ClaudeRuleSet, Ranked>();

function rankedOf(rs: ClaudeRuleSet): Ranked {
  let hit = RANKED.get(rs);
  if (hit) return hit;
  const rules = rs.rules.filter((o) => o.matcher.kind !== 'invalid' && o.matcher.kind !== 'never');
  const byWord = new Map<string, { words: Map<string, number[]>; open: number[] }>();
  const tools: number[] = [];
  const byKind = new Map<string, number[]>();
  rules.forEach((o, i) => {
    const m = o.matcher;
    if (m.kind === 'tool') tools.push(i);
    addTo(byKind, m.kind, i);
    if (m.kind !== 'bash' && m.kind !== 'domain') return;
    let k = byWord.get(m.kind);
    if (!k) byWord.set(m.kind, (k = { words: new Map(), open: [] }));
    const words = fixedFirstWords(m.pattern);
    if (!words) k.open.push(i);
    else for (const w of new Set(words)) addTo(k.words, w, i);
  });
  hit = { rules, ranks: Int8Array.from(rules, (o) => TIERS.indexOf(o.tier)), byWord, tools, byKind, weighed: new Map() };
  RANKED.set(rs, hit);
  return hit;
}

/** The positions of the whole-tool rules and of those of one matcher kind, in file order. */
function weighedFor(ranked: Ranked, kind: string): number[] {
  let hit = ranked.weighed.get(kind);
  if (!hit) {
    const own = kind === 'tool' ? [] : (ranked.byKind.get(kind) ?? []);
    ranked.weighed.set(kind, (hit = [...new Set([...ranked.tools, ...own])].sort((a, b) => a - b)));
  }
  return hit;
}

/**
 * The rules weighed against `r` by the dead-rule check, in file order: every stricter rule and the
 * rules of its own tier that `sameTier` admits (by default the earlier ones), of its own matcher
 * kind or whole-tool — for a command or domain whose first word is fixed, only those that can match it.
 * @example competitorsOf(rs, rule('Bash(npm test)')).map((o) => o.text) // ['Bash(npm *)', 'Bash']
 */
export function competitorsOf(rs: ClaudeRuleSet, r: ClaudeRule, sameTier: (o: ClaudeRule) => boolean = (o) => o.index < r.index): ClaudeRule[] {
  const ranked = rankedOf(rs);
  const { rules, ranks, byWord, tools } = ranked;
  const tier = TIERS.indexOf(r.tier);
  const competes = (i: number) => ranks[i] < tier || (ranks[i] === tier && sameTier(rules[i]));
  const m = r.matcher;
  // Whatever covers `r` matches its words, so it has their first word or none fixed: an exact
  // command, and a prefix rule whose literal start ends its first word, are weighed against those only.
  const words = m.kind === 'bash' || m.kind === 'domain' ? literalWordsOf(m.pattern) ?? fixedFirstWords(m.pattern) : undefined;
  if (!words || (m.kind !== 'bash' && m.kind !== 'domain')) {
    return weighedFor(ranked, m.kind).filter(competes).map((i) => rules[i]);
  }
  const k = byWord.get(m.kind);
  const at = new Set<number>(tools);
  if (k) {
    for (const i of k.open) at.add(i);
    for (const w of words) for (const i of k.words.get(firstWord(w)) ?? []) at.add(i);
  }
  return [...at].sort((a, b) => a - b).filter(competes).map((i) => rules[i]);
}
