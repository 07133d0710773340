import { shellParseRefusal, withShellTree, type SyntaxNode } from '../../host/shell-parser';

/**
 * The shells whose `-c` / `-lc` script Codex parses, exactly as written: their bare names and
 * their system paths, never a file of the project named like one (`detect_shell_type`,
 * codex-rs/shell-command/src/shell_detect.rs).
 */
export const SPLIT_SHELLS = new Set([
  'zsh', '/bin/zsh', '/usr/bin/zsh', '/usr/local/bin/zsh', '/opt/homebrew/bin/zsh',
  'sh', '/bin/sh', '/usr/bin/sh',
  'bash', '/bin/bash', '/usr/bin/bash', '/usr/local/bin/bash', '/opt/homebrew/bin/bash',
]);
export const SPLIT_FLAGS = new Set(['-c', '-lc']);

/**
 * Node kinds a plain word-only script may contain; anything else keeps the argv whole
 * (`try_parse_word_only_commands_sequence`, codex-rs/shell-command/src/bash.rs).
 */
const PLAIN_KINDS = new Set(['program', 'list', 'pipeline', 'command', 'command_name', 'word', 'string', 'string_content', 'raw_string', 'number', 'concatenation', '&&', '||', ';', '|', '"', "'"]);

/**
 * `unread` marks a script RuleLens did not parse at all (too costly, see `shellParseRefusal`):
 * Codex may split it, so the whole-argv decision is at most prompt.
 */
export type SplitResult = { parts: string[][]; reason: null } | { parts: null; reason: string; unread?: true };

/**
 * The script of `[bash|zsh|sh, -c|-lc, SCRIPT]`, or undefined for any other argv.
 * @example shellScript(['bash', '-lc', 'ls']) // 'ls'
 */
export function shellScript(argv: readonly string[]): string | undefined {
  if (argv.length !== 3 || !SPLIT_SHELLS.has(argv[0]) || !SPLIT_FLAGS.has(argv[1])) return undefined;
  return argv[2];
}

/**
 * Characters that make an unquoted word mean something else to a shell (globs, braces, `~`, a
 * backslash escape, zsh's `^` and `#`): Codex 0.171.0 keeps a script with such a word whole
 * (observed through `codex exec`: `echo *.md`, `echo ~`, `echo a\ b`, `echo {a,b}`, `echo a^b`,
 * `echo a#b` are not split, while `echo "*"` and `echo a!b` are). A leading `=` (zsh's `=cmd`) too.
 */
