/**
 * Qwen Code's splitting of a shell command for rules (`splitCommandForRules`,
 * `splitCompoundCommandSegments` in rule-parser.ts) and the parts of its shell analysis RuleLens
 * models.
 */

const OPERATORS = ['&&', '||', ';;', '|&', '|', ';', '&', '\n'];
const WORD_SEPARATORS = [' ', '\t', '\n'];
const CR_WHOLE_TARGET = /(?:^|[ \t])(?:<<-?|1>>|1>|>>|>|2>>|2>|&>>|&>|<)\r$/;

function trimWords(text: string): string {
  let s = 0;
  let e = text.length;
  while (s < e && WORD_SEPARATORS.includes(text[s])) s++;
  while (e > s && WORD_SEPARATORS.includes(text[e - 1])) e--;
  return text.slice(s, e);
}

function backslashesBefore(command: string, index: number): number {
  let n = 0;
  for (let k = index - 1; k >= 0 && command[k] === '\\'; k--) n++;
  return n;
}

/** Whether `&` at `index` runs a command in the background (not `&>` or part of `>&`). */
function isAsync(command: string, index: number): boolean {
  if (command[index + 1] === '>') return false;
  for (let j = index - 1; j >= 0; j--) {
    const c = command[j];
    if (WORD_SEPARATORS.includes(c)) continue;
    if (c === '>' || c === '<') return backslashesBefore(command, j) % 2 === 1;
    return true;
  }
  return true;
}

/**
 * `splitCompoundCommand`: the command cut at `&&`, `||`, `;;`, `|&`, `|`, `;`, `&` and newlines
 * outside quotes and `(( ))`; no parsing of `$(…)` or subshells.
 * @example splitCompound('git status && rm -rf x') // ['git status', 'rm -rf x']
 */
export function splitCompound(command: string): string[] {
  const out: string[] = [];
  let single = false;
  let double = false;
  let escaped = false;
  let last = 0;
  let arith = 0;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (escaped) {
      escaped = false;
      continue;
    }
    if (c === '\\') {
      escaped = true;
      continue;
    }
    if (c === "'" && !double) {
      single = !single;
      continue;
    }
    if (c === '"' && !single) {
      double = !double;
      continue;
    }
    if (single || double) continue;
    if (c === '(' && command[i + 1] === '(') {
      arith++;
      i++;
      continue;
    }
    if (arith > 0 && c === ')' && command[i + 1] === ')') {
      arith--;
      i++;
      continue;
    }
    for (const op of OPERATORS) {
      if (command.substr(i, op.length) !== op) continue;
      if (op === '&' && (arith > 0 || !isAsync(command, i))) continue;
      const raw = command.slice(last, i);
      const seg = trimWords(op === '\n' && !CR_WHOLE_TARGET.test(raw) ? raw.replace(/\r$/, '') : raw);
      if (seg) out.push(seg);
      last = i + op.length;
      i = last - 1;
      break;
    }
  }
  const tail = trimWords(command.slice(last));
  if (tail) out.push(tail);
  return out.length ? out : [command];
}

/**
 * `splitCommandForRules` for bash: a one-line command with a word-start `#` comment and none of
 * `\ $ \` ; & | ( ) { } < >` is one segment; everything else is `splitCompound`.
 * @example splitForRules('git status # && rm x') // ['git status # && rm x']
 */
export function splitForRules(command: string): string[] {
  if (command.includes('\n') || command.includes('\r')) return splitCompound(command);
  let single = false;
  let double = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === '\\' || c === '$' || c === '`' || ';&|(){}<>'.includes(c)) return splitCompound(command);
    if (c === "'" && !double) single = !single;
    else if (c === '"' && !single) double = !double;
    else if (c === '#' && !single && !double && (command[i - 1] === ' ' || command[i - 1] === '\t') && !command.trimStart().startsWith('#')) return [command];
  }
  return splitCompound(command);
}

/**
 * Programs Qwen's shell analysis (`shell-semantics.ts`, `COMMANDS` and the wrappers it sees
 * through) turns into file or network operations judged by Read/Edit/WebFetch rules.
 */
export const OPERATION_PROGRAMS = new Set(('ack ag awk b2sum base32 base64 bzcat bzgrep cat chgrp chmod chown cksum cmp column cp curl cut dd diff diff3 dir du egrep exa expand eza fetch fgrep file find fold gawk grep gzcat head hexdump install join less ln ls lsd lzcat md5sum mkdir mkfifo more most mv nl od paste patch perl readlink realpath rename rg rm rmdir rsync sdiff sed sha1sum sha224sum sha256sum sha384sum sha512sum shred sort stat strings sum tac tail tee touch tr tree truncate unexpand uniq unlink vdir wc wget xxd xzcat zcat zgrep ' +
  'sudo doas env time nice ionice nohup timeout unbuffer stdbuf bash sh zsh dash ksh xargs exec command builtin cd pushd popd').split(' '));

/**
 * Whether a command may hold an operation Qwen judges by a file or URL rule: a program above, a
 * redirection, or syntax RuleLens does not read (expansions, subshells).
 * @example mayHaveOperations('git status') // false
 */
export function mayHaveOperations(command: string): boolean {
  if (/[<>$`(){}\\]/.test(command)) return true;
  for (const seg of splitCompound(command)) {
    const words = seg.trim().split(/\s+/);
    let k = 0;
    while (k < words.length && /^[A-Z_]\w*=/i.test(words[k])) k++;
    const prog = (words[k] ?? '').replace(/^['"]|['"]$/g, '');
    if (OPERATION_PROGRAMS.has(prog.slice(prog.lastIndexOf('/') + 1))) return true;
  }
  return false;
}

/** Simple commands Qwen's read-only analysis (`isShellCommandReadOnlyAST`) was seen to approve (`date`, `true` and `FOO=1 echo` it does not). */
const READ_ONLY_ANY_ARGS = new Set(['echo']);
const READ_ONLY_NO_ARGS = new Set(['pwd', 'whoami', 'git', 'git status', 'git log', 'git diff', 'git show', 'git branch']);

/**
 * Whether RuleLens knows Qwen's read-only analysis approves a command: every segment an observed
 * read-only program with plain-word arguments (no option, no path outside the folder, no
 * redirection or expansion). Undefined: not known (RuleLens then asks, as Qwen does for a command
 * that is not read-only).
 * @example knownReadOnly('git status') // true
 */
export function knownReadOnly(command: string): boolean | undefined {
  if (/[<>$`(){}\\*?[\]#!~;&|]/.test(command.replace(/&&|\|\||\|/g, ' '))) return undefined;
  for (const seg of splitCompound(command)) {
    const words = seg.split(/\s+/).filter(Boolean);
    if (words.some((w) => /['"=]/.test(w) || w.startsWith('-') || w.startsWith('/') || w.includes('..'))) return undefined;
    if (READ_ONLY_ANY_ARGS.has(words[0]) || READ_ONLY_NO_ARGS.has(words.join(' '))) continue;
    return undefined;
  }
  return true;
}
