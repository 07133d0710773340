import { fills, meets } from '../analysis/witness';
import { compile, matches, type Wildcard } from '../patterns/wildcard';
import { realisticCommands, REALISTIC_FILE_NAMES, REALISTIC_LEADS, REALISTIC_WORDS } from './realistic';

/**
 * Building blocks the dialects' witness searches share: which rules changed between two versions,
 * and readable members of a wildcard pattern (realistic commands first, then the pattern's own
 * words with realistic stand-ins for its wildcards).
 */

/**
 * The rules of each version that the other lacks, compared by `key` as multisets: where only the
 * set of rules matters (the strictest match wins, or the first match of a tier), a rule both
 * versions have decides alike in both, so only these can make a decision differ.
 * @example changedRules(base.rules, current.rules, (r) => r.text) // { base: [removed…], current: [added…] }
 */
export function changedRules<R>(base: readonly R[], current: readonly R[], key: (r: R) => string): { base: R[]; current: R[] } {
  const unmatched = (from: readonly R[], against: readonly R[]) => {
    const left = new Map<string, number>();
    for (const r of against) left.set(key(r), (left.get(key(r)) ?? 0) + 1);
    return from.filter((r) => {
      const n = left.get(key(r)) ?? 0;
      if (n === 0) return true;
      left.set(key(r), n - 1);
      return false;
    });
  };
  return { base: unmatched(base, current), current: unmatched(current, base) };
}

/**
 * The rules of each version outside the longest start and end the two share (compared by `key`),
 * for rule lists whose order decides (first or last match): a reordering is a change here.
 * @example changedMiddle(['a', 'b', 'c'], ['a', 'c'], (r) => r) // { base: ['b'], current: [] }
 */
export function changedMiddle<R>(base: readonly R[], current: readonly R[], key: (r: R) => string): { base: R[]; current: R[] } {
  let head = 0;
  while (head < base.length && head < current.length && key(base[head]) === key(current[head])) head++;
  let tail = 0;
  while (tail < base.length - head && tail < current.length - head && key(base[base.length - 1 - tail]) === key(current[current.length - 1 - tail])) tail++;
  return { base: base.slice(head, base.length - tail), current: current.slice(head, current.length - tail) };
}

/** Stand-ins for wildcards, after the realistic words: empty, then one short word. */
const EXTRA_FILLERS = ['', 'x'];

/**
 * Readable members of a command pattern: the realistic commands it matches, then the pattern with
 * every wildcard replaced by one realistic word, then the analyser's own fills. All are members.
 * @example commandFills(bashPattern('git push *'))[0] // 'git push origin main'
 */
export function commandFills(w: Wildcard, max = 12): string[] {
  const m = compile(w);
  const out = new Set<string>();
  for (const c of realisticCommands()) {
    if (out.size >= max) break;
    if (matches(m, c)) out.add(c);
  }
  for (const alt of w.alts) {
    for (const word of [...REALISTIC_WORDS, ...EXTRA_FILLERS]) {
      const s = alt.map((a) => (a.t === 'lit' ? a.s : a.t === 'one' ? word.slice(0, 1) || 'x' : word)).join('');
      if (matches(m, s)) out.add(s);
    }
    // A pattern that starts with a wildcard: a whole command in its place, read-only ones included.
    if (alt[0]?.t === 'star') {
      for (const lead of REALISTIC_LEADS) {
        const s = alt.map((a, i) => (a.t === 'lit' ? a.s : a.t === 'one' ? 'x' : i === 0 ? lead : REALISTIC_WORDS[0])).join('');
        if (matches(m, s)) out.add(s);
      }
    }
  }
  for (const f of fills(w)) out.add(f);
  return [...out].filter((s) => s.trim() !== '');
}

/**
 * Strings both patterns match, from their literals (see `meets`).
 * @example patternMeets(bashPattern('git *'), bashPattern('* --force')) // ['git --force', …]
 */
export function patternMeets(a: Wildcard, b: Wildcard): string[] {
  return meets(a, b).filter((s) => s.trim() !== '');
}

/**
 * Members of a gitignore-style body: each `*` a file name (one of `names` too, the other rules'
 * own names, so two rules' paths meet), `**` nothing or one folder, `?` one letter, a brace or
 * bracket its first choice.
 * @example globFills('secrets/*') // ['secrets/api.key', 'secrets/index.ts', …]
 */
export function globFills(body: string, names: readonly string[] = []): string[] {
  const out = new Set<string>();
  for (const name of [...REALISTIC_FILE_NAMES.slice(0, 3), 'x', ...names]) {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name.replace(/^\./, '') || 'x';
    const ext = dot >= 0 ? name.slice(dot + 1) : 'txt';
    for (const deep of ['', 'src/', 'lib/']) {
      let s = body.replace(/\*\*\//g, deep).replace(/\/\*\*$/, `/${deep}${name}`).replace(/\*\*/g, `${deep}${name}`);
      // A star before a dot stands for a stem (`*.pem` → `api.pem`), after one for an extension.
      s = s.replace(/\*/g, (_m, i: number, whole: string) => (whole[i + 1] === '.' ? stem : whole[i - 1] === '.' ? ext : name));
      s = firstChoices(s.replace(/\?/g, 'a'));
      out.add(s);
    }
  }
  // `a/**` also matches the folder `a` itself: listed last, after the files in it.
  if (body.endsWith('/**')) out.add(globFills(body.slice(0, -3))[0] ?? '');
  return [...out].filter((p) => p !== '');
}

/**
 * A glob with each brace set and bracket class read as its first choice and escapes removed
 * (`{a,b}.ts` → `a.ts`, `[ab]x` → `ax`), in one pass: a member of the glob.
 * @example firstChoices('src/{a,b}/[xy].ts') // 'src/a/x.ts'
 */
export function firstChoices(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\' && i + 1 < glob.length) out += glob[++i];
    else if (c === '{' || c === '[') {
      const close = glob.indexOf(c === '{' ? '}' : ']', i + 1);
      if (close < 0) {
        out += c;
        continue;
      }
      const inner = glob.slice(i + 1, close);
      out += c === '{' ? inner.split(',')[0] : (inner.replace(/^[!^]/, '')[0] ?? '');
      i = close;
    } else out += c;
  }
  return out;
}