const EXPANDING = /[*?[\]{}~^#\\]/;

/** Whether an unquoted word is the same text to every shell. */
function literalWord(text: string): boolean {
  return !EXPANDING.test(text) && !text.startsWith('=');
}

/**
 * A backslash that escapes something inside double quotes (`\"`, `\\`, `\$`, a backquote, a
 * newline): the text is not its own value, and Codex 0.171.0 keeps such a script whole (observed:
 * `echo "a\"b"` and `echo "a\\b"` are not split, `echo "a\nb"` is).
 */
const QUOTED_ESCAPE = /\\["\\$`\n]/;

/** A word as Codex reads it: quotes stripped from the raw text (escapes kept), parts of a concatenation joined. */
function wordText(n: SyntaxNode): string | undefined {
  if (n.type === 'raw_string') return n.text.slice(1, -1);
  if (n.type === 'string') {
    const inner = n.text.slice(1, -1);
    return QUOTED_ESCAPE.test(inner) ? undefined : inner;
  }
  if (n.type === 'word' || n.type === 'number') return literalWord(n.text) ? n.text : undefined;
  if (n.type === 'concatenation') {
    let out = '';
    for (const part of n.namedChildren) {
      if (!part || !['word', 'number', 'string', 'raw_string'].includes(part.type)) return undefined;
      if (part.type === 'string' && part.namedChildren.some((c) => c?.type !== 'string_content')) return undefined;
      const t = wordText(part);
      if (t === undefined) return undefined;
      out += t;
    }
    return out === '' ? undefined : out;
  }
  return undefined;
}

/**
 * Splits a shell script into commands only when it is plain words joined by `&&`, `||`, `;` or
 * `|` (Codex's rule); otherwise says why the script stays one command.
 * @example splitPlainScript('git status && ls -l') // { parts: [['git','status'],['ls','-l']], reason: null }
 */
export function splitPlainScript(script: string): SplitResult {
  const costly = shellParseRefusal(script);
  if (costly !== undefined) return { parts: null, reason: costly, unread: true };
  const r = withShellTree(script, (root): SplitResult => {
    if (root.hasError) return { parts: null, reason: 'the script does not parse' };
    const parts: string[][] = [];
    const stack: SyntaxNode[] = [root];
    while (stack.length) {
      const n = stack.pop()!;
      if (!PLAIN_KINDS.has(n.type)) return { parts: null, reason: `the script has ${describe(n)}` };
      if (n.type === 'string' && n.namedChildren.some((c) => c?.type !== 'string_content')) return { parts: null, reason: 'the script has a double-quoted string with an expansion' };
      if (n.type === 'command') {
        // Codex walks every node under the command too: a brace or other token inside a word counts.
        const odd = oddDescendant(n);
        if (odd) return { parts: null, reason: `the script has ${describe(odd)}` };
        const words: string[] = [];
        for (const c of n.namedChildren) {
          if (!c) continue;
          if (c.type === 'command_name') {
            // Codex takes a program name only as a plain word: a quoted or concatenated one keeps the argv whole.
            const w = c.namedChildren[0];
            if (!w || w.type !== 'word') return { parts: null, reason: `the script has ${w ? `a program name written as ${describe(w)}` : 'an empty command name'}` };
            if (!literalWord(w.text)) return { parts: null, reason: `the program name \`${w.text}\` has a character a shell expands` };
            words.push(w.text);
          } else if (['word', 'string', 'raw_string', 'number', 'concatenation'].includes(c.type)) {
            if (c.type === 'string' && c.namedChildren.some((x) => x?.type !== 'string_content')) return { parts: null, reason: 'the script has a double-quoted string with an expansion' };
            const text = wordText(c);
            if (text === undefined) return { parts: null, reason: `the word \`${c.text}\` has a character a shell expands (a glob, a brace, ~, a backslash) or an expansion` };
            words.push(text);
          } else return { parts: null, reason: `the script has ${describe(c)}` };
        }
        parts.push(words);
        continue;
      }
      for (let i = n.childCount - 1; i >= 0; i--) {
        const c = n.child(i);
        if (c) stack.push(c);
      }
    }
    if (parts.length === 0) return { parts: null, reason: 'the script has no command' };
    return { parts, reason: null };
  });
  return r ?? { parts: null, reason: 'the shell parser is not loaded' };
}

/** Unnamed tokens a plain script may hold besides whitespace (`ALLOWED_PUNCT_TOKENS` in bash.rs). */
const PLAIN_TOKENS = new Set(['&&', '||', ';', '|', '"', "'"]);

/** The first node under `n` that a word-only script may not contain, if any. */
function oddDescendant(n: SyntaxNode): SyntaxNode | undefined {
  const stack: SyntaxNode[] = [];
  for (let i = n.childCount - 1; i >= 0; i--) {
    const c = n.child(i);
    if (c) stack.push(c);
  }
  while (stack.length) {
    const c = stack.pop()!;
    if (c.isNamed ? !PLAIN_KINDS.has(c.type) : !PLAIN_TOKENS.has(c.type) && c.type.trim() !== '') return c;
    for (let i = c.childCount - 1; i >= 0; i--) {
      const k = c.child(i);
      if (k) stack.push(k);
    }
  }
  return undefined;
}

function describe(n: SyntaxNode): string {
  const names: Record<string, string> = {
    file_redirect: 'a redirection',
    heredoc_redirect: 'a here-document',
    herestring_redirect: 'a here-string',
    redirected_statement: 'a redirection',
    command_substitution: 'a command substitution',
    simple_expansion: 'a variable expansion',
    expansion: 'a variable expansion',
    variable_assignment: 'a variable assignment',
    subshell: 'a subshell',
    '&': 'a background `&`',
    concatenation: 'a concatenated word',
    string: 'a quoted string',
    raw_string: 'a quoted string',
  };
  return names[n.type] ?? `\`${n.type}\``;
}
