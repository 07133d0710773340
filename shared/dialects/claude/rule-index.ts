import { isExactAlt, literalHead, type Wildcard } from '../../patterns/wildcard';
import { anchorFolder, folderKey, folderKeys } from './path-rules';
import type { ClaudeRule, PathAnchor, RuleMatcher } from './types';

/**
 * Files of saved approvals hold hundreds of Bash rules, and a command is checked against each.
 * Matching is literal code unit for code unit, so a pattern whose every alternative starts with a
 * literal holding a space (or is all literal) only matches texts with that first word: such rules
 * are skipped for a command whose texts start otherwise. Likewise a subject whose check matches
 * only some matcher kinds (a command: Bash patterns; a path: Read/Edit rules) skips the rules of the
 * other kinds, and a path skips the path rules of other folders (`folderKey`). Skipping only saves
 * the check; its answer (no match) is what the check would say, and the trace still lists every rule.
 */

/** Below this many rules a plain scan is as quick as the index. */
export const MIN_INDEXED_RULES = 48;

/**
 * The first word of a text (up to its first space).
 * @example firstWord('git status -s') // 'git'
 */
export function firstWord(s: string): string {
  const i = s.indexOf(' ');
  return i < 0 ? s : s.slice(0, i);
}

/**
 * The first words every text a pattern matches starts with, or undefined when some alternative
 * leaves it open: a literal beginning with a space fixes the first word, and so does an
 * all-literal alternative.
 * @example fixedFirstWords(bashPattern('git log *')) // ['git']
 */
export function fixedFirstWords(w: Wildcard): string[] | undefined {
  let hit = FIRST_WORDS.get(w);
  if (hit === undefined) FIRST_WORDS.set(w, (hit = firstWordsOf(w) ?? null));
  return hit ?? undefined;
}

/** Each pattern's answer: rule lists are indexed again for every variant a lint builds (a rule added, one left out). */
const FIRST_WORDS = new WeakMap<Wildcard, string[] | null>();

function firstWordsOf(w: Wildcard): string[] | undefined {
  const out: string[] = [];
  for (const alt of w.alts) {
    const prefix = literalHead(alt);
    const exact = isExactAlt(alt);
    if (!exact && !prefix.includes(' ')) return undefined;
    out.push(firstWord(prefix));
  }
  return out;
}

/** Matcher kinds every subject's check consults (a whole tool, a tool-name glob, a rule never or badly read). */
const WHOLE_TOOL_KINDS: ReadonlySet<RuleMatcher['kind']> = new Set(['tool', 'tool-glob', 'never', 'invalid']);

/** One list's rules sorted for quick lookup. */
interface RuleIndex {
  /** How many rules the list held when indexed: a list that changed since is indexed again. */
  length: number;
  /** Positions of whole-tool rules: always checked. */
  wholeTool: number[];
  /** Positions of Bash patterns whose first word is open: checked for every command. */
  openBash: number[];
  /** Positions of Bash patterns by the first words they fix. */
  byWord: Map<string, number[]>;
  /** Positions of the rules of every other matcher kind (paths, domains, MCP, generic), by kind. */
  byKind: Map<RuleMatcher['kind'], number[]>;
  /** Positions of path rules with no folder key (`folderKey`): checked for every path. */
  openPaths: number[];
  /** Path rules with a folder key, by where they are anchored (`cwd`, `home`, `/`, or a settings source root), then by key. */
  pathsByAnchor: Map<string, { anchor: PathAnchor; source: string; byKey: Map<string, number[]> }>;
  /** Answers already merged, by the kinds and words asked about (a file's lints ask the same many times). */
  answers: Map<string, number[]>;
}

/**
 * Where a subject's path is checked: a path rule matches it only if `pathRuleMatches(rule, path,
 * { cwd, home, source: rule.sourceRoot })` is not false.
 */
export interface PathProbe {
  path: string;
  cwd: string;
  home: string | undefined;
}

/** The path rules that may match a probe's path: those of no folder key, and those whose key is one of the path's under their anchor. */
function pathCandidates(index: RuleIndex, at: PathProbe): number[][] {
  const out = [index.openPaths];
  for (const group of index.pathsByAnchor.values()) {
    const base = anchorFolder(group.anchor, { cwd: at.cwd, home: at.home, source: group.source });
    // Without a home folder a home rule never matches (pathRuleMatches answers no).
    if (base === undefined) continue;
    for (const k of folderKeys(base, at.path)) {
      const list = group.byKey.get(k);
      if (list) out.push(list);
    }
  }
  return out;
}

