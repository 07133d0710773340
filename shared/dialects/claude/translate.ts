import { DFA, NFA, Words, getIntersectionWordSets } from 'refa';
import type { Decision } from '../../model';
import { compile, isUniversal, matches, type Wildcard } from '../../patterns/wildcard';
import { MAX_AUTOMATON_NODES, uncovered, wildcardNfa } from './automata';
import { bashPattern } from './bash-pattern';
import { claudePathSpecifier, pathDifferences } from './translate-paths';

/** One rule of an ordered last-match set (OpenCode): the last rule matching action and resource decides. */
export interface LastMatchRule {
  /** The action (`bash`, `edit`, …) or `*` for every action. */
  action: string;
  /** The resource pattern in the canonical form. */
  pattern: Wildcard;
  decision: Decision;
}

/** One rule of the tiered result; `from` is the index of the last-match rule it came from. */
export interface TieredRule {
  action: string;
  pattern: Wildcard;
  decision: Decision;
  from: number;
  /** The Claude Code rule string, when one expresses exactly this rule; null otherwise (see `note`). */
  claude: string | null;
  note?: string;
}

/** A request whose decision the translation changes. */
export interface TranslationDifference {
  action: string;
  /** A resource (command, path, …) on which the two sets disagree. */
  witness: string;
  lastMatch: Decision;
  tiered: Decision;
  /** Index of the last-match rule deciding the witness, null for the fallback. */
  lastMatchRule: number | null;
  /** Index (into `rules`) of the tiered rule deciding it, null for the fallback. */
  tieredRule: number | null;
}

export interface Translation {
  rules: TieredRule[];
  /** True only when every action was proved equivalent on the automata. */
  equivalent: boolean;
  differences: TranslationDifference[];
  /** Last-match rules left out, and why (they never decide, or only restate the fallback). */
  dropped: Array<{ from: number; action: string; reason: string }>;
  /** Actions the analysis could not finish within its budget: no claim is made for them. */
  unproved: string[];
}

/** Claude tool names for OpenCode actions. */
export const ACTION_TOOLS: Readonly<Record<string, string>> = {
  bash: 'Bash', read: 'Read', edit: 'Edit', write: 'Edit', glob: 'Glob', grep: 'Grep', list: 'LS',
  webfetch: 'WebFetch', websearch: 'WebSearch', task: 'Task', skill: 'Skill', todowrite: 'TodoWrite',
};

const DECISIONS: readonly Decision[] = ['deny', 'ask', 'allow'];

/**
 * Translates an ordered last-match rule set into deny/ask/allow tiers. Rules that never decide
 * (covered by later ones) and leading rules that only restate the fallback are dropped; the rest go
 * to the tier of their decision. The result is then compared with the input on the pattern
 * automata, per action: `equivalent` is true only when that proof succeeds, otherwise
 * `differences` lists, for each pair of decisions that disagree, a witness resource and the rules
 * deciding it on each side. A later narrow allow carving an exception out of an earlier broad deny
 * has no tiered equivalent and shows up there.
 * @example
 * const t = translateFromLastMatch([
 *   { action: 'bash', pattern: opencodePattern('*'), decision: 'ask' },
 *   { action: 'bash', pattern: opencodePattern('git *'), decision: 'allow' },
 * ]);
 * t.equivalent // true: the leading ask restates the fallback; t.rules[0].claude === 'Bash(git *)'
 */
export function translateFromLastMatch(rules: LastMatchRule[], options: { fallback?: Decision } = {}): Translation {
  const fallback = options.fallback ?? 'ask';
  const actions = [...new Set(rules.map((r) => r.action).filter((a) => a !== '*'))];
  const groups = [...actions, '*'].map((action) => ({ action, members: rules.map((r, i) => ({ r, i })).filter(({ r }) => r.action === action || r.action === '*') }));
  const out: Translation = { rules: [], equivalent: true, differences: [], dropped: [], unproved: [] };
  const keptByGroup = new Map<string, number[]>();
  for (const g of groups) {
    const kept = keep(g.action, g.members, fallback, out.dropped);
    keptByGroup.set(g.action, kept);
    for (const i of kept) {
      const r = rules[i];
      // Wildcard-action rules reach every action through the '*' output rule; concrete groups need no copy.
      if (r.action === '*' && g.action !== '*') continue;
      if (out.rules.some((t) => t.from === i)) continue;
      out.rules.push({ action: r.action, pattern: r.pattern, decision: r.decision, from: i, ...claudeText(r) });
    }
  }
  for (const g of groups) {
    if (g.action === '*' && actions.length > 0 && g.members.length === 0) continue;
    const lm = g.members.map(({ r, i }) => ({ pattern: r.pattern, decision: r.decision, index: i }));
    const tiered = out.rules.map((t, k) => ({ t, k })).filter(({ t }) => t.action === g.action || t.action === '*');
    const diffs = compare(g.action, lm, tiered, fallback);
    if (diffs === undefined) {
      out.unproved.push(g.action);
      out.equivalent = false;
    } else if (diffs.length) {
      out.differences.push(...diffs);
      out.equivalent = false;
    }
    // The automata above compare OpenCode's patterns in both orders; Claude Code reads a path
    // specifier its own way (any-depth bare names, folder rules), so try concrete paths through it.
    const family = PATH_FAMILY[g.action];
    if (family && diffs !== undefined && !diffs.length) {
      const onPaths = pathDifferences(family, lm, tiered.map(({ t, k }) => ({ specifier: specifierOf(t), decision: t.decision, k })), fallback);
      if (onPaths.length) {
        out.differences.push(...onPaths.map((d) => ({ action: g.action, ...d })));
        out.equivalent = false;
      }
    }
  }
  return out;
}

