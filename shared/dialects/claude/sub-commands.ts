import { screenCommand } from './shell-screen';
import { shellParseRefusal, withShellTree, type SyntaxNode } from '../../host/shell-parser';
import { walkShellTree } from './shell-walk';
import { BoundedCache } from '../../compiled/bounded-cache';

/** Commands longer than this are never allowed (ask at most); the agent refuses to analyse them too. */
export const MAX_COMMAND_CHARS = 10_000;
/** Coarse splits kept between calls: few, since each is of a command longer than the parser takes. */
export const MAX_KEPT_COARSE_SPLITS = 4;
/** More sub-commands than this in one command is treated as unanalysable. */
export const MAX_SUBCOMMANDS = 1_000;

/** One word of a simple command: its source text and its value once quotes are removed. */
export interface ShellWord {
  raw: string;
  value: string;
  /** Contains an expansion or substitution: its run-time value is unknown. */
  dynamic: boolean;
  /**
   * For `"$PWD/…"` (double-quoted, nothing else computed): the path it names relative to the
   * working directory (`./…`). The agent reads this one form as that path for a command that reads
   * (`cat "$PWD/a.txt"` runs with no rule), and still as computed for one that writes.
   */
  pwdPath?: string;
}

/** `"$PWD/rest"` with a literal rest: the one computed word the agent resolves. */
const PWD_WORD = /^"\$PWD(\/[^"$`\\\n]*)"$/;

/** One simple command found anywhere in a command line. */
export interface SubCommand {
  /** Its source text, for the trace. */
  text: string;
  assignments: Array<{ name: string; raw: string }>;
  words: ShellWord[];
  /** Redirections kept in the matched text (harmless ones like `2>&1` and `/dev/null` dropped). */
  redirects: string[];
  /** Why this sub-command cannot be allowed (it hides code the engine cannot see). */
  opaque: string[];
}

/** An output redirection: a write to its target, judged as an Edit of that path. */
export interface RedirectWrite {
  /** The redirect as written (`> ~/.bashrc`). */
  text: string;
  /** The target's value with quotes removed. */
  target: string;
  /** The target is computed at run time (`> $F`, `> *.txt`): it cannot be checked. */
  dynamic: boolean;
}

/** An input redirection (`< file`): a read of its target, judged like a file the command reads. */
export interface RedirectRead {
  text: string;
  target: string;
  /** Computed at run time or a glob: the agent never checks it. */
  dynamic: boolean;
  glob: boolean;
}

export interface ShellSplit {
  subcommands: SubCommand[];
  /** Files the command reads through input redirections. */
  reads: RedirectRead[];
  /**
   * Reasons the command is at most ask that the agent finds among its path checks (a redirect to a
   * network device): a deny on a path the command names still applies.
   */
  pathCaps: string[];
  /** Reasons the whole command is at most ask (parse errors, hidden execution, too long, parser not loaded). */
  failClosed: string[];
  /** Reasons the agent refuses the command before any rule (control characters): deny. */
  refused: string[];
  /** Files the command writes through output redirections. */
  writes: RedirectWrite[];
  /** Why the built-in read-only layer does not apply to this command (rules still do). */
  notReadOnly: string[];
  /** True when the real shell parser produced the split; false for the conservative fallback. */
  parsed: boolean;
  /** The fallback was chosen by the parser's limits (length, cost), not by a parser not yet loaded. */
  coarse?: boolean;
}

/** Interpreters that run their `-c` argument as a script the engine never sees. */
export const SHELLS: readonly string[] = ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh', 'busybox'];
/** Commands that run the text they are given as shell code. */
export const EVALUATORS: readonly string[] = ['eval'];

const HARMLESS_REDIRECT = /^\d*(?:>|>>|<|&>|&>>|>\||>&|<&)\s*(?:&?\d+|&?-|\/dev\/null)$/;

/**
 * Splits a command into every simple command it runs, with a real bash parser: across `&&`, `||`,
 * `;`, `|`, `|&`, `&` and newlines, inside subshells, `$(…)`, backticks, loops, conditionals, case
 * arms, function bodies, parameter expansions, arithmetic and here-doc bodies. Hidden execution,
 * node kinds the dialect does not know, nesting past `MAX_SHELL_DEPTH`, parse errors and commands
 * that are too long are reported in `failClosed` (at most ask); control characters in `refused`.
 * Without the parser a conservative split is used and that is reported too.
 * @example splitCommand('git status && rm -rf x').subcommands.map((s) => s.text) // ['git status', 'rm -rf x']
 */
export function splitCommand(command: string): ShellSplit {
  const hit = SPLITS.get(command) ?? COARSE_SPLITS.get(command);
  if (hit) return hit;
  const split = splitFresh(command);
  // Only a real parse is kept: a split made before the parser loaded says so and must not outlive it.
  if (split.parsed) SPLITS.set(command, split);
  // A command too long or too costly to parse is split coarsely whether or not the parser has
  // loaded: kept too, few of them (each may be long), so a hover does not split it again.
  else if (split.coarse) COARSE_SPLITS.set(command, split);
  return split;
}

/** Coarse splits of commands refused by the parser's limits, by command text (see `splitCommand`). */
const COARSE_SPLITS = new BoundedCache<string, ShellSplit>(MAX_KEPT_COARSE_SPLITS);

/**
 * Splits already made, by command text. A lint asks the evaluator about the same few commands
 * many times (each rule's sample, alone and against the others), and parsing is most of that
 * cost. Callers only read a split.
 */
const SPLITS = new BoundedCache<string, ShellSplit>(2048);

function splitFresh(command: string): ShellSplit {
  const screen = screenCommand(command);
  if (command.length > MAX_COMMAND_CHARS) {
    return { subcommands: fallbackSplit(command), failClosed: [`command is ${command.length} characters, over the ${MAX_COMMAND_CHARS} limit: never allowed`, ...screen.caps], refused: screen.refused, writes: [], reads: [], pathCaps: [], notReadOnly: [], parsed: false, coarse: true };
  }
  const costly = shellParseRefusal(command);
  if (costly !== undefined) {
    return { subcommands: fallbackSplit(command), failClosed: [`${costly}: never allowed`, ...screen.caps], refused: screen.refused, writes: [], reads: [], pathCaps: [], notReadOnly: [], parsed: false, coarse: true };
  }
  const parsed = withShellTree(command, (root) => {
    const failClosed: string[] = [...screen.caps];
    const missing = firstMissing(root);
    if (root.hasError || missing) failClosed.push(`the shell parser could not fully parse the command (${describeError(root)}): never allowed`);
    const walk = walkShellTree(root, command);
    failClosed.push(...walk.caps);
    const out = walk.commands.filter((n) => n.type !== 'variable_assignment' || !isSafeAssignment(n)).map((n) => (n.type === 'command' ? simpleCommand(n) : wholeAsCommand(n)));
    if (out.length > MAX_SUBCOMMANDS) failClosed.push(`more than ${MAX_SUBCOMMANDS} sub-commands`);
    // Text the parser left unread (a here-doc body, a `${…}` operand) may still run: split it coarsely for denies.
    for (const hidden of walk.unparsed) out.push(...fallbackSplit(hidden).slice(0, MAX_SUBCOMMANDS));
    const writes = walk.redirects.flatMap(writeOf);
    const reads = walk.redirects.flatMap(readOf);
    // A redirect to /dev/tcp or /dev/udp opens a connection (the agent asks: "Redirect involving /dev/tcp or /dev/udp opens a network connection").
    const pathCaps: string[] = [];
    for (const r of walk.redirects) {
      const target = redirectTarget(r);
      if (target && NETWORK_DEVICE.test(target)) pathCaps.push(`the redirect ${r.text} opens a network connection: never allowed`);
    }
    return { subcommands: out, failClosed: unique(failClosed), refused: screen.refused, writes, reads, pathCaps: unique(pathCaps), notReadOnly: walk.notReadOnly, parsed: true };
  });
  if (parsed) {
    // An unparsable command may hide sub-commands the tree lost: add the rough split for denies.
    if (parsed.failClosed.length) parsed.subcommands.push(...fallbackSplit(command).filter((f) => !parsed.subcommands.some((s) => s.text === f.text)));
    return parsed;
  }
  return { subcommands: fallbackSplit(command), failClosed: ['the shell parser is not loaded (initShellParser not awaited): the command was split conservatively and is never allowed', ...screen.caps], refused: screen.refused, writes: [], reads: [], pathCaps: [], notReadOnly: [], parsed: false };
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** The missing node a recovering parse inserted, if any (iterative: trees can be thousands deep). */
function firstMissing(root: SyntaxNode): SyntaxNode | undefined {
  const stack: SyntaxNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.isMissing) return n;
    for (const c of n.children) if (c) stack.push(c);
  }
  return undefined;
}

function describeError(root: SyntaxNode): string {
  const stack: SyntaxNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.isMissing) return `missing ${n.type} at character ${n.startIndex}`;
    if (n.isError) return `unexpected text at character ${n.startIndex}`;
    for (const c of n.children) if (c) stack.push(c);
  }
  return 'syntax error';
}

/** Output operators: the redirect writes its target. `<>` opens it for writing too. */
const WRITE_OPERATORS: readonly string[] = ['>', '>>', '>|', '&>', '&>>', '>&', '<>', '&>|'];
/**
 * Targets a write to which the agent does not judge as a file write. Only `/dev/null`: the agent
 * checks `> /dev/stdout`, `> /dev/stderr` and `> /dev/tty` like any path outside the working folders
 * and asks (observed on 2.1.328 and 2.1.332; `@anthropic-ai/claude-code` 2.1.332's output-redirect
 * check drops only `/dev/null`).
 */
export const HARMLESS_TARGETS: readonly string[] = ['/dev/null'];
/** Input targets the agent does not check as files (its list: the standard streams, the tty, fd links). */
export const HARMLESS_INPUTS = /^(?:\/dev\/(?:null|stdin|stdout|stderr|tty)|\/dev\/fd\/\d+|\/proc\/self\/fd\/[0-2])$/;
/** Network pseudo-devices bash opens as sockets. */
export const NETWORK_DEVICE = /^\/dev\/(?:tcp|udp)\//;

/** A redirect's target text with quotes removed, if it has one. */
function redirectTarget(r: SyntaxNode): string | undefined {
  if (r.type !== 'file_redirect') return undefined;
  const dest = r.childrenForFieldName('destination').filter((d): d is SyntaxNode => d !== null)[0];
  return dest ? wordOf(dest).value : undefined;
}

/** The file an input redirect reads, if it reads one. */
function readOf(r: SyntaxNode): RedirectRead[] {
  if (r.type !== 'file_redirect') return [];
  const op = r.children.find((c) => c !== null && !c.isNamed)?.type ?? '';
  if (op !== '<' && op !== '<&') return [];
  const dest = r.childrenForFieldName('destination').filter((d): d is SyntaxNode => d !== null)[0];
  if (!dest) return [];
  if (op === '<&' && /^(?:\d+|-)$/.test(dest.text)) return [];
  const w = wordOf(dest);
  if (HARMLESS_INPUTS.test(w.value) || NETWORK_DEVICE.test(w.value)) return [];
  const glob = /[*?[]/.test(w.value) && dest.type !== 'string' && dest.type !== 'raw_string';
  const text = r.text.slice(0, dest.endIndex - r.startIndex);
  return [{ text, target: w.value, dynamic: w.dynamic, glob }];
}

/** The file a redirect writes, if it writes one. */
function writeOf(r: SyntaxNode): RedirectWrite[] {
  if (r.type !== 'file_redirect') return [];
  const op = r.children.find((c) => c !== null && !c.isNamed)?.type ?? '';
  const dest = r.childrenForFieldName('destination').filter((d): d is SyntaxNode => d !== null)[0];
  const text = dest ? r.text.slice(0, dest.endIndex - r.startIndex) : r.text;
  if (!WRITE_OPERATORS.includes(op) && !/>/.test(text)) return [];
  if (!dest) return [{ text, target: '', dynamic: true }];
  // `>&2`, `>&-`: a descriptor duplication, no file.
  if ((op === '>&' || op === '<&') && /^(?:\d+|-)$/.test(dest.text)) return [];
  const w = wordOf(dest);
  if (HARMLESS_TARGETS.includes(w.value) && !w.dynamic) return [];
  if (NETWORK_DEVICE.test(w.value)) return [];
  const glob = /[*?[]/.test(w.value) && dest.type !== 'string' && dest.type !== 'raw_string';
  return [{ text, target: w.value, dynamic: w.dynamic || glob || w.value === '' }];
}

function simpleCommand(node: SyntaxNode): SubCommand {
  const assignments: SubCommand['assignments'] = [];
  const words: ShellWord[] = [];
  const redirects: string[] = [];
  const opaque: string[] = [];
  const addRedirect = (r: SyntaxNode) => {
    const dests = r.childrenForFieldName('destination').filter((d): d is SyntaxNode => d !== null);
    // The grammar files words after a redirect's target under the redirect (`ls 2>/dev/null -la`).
    const target = dests.length ? r.text.slice(0, dests[0].endIndex - r.startIndex) : r.text;
    const trailing = dests.slice(1);
    if (trailing.length) opaque.push(`the redirect ${target} is followed by more words (${trailing.map((d) => d.text).join(' ')}): the agent cannot tell which are arguments`);
    if (!isHarmlessRedirect(target)) redirects.push(target);
    for (const d of trailing) words.push(wordOf(d));
  };
  for (const c of node.namedChildren) {
    if (!c) continue;
    if (c.type === 'variable_assignment') {
      assignments.push({ name: c.childForFieldName('name')?.text ?? '', raw: c.text });
    } else if (c.type === 'command_name') {
      const w = wordOf(c.firstNamedChild ?? c);
      if (w.dynamic) opaque.push(`the command name ${w.raw} is computed at run time`);
      words.push(w);
    } else if (c.type.endsWith('_redirect')) {
      addRedirect(c);
    } else if (c.type !== 'comment') {
      words.push(wordOf(c));
    }
  }
  const parent = node.parent;
  if (parent?.type === 'redirected_statement' && parent.childForFieldName('body')?.id === node.id) {
    for (const r of parent.childrenForFieldName('redirect')) if (r) addRedirect(r);
  }
  return { text: node.text, assignments, words, redirects, opaque };
}

function wholeAsCommand(node: SyntaxNode): SubCommand {
  const words = node.text.split(/\s+/).filter(Boolean).map((w) => ({ raw: w, value: w, dynamic: /[$`]/.test(w) }));
  return { text: node.text, assignments: [], words, redirects: [], opaque: [] };
}

