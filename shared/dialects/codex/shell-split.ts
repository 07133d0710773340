import { withShellTree, type SyntaxNode } from '../../host/shell-parser';

/** The shells whose `-c` / `-lc` script Codex parses. */
export const SPLIT_SHELLS = new Set(['bash', 'zsh', 'sh']);
export const SPLIT_FLAGS = new Set(['-c', '-lc']);

/**
 * Node kinds a plain word-only script may contain; anything else keeps the argv whole
 * (`try_parse_word_only_commands_sequence`, codex-rs/shell-command/src/bash.rs).
 */
const PLAIN_KINDS = new Set(['program', 'list', 'pipeline', 'command', 'command_name', 'word', 'string', 'string_content', 'raw_string', 'number', 'concatenation', '&&', '||', ';', '|', '"', "'"]);

export type SplitResult = { parts: string[][]; reason: null } | { parts: null; reason: string };

/**
 * The script of `[bash|zsh|sh, -c|-lc, SCRIPT]`, or undefined for any other argv.
 * @example shellScript(['bash', '-lc', 'ls']) // 'ls'
 */
export function shellScript(argv: readonly string[]): string | undefined {
  if (argv.length !== 3 || !SPLIT_SHELLS.has(argv[0]) || !SPLIT_FLAGS.has(argv[1])) return undefined;
  return argv[2];
}

/** A word as Codex reads it: quotes stripped from the raw text (escapes kept), parts of a concatenation joined. */
function wordText(n: SyntaxNode): string | undefined {
  if (n.type === 'raw_string' || n.type === 'string') return n.text.slice(1, -1);
  if (n.type === 'word' || n.type === 'number') return n.text;
  if (n.type === 'concatenation') {
    let out = '';
    for (const part of n.namedChildren) {
      if (!part || !['word', 'number', 'string', 'raw_string'].includes(part.type)) return undefined;
      if (part.type === 'string' && part.namedChildren.some((c) => c?.type !== 'string_content')) return undefined;
      out += wordText(part) ?? '';
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
  const r = withShellTree(script, (root): SplitResult => {
    if (root.hasError) return { parts: null, reason: 'the script does not parse' };
    const parts: string[][] = [];
    const stack: SyntaxNode[] = [root];
    while (stack.length) {
      const n = stack.pop()!;
      if (!PLAIN_KINDS.has(n.type)) return { parts: null, reason: `the script has ${describe(n)}` };
      if (n.type === 'string' && n.namedChildren.some((c) => c?.type !== 'string_content')) return { parts: null, reason: 'the script has a double-quoted string with an expansion' };
      if (n.type === 'command') {
        const words: string[] = [];
        for (const c of n.namedChildren) {
          if (!c) continue;
          if (c.type === 'command_name') {
            // Codex takes a program name only as a plain word: a quoted or concatenated one keeps the argv whole.
            const w = c.namedChildren[0];
            if (!w || w.type !== 'word') return { parts: null, reason: `the script has ${w ? `a program name written as ${describe(w)}` : 'an empty command name'}` };
            words.push(w.text);
          } else if (['word', 'string', 'raw_string', 'number', 'concatenation'].includes(c.type)) {
            if (c.type === 'string' && c.namedChildren.some((x) => x?.type !== 'string_content')) return { parts: null, reason: 'the script has a double-quoted string with an expansion' };
            const text = wordText(c);
            if (text === undefined) return { parts: null, reason: 'the script has a concatenated word with an expansion' };
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

/** Node kinds that attach a here-document or here-string to the one command without changing its words. */
const HEREDOC_PARTS = new Set(['heredoc_body', 'simple_heredoc_body', 'heredoc_redirect', 'herestring_redirect', 'redirected_statement']);

/**
 * The one command of a script that feeds it a here-document (`cat <<EOF … EOF`), as Codex matches
 * it (`parse_shell_lc_single_command_prefix`): the script parses, has a here-document and no file
 * redirection, holds exactly one command in its whole tree, and that command's words are plain
 * (unquoted words and numbers; comments and the here-document itself are skipped).
 * @example heredocCommand('cat <<EOF\nhi\nEOF').words // ['cat']
 */
export function heredocCommand(script: string): { words: string[]; reason: null } | { words: null; reason: string } {
  const r = withShellTree(script, (root): { words: string[]; reason: null } | { words: null; reason: string } => {
    if (root.hasError) return { words: null, reason: 'it does not parse' };
    const all: SyntaxNode[] = [];
    const stack: SyntaxNode[] = [root];
    while (stack.length) {
      const n = stack.pop()!;
      all.push(n);
      for (const c of n.namedChildren) if (c) stack.push(c);
    }
    if (!all.some((n) => n.type === 'heredoc_redirect')) return { words: null, reason: 'no here-document' };
    if (all.some((n) => n.type === 'file_redirect')) return { words: null, reason: 'a here-document next to a file redirection' };
    const commands = all.filter((n) => n.type === 'command');
    if (commands.length !== 1) return { words: null, reason: `a here-document script with ${commands.length} commands` };
    const words: string[] = [];
    for (const c of commands[0].namedChildren) {
      if (!c) continue;
      if (c.type === 'command_name') {
        const w = c.namedChildren[0];
        if (!w || !['word', 'number'].includes(w.type) || w.namedChildren.length > 0) return { words: null, reason: 'a here-document command whose name is not a plain word' };
        words.push(w.text);
      } else if (c.type === 'word' || c.type === 'number') {
        if (c.namedChildren.length > 0) return { words: null, reason: 'a here-document command with a word that is not plain' };
        words.push(c.text);
      } else if (c.type !== 'comment' && !HEREDOC_PARTS.has(c.type)) return { words: null, reason: `a here-document command with ${describe(c)}` };
    }
    return words.length ? { words, reason: null } : { words: null, reason: 'a here-document command with no words' };
  });
  return r ?? { words: null, reason: 'the shell parser is not loaded' };
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