/** Merged answers kept per list (it only saves work). */
const MAX_ANSWERS = 1_024;

const INDEXES = new WeakMap<readonly ClaudeRule[], RuleIndex>();

/**
 * Adds a position to a key's list, starting the list if need be.
 * @example addTo(byWord, 'git', 3)
 */
export function addTo<K>(map: Map<K, number[]>, key: K, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}

function indexOf(rules: readonly ClaudeRule[]): RuleIndex {
  let hit = INDEXES.get(rules);
  // Lists are not changed once built; should one grow, a rule left out of its index would never be checked.
  if (hit && hit.length === rules.length) return hit;
  hit = { length: rules.length, wholeTool: [], openBash: [], byWord: new Map(), byKind: new Map(), openPaths: [], pathsByAnchor: new Map(), answers: new Map() };
  for (let i = 0; i < rules.length; i++) {
    const m = rules[i].matcher;
    if (WHOLE_TOOL_KINDS.has(m.kind)) hit.wholeTool.push(i);
    else if (m.kind === 'path') {
      addTo(hit.byKind, m.kind, i);
      const key = folderKey(m);
      if (key === undefined) hit.openPaths.push(i);
      else {
        const source = m.anchor === 'source' ? rules[i].sourceRoot : '';
        const where = `${m.anchor}\n${source}`;
        let group = hit.pathsByAnchor.get(where);
        if (!group) hit.pathsByAnchor.set(where, (group = { anchor: m.anchor, source, byKey: new Map() }));
        addTo(group.byKey, key, i);
      }
    } else if (m.kind !== 'bash') addTo(hit.byKind, m.kind, i);
    else {
      const words = fixedFirstWords(m.pattern);
      if (!words) hit.openBash.push(i);
      else for (const w of new Set(words)) addTo(hit.byWord, w, i);
    }
  }
  INDEXES.set(rules, hit);
  return hit;
}

/**
 * The positions in `rules` (ascending) of the rules that may match a subject whose checked texts
 * have these first words, and whose check matches no rule of a matcher kind outside `kinds`
 * (besides the whole-tool ones); undefined when every rule should be checked (a short list).
 * @example candidatesFor(rules, new Set(['git'])) // positions of `Bash(git …)`, `Bash(*)`, `Read(…)`, …
 * @example candidatesFor(rules, new Set(), new Set(['path'])) // positions of `Read(…)`, `Edit(…)`, `Bash`, …
 * @example candidatesFor(rules, new Set(), new Set(['path']), { path: '/p/src/a.ts', cwd: '/p', home: '/h' }) // `Read(src/**)`, not `Read(docs/**)`
 */
export function candidatesFor(rules: readonly ClaudeRule[], words: ReadonlySet<string>, kinds?: ReadonlySet<RuleMatcher['kind']>, at?: PathProbe): readonly number[] | undefined {
  if (rules.length < MIN_INDEXED_RULES) return undefined;
  const index = indexOf(rules);
  // JSON keeps the words apart whatever they hold (a first word may hold a newline).
  const key = JSON.stringify([kinds ? [...kinds].sort() : null, [...words].sort(), at ?? null]);
  const known = index.answers.get(key);
  if (known) return known;
  const lists = [index.wholeTool];
  const bash = !kinds || kinds.has('bash');
  if (bash) {
    lists.push(index.openBash);
    for (const w of words) {
      const list = index.byWord.get(w);
      if (list) lists.push(list);
    }
  }
  for (const [kind, list] of index.byKind) {
    if (kinds && !kinds.has(kind)) continue;
    if (kind === 'path' && at) lists.push(...pathCandidates(index, at));
    else lists.push(list);
  }
  const out = lists.flat().sort((a, b) => a - b);
  // A pattern with alternatives of two first words sits in both lists.
  let n = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[i - 1]) out[n++] = out[i];
  out.length = n;
  if (index.answers.size >= MAX_ANSWERS) index.answers.clear();
  index.answers.set(key, out);
  return out;
}
