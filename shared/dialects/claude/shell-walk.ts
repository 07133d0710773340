import type { SyntaxNode } from '../../host/shell-parser';

/**
 * Deeper nesting than this (substitutions in substitutions, subshells in subshells) is not
 * followed for allows: the command is at most ask. The walk itself is iterative, so any depth is
 * still visited for denies without growing the call stack.
 */
export const MAX_SHELL_DEPTH = 64;

/** Node kinds that only give structure or literal text: they run nothing of their own. */
export const HARMLESS_KINDS: ReadonlySet<string> = new Set([
  'program', 'command', 'command_name', 'word', 'string', 'string_content', 'raw_string', 'concatenation', 'number',
  'list', 'pipeline', 'redirected_statement', 'file_redirect', 'herestring_redirect',
  'heredoc_redirect', 'heredoc_start', 'heredoc_end', 'heredoc_body', 'heredoc_content', 'variable_assignment',
  'variable_assignments', 'variable_name', 'simple_expansion', 'special_variable_name', 'comment', 'for_statement',
  'while_statement', 'if_statement', 'elif_clause', 'else_clause', 'case_statement', 'case_item', 'do_group',
  'function_definition', 'negated_command', 'test_command', 'declaration_command', 'unset_command', 'file_descriptor',
  'binary_expression', 'unary_expression', 'parenthesized_expression', 'test_operator', 'array',
]);

/** Kinds that run or expand code the matched text does not show, with the reason the trace gives. */
export const HIDDEN_KINDS: Readonly<Record<string, string>> = {
  command_substitution: 'a command substitution runs a command the rule never named',
  subshell: 'a ( … ) subshell is a shell operator the agent always asks about',
  compound_statement: 'a { … } group is a shell operator the agent asks about',
  process_substitution: 'a process substitution runs a command whose output feeds another unseen',
  expansion: 'a ${…} parameter expansion can run or hide code',
  arithmetic_expansion: 'an arithmetic expansion can run code through its operands',
  ansi_c_string: "a $'…' string hides the characters it stands for",
  translated_string: 'a $"…" string is looked up at run time',
  subscript: 'an array subscript is evaluated as arithmetic',
  c_style_for_statement: 'a C-style for loop evaluates arithmetic',
  extglob_pattern: 'an extended glob',
  brace_expression: 'a brace expansion makes words the text does not show',
  regex: 'a pattern operand the parser does not split',
  ternary_expression: 'an arithmetic expression',
  postfix_expression: 'an arithmetic expression',
};