/** OpenCode actions whose resource is a path Claude Code matches with its path rules. */
const PATH_FAMILY: Readonly<Record<string, 'read' | 'edit'>> = { read: 'read', edit: 'edit', write: 'edit' };

/**
 * The path specifier a tiered rule stands for: `Edit(/.env)` → `/.env`, a bare `Edit` → every path.
 * A rule no Claude Code string expresses (an action `*`) is compared as if it were written, like
 * the automata do; the missing rule itself is reported as a note.
 */
function specifierOf(t: TieredRule): string {
  if (isUniversal(t.pattern)) return '**';
  if (t.claude === null) return claudePathSpecifier(t.pattern.source);
  const open = t.claude.indexOf('(');
  return open < 0 ? '**' : t.claude.slice(open + 1, -1);
}

/** Indexes of the rules worth keeping for one action, in order. */
function keep(action: string, members: Array<{ r: LastMatchRule; i: number }>, fallback: Decision, dropped: Translation['dropped']): number[] {
  const kept: Array<{ r: LastMatchRule; i: number }> = [];
  members.forEach((m, k) => {
    const later = members.slice(k + 1).map((x) => x.r.pattern);
    if (later.length && uncovered(m.r.pattern, later) === null) dropped.push({ from: m.i, action, reason: 'never decides: later rules match everything it matches' });
    else kept.push(m);
  });
  while (kept.length && kept[0].r.decision === fallback) {
    dropped.push({ from: kept[0].i, action, reason: `first rule with the fallback decision (${fallback}): removing it changes nothing` });
    kept.shift();
  }
  return kept.map((m) => m.i);
}

function claudeText(r: LastMatchRule): { claude: string | null; note?: string } {
  const tool = ACTION_TOOLS[r.action];
  if (!tool) return { claude: null, note: r.action === '*' ? 'Claude Code rules name one tool: no rule covers every action' : `no Claude Code tool for action "${r.action}"` };
  if (isUniversal(r.pattern)) return { claude: tool };
  if (PATH_FAMILY[r.action]) {
    return { claude: `${tool}(${claudePathSpecifier(r.pattern.source)})`, note: 'anchored at the project root (a bare name would match at any depth in Claude Code); path rules are checked on sample paths, not proved' };
  }
  if (tool !== 'Bash') return { claude: `${tool}(${r.pattern.source})`, note: 'path and URL patterns match differently in Claude Code (gitignore anchors, domain:): review this rule' };
  const text = `Bash(${r.pattern.source})`;
  const back = bashPattern(r.pattern.source);
  const same = uncovered(back, [r.pattern]) === null && uncovered(r.pattern, [back]) === null;
  return same ? { claude: text } : { claude: null, note: `"${text}" would mean something else in Claude Code` };
}

function dfaOf(w: Wildcard[]): DFA | undefined {
  const n = wildcardNfa(w);
  return n && DFA.fromFA(n, new DFA.LimitedNodeFactory(MAX_AUTOMATON_NODES));
}

function complementOf(w: Wildcard[]): DFA | undefined {
  const d = dfaOf(w);
  d?.complement();
  return d;
}

function intersect(a: DFA, b: DFA): DFA {
  return DFA.fromIntersection(a, b, new DFA.LimitedNodeFactory(MAX_AUTOMATON_NODES));
}

/** Per decision, the language each semantics assigns it; then a witness for every disagreeing pair. */
function compare(action: string, lm: Array<{ pattern: Wildcard; decision: Decision; index: number }>, tiered: Array<{ t: TieredRule; k: number }>, fallback: Decision): TranslationDifference[] | undefined {
  try {
    const lmRegion = new Map<Decision, NFA>(DECISIONS.map((d) => [d, wildcardNfa([])!]));
    lm.forEach((r, k) => {
      const rest = complementOf(lm.slice(k + 1).map((x) => x.pattern))!;
      const region = intersect(dfaOf([r.pattern])!, rest);
      lmRegion.get(r.decision)!.unionInto(NFA.fromFA(region));
    });
    lmRegion.get(fallback)!.unionInto(NFA.fromFA(complementOf(lm.map((r) => r.pattern))!));
    const tRegion = new Map<Decision, NFA>();
    const stricter: Wildcard[] = [];
    for (const d of DECISIONS) {
      const mine = tiered.filter(({ t }) => t.decision === d).map(({ t }) => t.pattern);
      tRegion.set(d, NFA.fromFA(intersect(dfaOf(mine)!, complementOf(stricter)!)));
      stricter.push(...mine);
    }
    tRegion.get(fallback)!.unionInto(NFA.fromFA(complementOf(stricter)!));
    const out: TranslationDifference[] = [];
    for (const a of DECISIONS) {
      for (const b of DECISIONS) {
        if (a === b) continue;
        for (const ws of getIntersectionWordSets(lmRegion.get(a)!, tRegion.get(b)!, MAX_AUTOMATON_NODES)) {
          const witness = Words.fromUTF16ToString(Words.pickMostReadableWord(ws));
          out.push({ action, witness, lastMatch: a, tiered: b, lastMatchRule: lastMatchDecider(lm, witness), tieredRule: tieredDecider(tiered, witness) });
          break;
        }
      }
    }
    return out;
  } catch {
    return undefined;
  }
}

function lastMatchDecider(lm: Array<{ pattern: Wildcard; index: number }>, s: string): number | null {
  for (let k = lm.length - 1; k >= 0; k--) if (matches(compile(lm[k].pattern), s)) return lm[k].index;
  return null;
}

function tieredDecider(tiered: Array<{ t: TieredRule; k: number }>, s: string): number | null {
  for (const d of DECISIONS) {
    const hit = tiered.find(({ t }) => t.decision === d && matches(compile(t.pattern), s));
    if (hit) return hit.k;
  }
  return null;
}
