import { withShellTree, type SyntaxNode } from './shell-parser';

/** Commands longer than this are never allowed (ask at most); the agent refuses to analyse them too. */
export const MAX_COMMAND_CHARS = 10_000;
/** More sub-commands than this in one command is treated as unanalysable. */
export const MAX_SUBCOMMANDS = 1_000;

/** One word of a simple command: its source text and its value once quotes are removed. */
export interface ShellWord {
  raw: string;
  value: string;
  /** Contains an expansion or substitution: its run-time value is unknown. */
  dynamic: boolean;
}

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

export interface ShellSplit {
  subcommands: SubCommand[];
  /** Reasons the whole command is at most ask (parse errors, too long, parser not loaded). */
  failClosed: string[];
  /** True when the real shell parser produced the split; false for the conservative fallback. */
  parsed: boolean;
}

/** Interpreters that run their `-c` argument as a script the engine never sees. */
export const SHELLS: readonly string[] = ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh', 'busybox'];
/** Commands that run the text they are given as shell code. */
export const EVALUATORS: readonly string[] = ['eval'];

const HARMLESS_REDIRECT = /^\d*(?:>|>>|<|&>|&>>|>\||>&|<&)\s*(?:&?\d+|&?-|\/dev\/null)$/;
const WRITE_REDIRECT = /(?:^|\d|&)(?:>|>>|>\|)(?!&)/;

/**
 * Splits a command into every simple command it runs, with a real bash parser: across `&&`, `||`,
 * `;`, `|`, `|&`, `&` and newlines, inside subshells, `$(…)`, backticks, loops, conditionals, case
 * arms and function bodies. Anything the parser flags, and anything too long, is reported in
 * `failClosed`; without the parser a conservative split is used and that is reported too.
 * @example splitCommand('git status && rm -rf x').subcommands.map((s) => s.text) // ['git status', 'rm -rf x']
 */
export function splitCommand(command: string): ShellSplit {
  if (command.length > MAX_COMMAND_CHARS) {
    return { subcommands: fallbackSplit(command), failClosed: [`command is ${command.length} characters, over the ${MAX_COMMAND_CHARS} limit: never allowed`], parsed: false };
  }
  const parsed = withShellTree(command, (root) => {
    const failClosed: string[] = [];
    if (root.hasError || hasMissing(root)) failClosed.push(`the shell parser could not fully parse the command (${describeError(root)}): never allowed`);
    const out: SubCommand[] = [];
    visit(root, out, failClosed);
    if (out.length > MAX_SUBCOMMANDS) failClosed.push(`more than ${MAX_SUBCOMMANDS} sub-commands`);
    return { subcommands: out, failClosed, parsed: true };
  });
  if (parsed) {
    // An unparsable command may hide sub-commands the tree lost: add the rough split for denies.
    if (parsed.failClosed.length) parsed.subcommands.push(...fallbackSplit(command).filter((f) => !parsed.subcommands.some((s) => s.text === f.text)));
    return parsed;
  }
  return { subcommands: fallbackSplit(command), failClosed: ['the shell parser is not loaded (initShellParser not awaited): the command was split conservatively and is never allowed'], parsed: false };
}

function hasMissing(node: SyntaxNode): boolean {
  if (node.isMissing) return true;
  for (const c of node.children) if (c && hasMissing(c)) return true;
  return false;
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

function visit(node: SyntaxNode, out: SubCommand[], failClosed: string[]): void {
  switch (node.type) {
    case 'command':
      out.push(simpleCommand(node));
      break;
    case 'declaration_command':
    case 'unset_command':
    case 'test_command':
      out.push(wholeAsCommand(node));
      break;
    case 'variable_assignment':
      // A bare assignment runs nothing but can change what later commands run (PATH=…); prefixes
      // of a command (`FOO=1 npm test`) belong to that command instead.
      if (!PREFIX_OWNERS.includes(node.parent?.type ?? '') && !isSafeAssignment(node)) out.push(wholeAsCommand(node));
      break;
    case 'process_substitution':
      failClosed.push(`process substitution ${clip(node.text)}: its output feeds another command unseen: never allowed`);
      break;
    case 'file_redirect':
    case 'herestring_redirect':
      // The grammar lets a redirect's target sit on the next line; bash rejects that, and the
      // "target" may be the next command.
      if (node.text.includes('\n')) failClosed.push(`redirect ${clip(node.text.split('\n')[0])} has its target on another line (bash rejects this): never allowed`);
      break;
    case 'redirected_statement': {
      const body = node.childForFieldName('body');
      if (body && body.type !== 'command') {
        for (const r of node.childrenForFieldName('redirect')) {
          if (r && r.type === 'file_redirect' && !isHarmlessRedirect(r.text) && WRITE_REDIRECT.test(r.text)) {
            failClosed.push(`output of a compound command is redirected (${clip(r.text)}): never allowed`);
          }
        }
      }
      break;
    }
  }
  for (const c of node.namedChildren) if (c) visit(c, out, failClosed);
}

/** Node types whose assignments are part of the command itself, not statements of their own. */
const PREFIX_OWNERS = ['command', 'declaration_command'];

function clip(s: string): string {
  return s.length > 60 ? s.slice(0, 57) + '…' : s;
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
    case 'string': {
      const dynamic = n.namedChildren.some((c) => c !== null && c.type !== 'string_content');
      return { raw, value: raw.slice(1, -1).replace(/\\([$`"\\\n])/g, '$1'), dynamic };
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

/** Environment variables whose assignment cannot change which program runs or what it loads. */
export const SAFE_ENV_VARS: readonly string[] = [
  'CI', 'NODE_ENV', 'RUST_LOG', 'RUST_BACKTRACE', 'LANG', 'LC_ALL', 'LC_CTYPE', 'LANGUAGE', 'TZ', 'NO_COLOR',
  'FORCE_COLOR', 'TERM', 'COLUMNS', 'LINES', 'DEBUG', 'PYTHONUNBUFFERED', 'PYTHONDONTWRITEBYTECODE', 'GOOS', 'GOARCH',
  'CGO_ENABLED', 'GOFLAGS', 'VERBOSE', 'LOG_LEVEL',
];

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
    const tokens = text.split(/\s+/);
    const assignments: SubCommand['assignments'] = [];
    while (tokens.length > 1 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(tokens[0])) {
      const t = tokens.shift()!;
      assignments.push({ name: t.slice(0, t.indexOf('=')), raw: t });
    }
    const words = tokens.map((t) => ({ raw: t, value: t.replace(/['"\\]/g, ''), dynamic: /[$`]/.test(t) }));
    out.push({ text, assignments, words, redirects: [], opaque: ['split without the shell parser'] });
    if (out.length >= MAX_SUBCOMMANDS) break;
  }
  return out;
}
