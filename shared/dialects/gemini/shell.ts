import { shellParseRefusal, withShellTree, type SyntaxNode } from '../../host/shell-parser';

export { shellParseRefusal };

/** One piece Gemini's splitter reports: a command, or a redirection/substitution marker. */
export interface ShellDetail {
  name: string;
  text: string;
  startIndex: number;
}

/** Markers that are not commands of their own (skipped when sub-commands are checked). */
export const MARKER_NAMES = new Set(['redirection (<)', 'redirection (>)', 'heredoc (<<)', 'herestring (<<<)', 'command substitution', 'backtick substitution', 'process substitution', 'subshell']);

function stripQuotes(raw: string): string {
  if (raw.length >= 2 && ((raw[0] === '"' && raw[raw.length - 1] === '"') || (raw[0] === "'" && raw[raw.length - 1] === "'"))) return raw.slice(1, -1);
  return raw.trim();
}

function nameOf(n: SyntaxNode): string | null {
  switch (n.type) {
    case 'command': {
      const name = n.childForFieldName('name');
      return name ? stripQuotes(name.text) : null;
    }
    case 'declaration_command':
    case 'unset_command':
    case 'test_command': {
      const first = n.child(0);
      return first ? stripQuotes(first.text) : null;
    }
    case 'file_redirect': {
      for (let i = 0; i < n.childCount; i++) {
        const c = n.child(i);
        if (c?.text.includes('<')) return 'redirection (<)';
        if (c?.text.includes('>')) return 'redirection (>)';
      }
      return 'redirection (>)';
    }
    case 'heredoc_redirect':
      return 'heredoc (<<)';
    case 'herestring_redirect':
      return 'herestring (<<<)';
    case 'command_substitution':
      return 'command substitution';
    case 'backtick_substitution':
      return 'backtick substitution';
    case 'process_substitution':
      return 'process substitution';
    case 'subshell':
      return 'subshell';
    default:
      return null;
  }
}

function hasPromptTransform(root: SyntaxNode): boolean {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'expansion') {
      for (let i = 0; i < n.childCount - 1; i++) {
        if (n.child(i)?.text === '@' && n.child(i + 1)?.text.toLowerCase() === 'p') return true;
      }
    }
    for (let i = n.namedChildCount - 1; i >= 0; i--) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
  return false;
}

/**
 * Every command in a shell string the way Gemini's splitter sees it — commands inside `$(...)`,
 * backticks, process substitutions, subshells and pipelines included — plus whether the parse
 * failed (then Gemini falls back to its default decision, keeping a deny).
 * @example shellDetails('git status && rm -rf x')?.details.map((d) => d.text) // ['git status', 'rm -rf x'] (after the whole list)
 */
export function shellDetails(command: string): { details: ShellDetail[]; hasError: boolean } | null {
  if (!command.trim()) return null;
  const r = withShellTree(command, (root) => {
    const details: ShellDetail[] = [];
    const stack = [root];
    while (stack.length) {
      const n = stack.pop()!;
      const name = nameOf(n);
      if (name) details.push({ name, text: command.slice(n.startIndex, n.endIndex).trim(), startIndex: n.startIndex });
      for (let i = n.childCount - 1; i >= 0; i--) {
        const c = n.child(i);
        if (c) stack.push(c);
      }
    }
    const hasError = root.hasError || details.length === 0 || hasPromptTransform(root);
    return { details: details.sort((a, b) => a.startIndex - b.startIndex), hasError };
  });
  return r ?? null;
}

/**
 * Whether a command redirects input or output (Gemini turns an allow into ask_user for it).
 * Without `<` or `>` anywhere it never does; if the parser is unavailable, any `<`/`>` counts.
 * @example hasRedirection('ls > out.txt') // true
 */
export function hasRedirection(command: string): boolean {
  if (!command.includes('<') && !command.includes('>')) return false;
  const r = withShellTree(command, (root) => {
    const stack = [root];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.type === 'redirected_statement' || n.type === 'file_redirect' || n.type === 'heredoc_redirect' || n.type === 'herestring_redirect') return true;
      for (let i = n.childCount - 1; i >= 0; i--) {
        const c = n.child(i);
        if (c) stack.push(c);
      }
    }
    return false;
  });
  return r ?? true;
}

const WRAPPER_SHELLS = new Set(['sh', 'bash', 'zsh']);
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** Skips blanks from `i`; returns the next index that is not blank. */
function skipBlanks(s: string, i: number): number {
  while (i < s.length && isSpace(s[i])) i++;
  return i;
}

/** The next run of non-blank characters from `i`. */
function nextWord(s: string, i: number): { word: string; end: number } {
  let j = i;
  while (j < s.length && !isSpace(s[j])) j++;
  return { word: s.slice(i, j), end: j };
}

/**
 * The payload of a `bash -c '…'` style wrapper (sh/bash/zsh with an optional path, `cmd.exe /c`,
 * `powershell`/`pwsh [-NoProfile] -Command`), with one level of matching quotes removed, exactly
 * as Gemini checks wrapped commands; the trimmed command when it is not wrapped.
 * @example stripShellWrapper(`bash -c 'rm -rf x'`) // 'rm -rf x'
 */
export function stripShellWrapper(command: string): string {
  let i = skipBlanks(command, 0);
  const first = nextWord(command, i);
  const lower = first.word.toLowerCase();
  const base = lower.slice(lower.lastIndexOf('/') + 1);
  let flagOk = false;
  let posix = false;
  i = first.end;
  const needBlank = () => i < command.length && isSpace(command[i]);
  if (WRAPPER_SHELLS.has(base) && (lower === base || lower.lastIndexOf('/') > 0)) {
    if (!needBlank()) return command.trim();
    i = skipBlanks(command, i);
    const flag = nextWord(command, i);
    flagOk = flag.word.toLowerCase() === '-c';
    posix = true;
    i = flag.end;
  } else if (lower === 'cmd.exe') {
    if (!needBlank()) return command.trim();
    i = skipBlanks(command, i);
    const flag = nextWord(command, i);
    flagOk = flag.word.toLowerCase() === '/c';
    i = flag.end;
  } else if (['powershell', 'powershell.exe', 'pwsh', 'pwsh.exe'].includes(lower)) {
    if (!needBlank()) return command.trim();
    i = skipBlanks(command, i);
    let flag = nextWord(command, i);
    if (flag.word.toLowerCase() === '-noprofile') {
      i = flag.end;
      if (!needBlank()) return command.trim();
      i = skipBlanks(command, i);
      flag = nextWord(command, i);
    }
    flagOk = flag.word.toLowerCase() === '-command';
    i = flag.end;
  }
  if (!flagOk || !needBlank()) return command.trim();
  i = skipBlanks(command, i);
  let payload = command.slice(i).trim();
  if (payload.length >= 2 && ((payload[0] === '"' && payload.endsWith('"')) || (payload[0] === "'" && payload.endsWith("'")))) {
    if (posix && payload[0] === '"') payload = unquoteDouble(payload) ?? payload.slice(1, -1);
    else payload = payload.slice(1, -1);
  }
  return payload;
}

/**
 * A whole double-quoted word, unescaped as a shell would (`\"`, `\\`, `\$`, `` \` ``); undefined
 * when the quotes do not enclose exactly one word (then Gemini just drops the outer quotes).
 */
function unquoteDouble(s: string): string | undefined {
  let out = '';
  let i = 1;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && '"\\$`'.includes(s[i + 1])) {
      out += s[++i];
      continue;
    }
    if (c === '"') break;
    out += c;
  }
  return i === s.length - 1 ? out : undefined;
}