function isSafeAssignment(node: SyntaxNode): boolean {
  return SAFE_ENV_VARS.includes(node.childForFieldName('name')?.text ?? '');
}

/** @example isHarmlessRedirect('2>&1') // true */
export function isHarmlessRedirect(text: string): boolean {
  return HARMLESS_REDIRECT.test(text.trim());
}

/** A word's value with quoting removed; expansions stay as written and mark the word dynamic. */
function wordOf(n: SyntaxNode): ShellWord {
  const raw = n.text;
  switch (n.type) {
    case 'word':
    case 'number':
      return { raw, value: raw.replace(/\\(.)/gs, '$1'), dynamic: false };
    case 'raw_string':
      return { raw, value: raw.slice(1, -1), dynamic: false };
    case 'ansi_c_string':
      // The value bash sees; the walk already caps the command, this lets a deny see `$'\x72m'` as `rm`.
      return { raw, value: ansiC(raw.slice(2, -1)), dynamic: false };
    case 'string': {
      const dynamic = n.namedChildren.some((c) => c !== null && c.type !== 'string_content');
      const pwd = PWD_WORD.exec(raw);
      return { raw, value: raw.slice(1, -1).replace(/\\([$`"\\\n])/g, '$1'), dynamic, ...(pwd ? { pwdPath: `.${pwd[1]}` } : {}) };
    }
    case 'concatenation': {
      const parts = n.namedChildren.filter((c): c is SyntaxNode => c !== null).map(wordOf);
      // Braces and other punctuation between parts are anonymous nodes: keep the source between parts.
      if (parts.map((p) => p.raw).join('') !== raw) return { raw, value: raw, dynamic: true };
      return { raw, value: parts.map((p) => p.value).join(''), dynamic: parts.some((p) => p.dynamic) };
    }
    default:
      return { raw, value: raw, dynamic: true };
  }
}

const ANSI_SIMPLE: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

/** @example ansiC('\\x72m') // 'rm' */
export function ansiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (m, e: string) => {
    if (e[0] === 'x' || e[0] === 'u' || e[0] === 'U') return String.fromCodePoint(parseInt(e.slice(1), 16) || 0);
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    if (e[0] === 'c') return String.fromCharCode(e.charCodeAt(1) & 0x1f);
    return ANSI_SIMPLE[e] ?? m;
  });
}

/** Environment variables whose assignment cannot change which program runs or what it loads. */
export const SAFE_ENV_VARS: readonly string[] = [
  'CI', 'NODE_ENV', 'RUST_LOG', 'RUST_BACKTRACE', 'LANG', 'LC_ALL', 'LC_CTYPE', 'LANGUAGE', 'TZ', 'NO_COLOR',
  'FORCE_COLOR', 'TERM', 'COLUMNS', 'LINES', 'DEBUG', 'PYTHONUNBUFFERED', 'PYTHONDONTWRITEBYTECODE', 'GOOS', 'GOARCH',
  'CGO_ENABLED', 'GOFLAGS', 'VERBOSE', 'LOG_LEVEL',
];

/** Why a roughly split piece never allows (it only feeds deny and ask rules). */
export const FALLBACK_SPLIT = 'split without the shell parser';

/**
 * Without a parse tree: split at every shell operator or grouping character and tokenize on
 * whitespace. Coarse on purpose — it only ever feeds deny/ask matching, never an allow.
 * @example fallbackSplit('a && b').map((s) => s.text) // ['a', 'b']
 */
export function fallbackSplit(command: string): SubCommand[] {
  const pieces = command.split(/\|\||&&|[;&|\n`(){}]|\$\(|[<>]\(/);
  const out: SubCommand[] = [];
  for (const piece of pieces) {
    const text = piece.trim();
    if (!text) continue;
    let tokens = text.split(/\s+/);
    // `{rm,-rf,x}` lost its braces in the split: bash would run it as `rm -rf x`.
    if (tokens.length === 1 && tokens[0].includes(',')) tokens = tokens[0].split(',').filter(Boolean);
    const assignments: SubCommand['assignments'] = [];
    while (tokens.length > 1 && /^[A-Z_]\w*=/i.test(tokens[0])) {
      const t = tokens.shift()!;
      assignments.push({ name: t.slice(0, t.indexOf('=')), raw: t });
    }
    const words = tokens.map((t) => ({ raw: t, value: t.replace(/['"\\]/g, ''), dynamic: /[$`]/.test(t) }));
    out.push({ text, assignments, words, redirects: [], opaque: [FALLBACK_SPLIT] });
    if (out.length >= MAX_SUBCOMMANDS) break;
  }
  return out;
}
