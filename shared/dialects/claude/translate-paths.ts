import type { Decision } from '../../model';
import { compile, matches, type Wildcard } from '../../patterns/wildcard';
import { sample } from './automata';
import { compilePathRule, pathRuleMatches, type AnchorDirs } from './path-rules';

/** The folder both agents resolve relative paths against in the comparison (any absolute folder works). */
export const PROJECT_ROOT = '/project';
/** Folders a bare name is tried under: Claude Code matches a bare name at any depth. */
const NESTING = ['config', 'a/b'];
/** Path candidates tried per rule pattern; a bounded set, so a huge rule set stays cheap. */
export const MAX_PATH_WITNESSES = 2_000;

/** One OpenCode path rule of an action, in file order. */
export interface PathLastMatch {
  pattern: Wildcard;
  decision: Decision;
  index: number;
}

/** One Claude Code path rule: its specifier as written in `Read(…)` / `Edit(…)`. */
export interface PathTiered {
  specifier: string;
  decision: Decision;
  k: number;
}

export interface PathDifference {
  witness: string;
  lastMatch: Decision;
  tiered: Decision;
  lastMatchRule: number | null;
  tieredRule: number | null;
}

/**
 * The Claude Code specifier for an OpenCode path pattern. OpenCode matches the path relative to the
 * project, whole, with `*` crossing `/`; Claude Code reads the specifier as a gitignore pattern, so
 * the translation anchors it at the project root (`/…`), turns a whole-segment `*` into `**` and
 * lets a segment holding a `*` sit at any depth below.
 * Differences that remain (a `*` inside a segment, a folder rule covering what is inside it) are
 * found by {@link pathDifferences}.
 * @example claudePathSpecifier('.env') // '/.env'
 * @example claudePathSpecifier('secrets/*') // '/secrets/**'
 * @example claudePathSpecifier('*.env') // '/' then '**' then '/*.env': any depth
 */
export function claudePathSpecifier(source: string): string {
  // A star inside a segment also crosses folders in OpenCode (`*.env` matches `config/.env`): let
  // Claude Code's `**/` stand for the folders it may cross.
  const body = source
    .replace(/^\.\//, '')
    .split('/')
    .map((seg) => (seg === '*' || seg === '**' ? '**' : seg.includes('*') ? `**/${seg}` : seg))
    .join('/');
  return `/${body}`;
}

/**
 * Requests on which OpenCode's last-match decision and Claude Code's tier decision differ for one
 * path action, found by trying concrete paths: a sample of every pattern, the same under nested
 * folders (Claude Code's any-depth bare names), beneath it (gitignore folder rules) and with a `*`
 * spanning folders. One witness per pair of decisions. This is a search, not a proof: an empty
 * result proves nothing, so callers never call a path translation equivalent.
 * @example pathDifferences([{ pattern: opencodePattern('.env'), decision: 'deny', index: 0 }], [{ specifier: '.env', decision: 'deny', k: 0 }], 'ask')[0].witness // 'config/.env'
 */
export function pathDifferences(family: 'read' | 'edit', lm: PathLastMatch[], tiered: PathTiered[], fallback: Decision): PathDifference[] {
  const dirs: AnchorDirs = { cwd: PROJECT_ROOT, source: PROJECT_ROOT, home: undefined };
  const lmCompiled = lm.map((r) => ({ ...r, m: compile(r.pattern) }));
  const tCompiled = tiered.map((t) => ({ ...t, m: compilePathRule(family, t.specifier) }));
  const lastMatch = (p: string): { d: Decision; rule: number | null } => {
    for (let i = lmCompiled.length - 1; i >= 0; i--) if (matches(lmCompiled[i].m, p)) return { d: lmCompiled[i].decision, rule: lmCompiled[i].index };
    return { d: fallback, rule: null };
  };
  const tieredDecision = (p: string): { d: Decision; rule: number | null } => {
    const abs = `${PROJECT_ROOT}/${p}`;
    for (const d of ['deny', 'ask', 'allow'] as const) {
      const hit = tCompiled.find((t) => t.decision === d && pathRuleMatches(t.m, abs, dirs));
      if (hit) return { d, rule: hit.k };
    }
    return { d: fallback, rule: null };
  };
  const out: PathDifference[] = [];
  const seen = new Set<string>();
  for (const p of candidates(lm.map((r) => r.pattern))) {
    const a = lastMatch(p);
    const b = tieredDecision(p);
    if (a.d === b.d) continue;
    const pair = `${a.d}>${b.d}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    out.push({ witness: p, lastMatch: a.d, tiered: b.d, lastMatchRule: a.rule, tieredRule: b.rule });
  }
  return out;
}

/** Relative paths worth trying for these patterns, plain ones first (they make the clearest witness). */
function candidates(patterns: Wildcard[]): string[] {
  const out = new Set<string>();
  const add = (p: string) => {
    const clean = p.replace(/^\/+/, '');
    if (clean && out.size < MAX_PATH_WITNESSES) out.add(clean);
  };
  for (const w of patterns) {
    const s = sample(w);
    const forms = [s, w.source.replace(/\*/g, 'x'), w.source.replace(/\*/g, 'a/b'), w.source.replace(/\*/g, '')].filter((x): x is string => typeof x === 'string' && !/\?/.test(x));
    for (const f of forms) {
      add(f);
      for (const n of NESTING) add(`${n}/${f}`);
      add(`${f}/inner`);
    }
  }
  return [...out];
}
