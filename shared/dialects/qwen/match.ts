import { posix } from 'path';
import { compileGlob, type GlobMatcher } from '../../patterns/glob';

/** Commands longer than this are not matched (a rule then neither allows nor certainly misses). */
export const MAX_MATCH_CHARS = 10_000;

/**
 * The command rules compare against, as `stripLeadingVariableAssignments` makes it: shell-quote
 * tokens rejoined by single spaces, leading `NAME=value` words dropped. Undefined when the command
 * has syntax whose tokens RuleLens does not reproduce (expansions, globs, operators, comments):
 * a rule's match is then unknown.
 * @example normalizeCommand('FOO=1 git commit -m "a b"') // 'git commit -m a b'
 */
export function normalizeCommand(command: string): string | undefined {
  const t = command.trim();
  if (!t) return t;
  if (/[$`*?[\]{}#()<>|&;!\\~\r\n\t]/.test(t)) return undefined;
  const words: string[] = [];
  let cur = '';
  let has = false;
  let quote: string | undefined;
  for (const c of t) {
    if (quote) {
      if (c === quote) quote = undefined;
      else cur += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      has = true;
    } else if (c === ' ') {
      if (has || cur) words.push(cur);
      cur = '';
      has = false;
    } else cur += c;
  }
  if (quote) return undefined;
  if (has || cur) words.push(cur);
  let k = 0;
  while (k < words.length && /^[A-Z_]\w*=/i.test(words[k])) k++;
  return words.slice(k).join(' ');
}

type Node = { kind: 'lit'; ch: string } | { kind: 'star' } | { kind: 'split'; skip: number };

/** `matchesCommandPattern`'s expression as nodes: `" *"` is an optional ` …`, another `*` any text. */
function nodesOf(pattern: string): Node[] {
  const out: Node[] = [];
  let pos = 0;
  while (pos < pattern.length) {
    const star = pattern.indexOf('*', pos);
    if (star < 0) {
      for (const ch of pattern.slice(pos)) out.push({ kind: 'lit', ch });
      break;
    }
    const before = pattern.slice(pos, star);
    if (star > 0 && pattern[star - 1] === ' ') {
      for (const ch of before.slice(0, -1)) out.push({ kind: 'lit', ch });
      out.push({ kind: 'split', skip: 3 }, { kind: 'lit', ch: ' ' }, { kind: 'star' });
    } else {
      for (const ch of before) out.push({ kind: 'lit', ch });
      out.push({ kind: 'star' });
    }
    pos = star + 1;
  }
  return out;
}

/** Runs the nodes over the text as an automaton (no backtracking: linear in text × pattern). */
function runNodes(nodes: Node[], text: string): boolean {
  const close = (set: Set<number>) => {
    const stack = [...set];
    while (stack.length) {
      const i = stack.pop()!;
      const n = nodes[i];
      const add = (j: number) => {
        if (!set.has(j)) {
          set.add(j);
          stack.push(j);
        }
      };
      if (n?.kind === 'split') {
        add(i + 1);
        add(i + n.skip);
      } else if (n?.kind === 'star') add(i + 1);
    }
    return set;
  };
  let states = close(new Set([0]));
  for (const ch of text) {
    const next = new Set<number>();
    for (const i of states) {
      const n = nodes[i];
      if (!n) continue;
      if (n.kind === 'lit' && n.ch === ch) next.add(i + 1);
      else if (n.kind === 'star') next.add(i);
    }
    states = close(next);
    if (states.size === 0) return false;
  }
  return states.has(nodes.length);
}

/**
 * `matchesCommandPattern(pattern, command)`: `*` any command; no `*` a word prefix
 * (`npm test` covers `npm test --watch`); otherwise `" *"` is an optional ` …` and `*` any text,
 * anchored, case-sensitive. Undefined when the command cannot be normalised as Qwen does.
 * @example commandMatches('git *', 'git') // true
 */
export function commandMatches(pattern: string, command: string): boolean | undefined {
  if (pattern === '*') return true;
  const cmd = normalizeCommand(command);
  if (cmd === undefined) return headMatches(pattern, command);
  if (cmd.length > MAX_MATCH_CHARS) return undefined;
  if (!pattern.includes('*')) return cmd === pattern || cmd.startsWith(`${pattern} `);
  return runNodes(nodesOf(pattern), cmd);
}

const SPECIAL = /[$`*?[\]{}#()<>|&;!\\~'"\r\n\t]/;

/**
 * A pattern that is a literal head and a final `*` or ` *`, against a command whose first words are
 * plain and whose rest RuleLens does not tokenize (`echo $(id)`): the normalised command is those
 * words, then whatever the rest becomes, so the head decides whenever it lies within them.
 */
function headMatches(pattern: string, command: string): boolean | undefined {
  const star = pattern.indexOf('*');
  const tail = star < 0 ? '' : pattern.slice(star);
  if (star >= 0 && tail !== '*') return undefined;
  const words: string[] = [];
  for (const w of command.trim().split(' ')) {
    if (w === '') return undefined;
    if (SPECIAL.test(w)) break;
    words.push(w);
  }
  let k = 0;
  while (k < words.length && /^[A-Z_]\w*=/i.test(words[k])) k++;
  if (k === words.length) return undefined;
  const known = words.slice(k).join(' ');
  // No star: equal or a word prefix; " *": the same; "*": any continuation of the head.
  const spaced = star < 0 || pattern[star - 1] === ' ';
  const head = star < 0 ? pattern : spaced ? pattern.slice(0, star - 1) : pattern.slice(0, star);
  if (spaced) {
    if (known === head || known.startsWith(`${head} `)) return true;
    return head.startsWith(known) ? undefined : false;
  }
  if (known.startsWith(head)) return true;
  return head.startsWith(known) ? undefined : false;
}

/**
 * Where a path specifier points (`resolvePathPattern`): `//abs` absolute, `~/p` under home, `/p`
 * under the project root, `./p` and bare `p` under the working directory.
 * @example resolvePathPattern('.env', '/p', '/p') // '/p/.env'
 */
export function resolvePathPattern(spec: string, root: string, cwd: string, home: string): string {
  if (spec.startsWith('//')) return spec.slice(1);
  if (spec.startsWith('~/')) return posix.join(home, spec.slice(2));
  if (spec.startsWith('/')) return posix.join(root, spec.slice(1));
  if (spec.startsWith('./')) return posix.join(cwd, spec.slice(2));
  return posix.join(cwd, spec);
}

const GLOBS = new Map<string, GlobMatcher | null>();
const neutral = (s: string) => s.replace(/[\r\n\u2028\u2029]/g, '\u0001');

function glob(pattern: string): GlobMatcher | null {
  let g = GLOBS.get(pattern);
  if (g === undefined) {
    try {
      g = compileGlob(neutral(pattern), { dot: true, windows: false });
    } catch {
      g = null;
    }
    if (GLOBS.size > 2000) GLOBS.clear();
    GLOBS.set(pattern, g);
  }
  return g;
}

/**
 * `matchesPathPattern`: picomatch (`dot: true`) of the resolved specifier against the path as given
 * (`lexical`, allow rules) or also against its absolute, normalised form (`canonical`, deny and ask
 * rules; Qwen takes the real path of the nearest existing folder, which is this path when no
 * symbolic link is involved). Undefined when picomatch's answer is not known within budget.
 * @example pathMatches('/src/**', '/p/src/a.ts', '/p', '/p', '/h', 'lexical') // true
 */
export function pathMatches(spec: string, filePath: string, root: string, cwd: string, home: string, mode: 'lexical' | 'canonical', realpath?: (p: string) => string | undefined): boolean | undefined {
  const g = glob(resolvePathPattern(spec, root, cwd, home));
  if (!g) return false;
  const candidates = new Set([filePath]);
  if (mode === 'canonical') {
    const abs = filePath.startsWith('/') ? filePath : `${cwd}${cwd.endsWith('/') ? '' : '/'}${filePath}`;
    candidates.add(posix.normalize(abs));
    const real = realpath?.(posix.normalize(abs));
    if (real) candidates.add(real);
  }
  let unknown = false;
  for (const c of candidates) {
    const r = g.test(neutral(c));
    if (r === true) return true;
    if (r === undefined) unknown = true;
  }
  return unknown ? undefined : false;
}

/**
 * `matchesDomainPattern`: an optional `domain:` prefix, case-insensitive, the host or a subdomain.
 * @example domainMatches('example.com', 'api.example.com') // true
 */
export function domainMatches(spec: string, domain: string): boolean {
  const p = (spec.startsWith('domain:') ? spec.slice(7) : spec).trim().toLowerCase();
  const d = domain.toLowerCase();
  return p !== '' && d !== '' && (d === p || d.endsWith(`.${p}`));
}

/** `sanitizeToolNameForProvider`: characters other than letters, digits, `_` and `-` become `_`. */
export function sanitize(name: string): string {
  const s = name.replace(/[^\w-]/g, '_');
  return /^[A-Z]/i.test(s) ? s : `tool_${s}`;
}

/**
 * `matchesMcpPattern` for names made of letters, digits, `_` and `-` (others: exact only):
 * `mcp__server` every tool of the server, `mcp__server__tool` exact, a final `*` a prefix.
 * @example mcpMatches('mcp__github', 'mcp__github__create_issue') // true
 */
export function mcpMatches(pattern: string, tool: string): boolean {
  if (pattern === tool) return true;
  if (pattern.endsWith('*')) return sanitize(tool).startsWith(sanitize(pattern.slice(0, -1)));
  const p = pattern.split('__');
  const t = tool.split('__');
  return p.length === 2 && t.length >= 3 && p[0] === t[0] && sanitize(p[1]) === sanitize(t[1]);
}

/**
 * `matchesParamValuePattern`: case-insensitive, `*` any text.
 * @example paramMatches('Exp*', 'explore') // true
 */
export function paramMatches(pattern: string, value: string): boolean {
  const p = pattern.toLowerCase();
  const v = value.toLowerCase();
  if (p === '*') return true;
  if (!p.includes('*')) return v === p;
  const seg = p.split('*');
  let pos = 0;
  if (seg[0]) {
    if (!v.startsWith(seg[0])) return false;
    pos = seg[0].length;
  }
  for (let i = 1; i < seg.length - 1; i++) {
    if (!seg[i]) continue;
    const at = v.indexOf(seg[i], pos);
    if (at < 0) return false;
    pos = at + seg[i].length;
  }
  const last = seg[seg.length - 1];
  return !last || (v.length - pos >= last.length && v.endsWith(last));
}