/** Nodes that are commands of their own. */
const COMMAND_KINDS: ReadonlySet<string> = new Set(['command', 'declaration_command', 'unset_command', 'test_command']);
/** Node types whose assignments are part of the command itself, not statements of their own. */
const PREFIX_OWNERS: ReadonlySet<string> = new Set(['command', 'declaration_command']);
/** Characters before `#` that make it start a comment in bash (a `#` glued to a word is text). */
const COMMENT_STARTERS = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);
/** Text of a leaf the parser did not split that still carries a substitution. */
const UNPARSED_SUBSTITUTION = /\$\(|`|[<>]\(/;

/** The reason a backgrounded command is at most ask, even under a bare `Bash` allow (the CLI asks). */
export const BACKGROUND = 'a background `&` runs past the approval-time checks';

export interface ShellWalk {
  /** Every command node, at any depth, in source order. */
  commands: SyntaxNode[];
  /** Every redirect node (file, here-doc, here-string) at any depth. */
  redirects: SyntaxNode[];
  /** Why an allow cannot stand (at most ask). */
  caps: string[];
  /** Text that may run code but that the parser kept as a leaf (`${x%$(cmd)}`, an unquoted here-doc body). */
  unparsed: string[];
  /** Why the built-in read-only layer does not apply (a subshell, a background `&`); rules still do. */
  notReadOnly: string[];
}

/**
 * Visits every node of a bash parse tree with an explicit stack (no recursion, so a command nested
 * thousands deep gives a verdict, not a stack overflow), collecting commands and redirects and
 * every reason an allow must not rest on the parse.
 * @example walkShellTree(root, 'echo ${HOME%$(touch x)}').caps // ['a ${…} parameter expansion can run or hide code', …]
 */
export function walkShellTree(root: SyntaxNode, text: string): ShellWalk {
  const out: ShellWalk = { commands: [], redirects: [], caps: [], unparsed: [], notReadOnly: [] };
  const cap = (why: string) => {
    if (!out.caps.includes(why)) out.caps.push(why);
  };
  const stack: Array<[SyntaxNode, number]> = [[root, 0]];
  const assigned = new Set<string>();
  const used = new Set<string>();
  let deepest = 0;
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    const kind = node.type;
    if (node.isNamed) visitNode(node, kind, text, out, cap);
    if (kind === 'for_statement') cap('a for loop sets a variable whose value cannot be checked before it runs: never allowed');
    if (kind === 'for_statement' || kind === 'variable_assignment') {
      const name = node.childForFieldName(kind === 'for_statement' ? 'variable' : 'name');
      if (name) assigned.add(name.text);
    } else if (kind === 'simple_expansion' || kind === 'expansion') {
      const name = node.namedChildren.find((c) => c?.type === 'variable_name');
      if (name) used.add(name.text);
    }
    if (kind === 'list' || kind === 'program' || kind === 'redirected_statement') {
      // The real CLI asks for a backgrounded command even under an allow that matches it (`echo hi &`
      // under a bare `Bash` allow): at most ask, and the read-only layer does not apply either.
      for (const c of node.children) {
        if (!c || c.isNamed || c.type !== '&') continue;
        if (!out.notReadOnly.includes(BACKGROUND)) out.notReadOnly.push(BACKGROUND);
        cap(BACKGROUND);
      }
    }
    const children = node.namedChildren;
    for (let i = children.length - 1; i >= 0; i--) {
      const c = children[i];
      if (c) stack.push([c, depth + 1]);
    }
  }
  // The value a variable gets inside the command itself (a loop variable, `x=…; echo $x`) is not known before it runs.
  for (const name of used) if (assigned.has(name)) cap(`the variable $${name} is set inside the command, so its value cannot be checked before it runs: never allowed`);
  if (deepest > MAX_SHELL_DEPTH) cap(`the command nests ${deepest} levels deep, past the limit of ${MAX_SHELL_DEPTH}: never allowed`);
  return out;
}

function visitNode(node: SyntaxNode, kind: string, text: string, out: ShellWalk, cap: (why: string) => void): void {
  if (COMMAND_KINDS.has(kind)) out.commands.push(node);
  else if (kind === 'variable_assignment' && !PREFIX_OWNERS.has(node.parent?.type ?? '')) out.commands.push(node);
  if (kind.endsWith('_redirect')) {
    out.redirects.push(node);
    if ((kind === 'file_redirect' || kind === 'herestring_redirect') && /\n/.test(headOf(node))) {
      cap(`redirect ${clip(node.text.split('\n')[0])} has its target on another line (bash rejects this): never allowed`);
    }
  }
  if (kind === 'heredoc_redirect') {
    const start = node.namedChildren.find((c) => c?.type === 'heredoc_start');
    const quoted = start !== undefined && start !== null && /['"\\]/.test(start.text);
    if (!quoted) cap('an unquoted here-doc body expands substitutions and variables: never allowed');
  }
  if (kind === 'comment') {
    const before = text[node.startIndex - 1];
    if (before !== undefined && !COMMENT_STARTERS.has(before)) cap('a # glued to a word is text in bash, not a comment: never allowed');
  }
  if (kind === 'ERROR') cap('the shell parser could not read part of the command: never allowed');
  // `{a,b}` and `{1..3}` in a word make words the text does not show (the agent asks: "Brace expansion").
  if ((kind === 'word' || kind === 'concatenation') && hasBraceExpansion(node.text)) cap(`a brace expansion (${clip(node.text)}) makes words the text does not show: never allowed`);
  const hidden = HIDDEN_KINDS[kind];
  if (hidden !== undefined) {
    if (!(kind === 'arithmetic_expansion' && /^\$\(\([\d\s+\-*/%()]*\)\)$/.test(node.text))) cap(`${hidden} (${clip(node.text)}): never allowed`);
  } else if (!HARMLESS_KINDS.has(kind) && kind !== 'ERROR') {
    cap(`the shell form "${kind}" is not one RuleLens knows to be harmless (${clip(node.text)}): never allowed`);
  }
  // Leaves the grammar does not split further may still hold a substitution bash runs.
  if (node.namedChildCount === 0 && kind !== 'raw_string' && kind !== 'comment' && UNPARSED_SUBSTITUTION.test(node.text)) {
    if (!isQuotedHeredocBody(node)) {
      cap(`substitution inside text the parser does not split (${clip(node.text)}): never allowed`);
      out.unparsed.push(node.text);
    }
  }
}

/**
 * The agent's test for brace expansion in a word's text: some whitespace-separated piece whose text
 * between its first `{` and its last `}` holds a `,` or `..` (`@anthropic-ai/claude-code` 2.1.332,
 * the too-complex check "Word contains brace expansion syntax").
 * @example hasBraceExpansion('{-s,--porcelain}') // true
 */
export function hasBraceExpansion(text: string): boolean {
  return text.split(/\s/).some((t) => {
    const open = t.indexOf('{');
    const close = t.lastIndexOf('}');
    const body = open < 0 || close < open ? '' : t.slice(open + 1, close);
    return body.includes(',') || body.includes('..');
  });
}

/** The operator and target of a redirect, without the words the grammar files after them. */
function headOf(node: SyntaxNode): string {
  const dest = node.childrenForFieldName('destination').find((d) => d !== null);
  return dest ? node.text.slice(0, dest.endIndex - node.startIndex) : node.text;
}

function isQuotedHeredocBody(node: SyntaxNode): boolean {
  if (node.type !== 'heredoc_body' && node.type !== 'heredoc_content') return false;
  let r: SyntaxNode | null = node.parent;
  while (r && r.type !== 'heredoc_redirect') r = r.parent;
  const start = r?.namedChildren.find((c) => c?.type === 'heredoc_start');
  return start !== undefined && start !== null && /['"\\]/.test(start.text);
}

function clip(s: string): string {
  return s.length > 60 ? s.slice(0, 57) + '…' : s;
}
