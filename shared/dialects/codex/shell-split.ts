import { withShellTree, type SyntaxNode } from '../../host/shell-parser';

/** The shells whose `-c` / `-lc` script Codex parses. */
export const SPLIT_SHELLS = new Set(['bash', 'zsh', 'sh']);
export const SPLIT_FLAGS = new Set(['-c', '-lc']);

/** Node kinds a plain word-only script may contain; anything else keeps the argv whole. */
const PLAIN_KINDS = new Set(['program', 'list', 'pipeline', 'command', 'command_name', 'word', 'string', 'string_content', 'raw_string', 'number', '&&', '||', ';', '|', '"', "'"]);

export type SplitResult = { parts: string[][]; reason: null } | { parts: null; reason: string };

/**
 * The script of `[bash|zsh|sh, -c|-lc, SCRIPT]`, or undefined for any other argv.
 * @example shellScript(['bash', '-lc', 'ls']) // 'ls'
 */
export function shellScript(argv: readonly string[]): string | undefined {
  if (argv.length !== 3 || !SPLIT_SHELLS.has(argv[0]) || !SPLIT_FLAGS.has(argv[1])) return undefined;
  return argv[2];
}

function wordText(n: SyntaxNode): string {
  if (n.type === 'raw_string') return n.text.slice(1, -1);
  if (n.type === 'string') return n.namedChildren.map((c) => c?.text ?? '').join('');
  return n.text;
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
            const w = c.namedChildren[0];
            if (!w || !PLAIN_KINDS.has(w.type)) return { parts: null, reason: `the script has ${w ? describe(w) : 'an empty command name'}` };
            words.push(wordText(w));
          } else if (['word', 'string', 'raw_string', 'number'].includes(c.type)) {
            if (c.type === 'string' && c.namedChildren.some((x) => x?.type !== 'string_content')) return { parts: null, reason: 'the script has a double-quoted string with an expansion' };
            words.push(wordText(c));
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
  };
  return names[n.type] ?? `\`${n.type}\``;
}
