import { posix } from 'path';
import { inside } from './safe-path';
import { SAFE_ENV_VARS, type SubCommand } from './sub-commands';
import { looseStarts, strictWrapperLength } from './wrappers';
import { FIND_ACTIONS, FIND_VALUED } from './program-checks';
import { unquotedGlob } from './command-paths';
import { pathCommand, sedOnlyReads } from './path-commands';

/**
 * Claude Code's built-in read-only layer: commands and tools that need no rule at all. Found by
 * asking the real CLI (test/differential/claude.diff.ts) and from the list its own `/permissions`
 * advice prints; RuleLens models a conservative part of it (anything outside it is left to the
 * rules and the mode, i.e. at most what the rules give — never a wider allow).
 */
export const READ_ONLY_LAYER = 'built-in read-only';

/** Allowed with any plain arguments (file operands must lie inside the working folders). */
export const READ_ONLY_ANY_ARGS: ReadonlySet<string> = new Set([
  'jq', 'cal', 'uptime', 'cat', 'head', 'tail', 'wc', 'stat', 'strings', 'hexdump', 'od', 'nl', 'id', 'uname', 'free', 'df', 'du',
  'locale', 'groups', 'nproc', 'basename', 'dirname', 'realpath', 'cut', 'paste', 'tr', 'column', 'tac', 'rev', 'fold',
  'expand', 'unexpand', 'fmt', 'comm', 'cmp', 'numfmt', 'readlink', 'diff', 'true', 'false', 'sleep', 'type', 'expr', 'seq',
  'tsort', 'pr', 'echo', 'ls', 'cd',
]);
/** Allowed only with no argument at all. */
export const READ_ONLY_NO_ARGS: ReadonlySet<string> = new Set(['pwd', 'whoami', 'alias']);
/** Allowed only in exactly these forms. */
export const READ_ONLY_EXACT: ReadonlySet<string> = new Set(['claude -h', 'claude --help', 'node -v', 'node --version', 'python --version', 'python3 --version', 'ip addr']);
/** grep's options the agent's read-only table accepts (options taking a value marked `true`). */
const GREP_FLAGS: Readonly<Record<string, boolean>> = Object.fromEntries([
  ...['-F', '--fixed-strings', '-G', '--basic-regexp', '-E', '--extended-regexp', '-P', '--perl-regexp', '-i', '--ignore-case', '--no-ignore-case', '-v', '--invert-match', '-w', '--word-regexp', '-x', '--line-regexp', '-c', '--count', '-L', '--files-without-match', '-l', '--files-with-matches', '-o', '--only-matching', '-q', '--quiet', '--silent', '-s', '--no-messages', '-b', '--byte-offset', '-H', '--with-filename', '-h', '--no-filename', '-n', '--line-number', '-T', '--initial-tab', '-u', '--unix-byte-offsets', '-Z', '--null', '-z', '--null-data', '--no-group-separator', '-a', '--text', '-I', '-r', '--recursive', '-R', '--dereference-recursive', '--line-buffered', '-U', '--binary', '--help', '-V', '--version'].map((f) => [f, false]),
  ...['-e', '--regexp', '-f', '--file', '--color', '--colour', '-m', '--max-count', '--label', '-A', '--after-context', '-B', '--before-context', '-C', '--context', '--group-separator', '--binary-files', '-D', '--devices', '-d', '--directories', '--exclude', '--exclude-from', '--exclude-dir', '--include'].map((f) => [f, true]),
]);

/** Commands allowed when every option is one of these (options taking a value marked `true`). */
export const READ_ONLY_SAFE_FLAGS: Readonly<Record<string, Readonly<Record<string, boolean>>>> = {
  lsof: Object.fromEntries([
    ...'? h v a b C l n N O P Q R t U V X H E F g i K L o r s S T x'.split(' ').map((f) => [`-${f}`, false]),
    ...'A c d e k p u'.split(' ').map((f) => [`-${f}`, true]),
  ]),
  date: { '-d': true, '--date': true, '-r': true, '--reference': true, '-u': false, '--utc': false, '--universal': false, '-I': false, '-R': false, '--rfc-email': false, '--debug': false },
  which: { '-a': false, '--all': false, '-s': false },
  hostname: { '-f': false, '--fqdn': false, '-s': false, '--short': false, '-i': false, '-I': false, '-d': false },
  sha256sum: { '-b': false, '-t': false, '-c': false, '--check': false, '--quiet': false, '--status': false, '--tag': false },
  sha1sum: { '-b': false, '-t': false, '-c': false, '--check': false, '--quiet': false, '--status': false, '--tag': false },
  sort: Object.fromEntries(['-b', '-d', '-f', '-g', '-h', '-i', '-M', '-n', '-R', '-r', '-s', '-u', '-V', '-z', '--reverse', '--unique', '--numeric-sort', '--ignore-case', '--stable'].map((f) => [f, false]).concat([['-k', true], ['--key', true], ['-t', true], ['--field-separator', true]])),
  md5sum: { '-b': false, '-t': false, '-c': false, '--check': false, '--quiet': false, '--status': false, '--tag': false },
  // `@anthropic-ai/claude-code` 2.1.332's read-only table: grep (its files are checked as paths) and `file` with these options.
  grep: GREP_FLAGS,
  egrep: GREP_FLAGS,
  fgrep: GREP_FLAGS,
  rg: Object.fromEntries([
    ...['-i', '--ignore-case', '-S', '--smart-case', '-F', '--fixed-strings', '-w', '--word-regexp', '-v', '--invert-match', '-c', '--count', '-l', '--files-with-matches', '--files-without-match', '-n', '--line-number', '-o', '--only-matching', '-H', '-h', '--heading', '--no-heading', '-q', '--quiet', '--column', '--type-list', '--hidden', '--no-ignore', '-u', '-a', '--text', '-L', '--follow', '--json', '--stats', '--help', '--version', '--debug'].map((f) => [f, false]),
    ...['-e', '--regexp', '-f', '-A', '--after-context', '-B', '--before-context', '-C', '--context', '-g', '--glob', '-t', '--type', '-T', '--type-not', '-m', '--max-count', '-d', '--max-depth', '--color'].map((f) => [f, true]),
  ]),
  file: Object.fromEntries([
    ...['--brief', '-b', '--mime', '-i', '--mime-type', '--mime-encoding', '--apple', '--check-encoding', '-c', '--print0', '-0', '--help', '--version', '-v', '--no-dereference', '-h', '--dereference', '-L', '--keep-going', '-k', '--list', '-l', '--no-buffer', '-n', '--preserve-date', '-p', '--raw', '-r', '-s', '--special-files'].map((f) => [f, false]),
    ...['--exclude', '--exclude-quiet', '-F', '--separator'].map((f) => [f, true]),
  ]),
};
/**
 * Commands whose plain operands are files read: each must lie inside the working folders. Only the
 * agent's path-restricted commands (path-commands.ts): `du /etc`, `realpath /etc/x` and `readlink
 * .env` name paths it never checks (observed: they run with no rule, past a `Read(.env)` deny).
 */
const FILE_OPERANDS: ReadonlySet<string> = new Set([
  'cat', 'head', 'tail', 'wc', 'stat', 'strings', 'hexdump', 'od', 'nl', 'cut', 'paste', 'column', 'tac', 'rev',
  'fold', 'expand', 'unexpand', 'fmt', 'comm', 'cmp', 'diff', 'tsort', 'pr', 'ls', 'cd', 'file', 'sha256sum', 'sha1sum', 'md5sum', 'sort',
]);
/** `git` sub-commands that only read, with options that would make them write or run something. */
export const GIT_READ_ONLY: ReadonlySet<string> = new Set(['status', 'log', 'diff', 'show', 'blame', 'ls-files', 'rev-parse']);
const GIT_UNSAFE_OPTION = /^--(?:output|ext-diff|textconv|exec|upload-pack|open-files-in-pager|paginate)\b|^-[A-Za-z]*[Op]/;

/** Commands acceptEdits mode approves when every operand lies inside the working folders. */
export const ACCEPT_EDITS_COMMANDS: ReadonlySet<string> = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp']);

/**
 * Whether acceptEdits mode approves this sub-command: a file-system command (`touch x`, `rm -rf d`)
 * whose operands all lie inside the working folders.
 * @example acceptEditsCommand(sub('touch x'), { cwd: '/p', workDirs: ['/p'] }) // true
 */
export function acceptEditsCommand(sc: SubCommand, ctx: ReadOnlyContext): boolean {
  if (sc.opaque.length || sc.assignments.some((a) => !SAFE_ENV_VARS.includes(a.name))) return false;
  // Wrappers are looked past, except before `touch` (observed in acceptEdits: `nice mkdir -p d` and
  // `command rm -rf d` run, `nice touch x` and `command touch x` ask).
  const stripped = sc.words.slice(strictWrapperLength(sc.words.map((w) => w.value)));
  const words = stripped[0]?.value === 'touch' ? sc.words : stripped;
  // Nor past an assignment before `touch` (observed: `NODE_ENV=test touch y` asks, `NODE_ENV=test mkdir -p d` runs).
  if (words[0]?.value === 'touch' && sc.assignments.length) return false;
  if (words.length < 2 || !ACCEPT_EDITS_COMMANDS.has(words[0].value)) return false;
  if (words.some((w) => w.dynamic || /[*?[\]{}~$`\\]/.test(w.raw))) return false;
  return words.slice(1).filter((w) => !w.value.startsWith('-')).every((w) => insideWork(w.value, ctx));
}

/**
 * The operands of a file command (`ls`, `cat`, `rm`, `mkdir`…) that lie outside the working folders
 * or cannot be placed (`~…`; computed, for a command that writes). The CLI asks for such a command whatever allow rule matches
 * (observed: `Bash(ls *)` does not approve `ls /etc`, nor `Bash(rm *)` `rm -f /tmp/x`).
 * @example outsideOperands(sub('ls -la /etc'), { cwd: '/p', workDirs: ['/p'] }) // ['/etc']
 */
export function outsideOperands(sc: SubCommand, ctx: ReadOnlyContext): string[] {
  const words = sc.words.slice(strictWrapperLength(sc.words.map((w) => w.value)));
  const name = words[0]?.value;
  if (!name || !(FILE_OPERANDS.has(name) || ACCEPT_EDITS_COMMANDS.has(name))) return [];
  return words
    .slice(1)
    // A computed path can be anywhere for a command that writes (observed: `rm -f "$PWD/x"` asks even under
    // its exact allow); a reading command with one is left to the other checks (`cat "$PWD/a.txt"` runs under its exact allow).
    .filter((w) => (w.dynamic ? ACCEPT_EDITS_COMMANDS.has(name) : w.raw.startsWith('~') || (!w.value.startsWith('-') && w.value !== '' && !insideWork(w.value, ctx))))
    .map((w) => w.raw);
}

/**
 * The computed operands (`$F`, `"$PWD/a"`) of a command that reads files: the CLI asks for them
 * under a wildcard allow (`Bash(cat *)` does not approve `cat $PWD/a.txt`), though an exact allow
 * of the same text approves it.
 * @example computedReadOperands(sub('cat "$F"')) // ['"$F"']
 */
export function computedReadOperands(sc: SubCommand): string[] {
  const words = sc.words.slice(strictWrapperLength(sc.words.map((w) => w.value)));
  const name = words[0]?.value;
  // The agent's path-checked readers too (observed on both versions: `Bash(grep -r:*)` asks for `grep -r a $HOME`).
  if (!name || !(FILE_OPERANDS.has(name) || pathCommand(name)?.entry.access === 'read') || ACCEPT_EDITS_COMMANDS.has(name)) return [];
  return words.slice(1).filter((w) => w.dynamic && w.pwdPath === undefined).map((w) => w.raw);
}

export interface ReadOnlyContext {
  cwd: string;
  workDirs: string[];
  home?: string;
}

/**
 * Why a sub-command is in the built-in read-only set, or undefined when it is not. Only plain
 * words count: anything computed, any redirect, any assignment in front leaves it to the rules.
 * With `outside` given, a file reader's operands outside the working folders are collected there
 * instead of ruling it out: the caller must then have each judged by the Read rules.
 * @example readOnlyReason(sub('ls -la'), { cwd: '/p', workDirs: ['/p'] }) // '`ls` is a built-in read-only command'
 * @example readOnlyReason(sub('cat /etc/x'), { cwd: '/p', workDirs: ['/p'] }, out) // '`cat` is …', out = ['/etc/x']
 */
export function readOnlyReason(sc: SubCommand, ctx: ReadOnlyContext, outside?: string[]): string | undefined {
  if (sc.opaque.length || sc.assignments.some((a) => !SAFE_ENV_VARS.includes(a.name)) || sc.words.length === 0) return undefined;
  // Output redirects are judged as writes elsewhere; here-docs are stdin; an input file must lie inside.
  for (const r of sc.redirects) {
    if (/^\d*<</.test(r)) continue;
    const input = /^\d*<\s*(?!\s)(.*)$/s.exec(r);
    if (input && !insideWork(input[1].replace(/^['"]|['"]$/g, ''), ctx)) return undefined;
  }
  const words = unwrapped(sc);
  if (words.length === 0) return undefined;
  // Past a bare `xargs` only the programs the agent lets xargs run read-only qualify (`xargs cat` asks).
  const xargsAt = sc.words.slice(0, sc.words.length - words.length).findIndex((w) => w.value === 'xargs');
  if (xargsAt >= 0 && !XARGS_READ_ONLY.has(words[0].value)) return undefined;
  const values = words.map((w) => w.pwdPath ?? w.value);
  const [name, ...args] = values;
  // `echo $HOME` reads a variable, no file: plain `$VAR` arguments are fine where no operand is a file.
  const plainVar = (w: SubCommand['words'][number]) => /^\$[A-Z_]\w*$/i.test(w.raw) && !FILE_OPERANDS.has(name) && name !== 'git';
  // An unquoted glob is fine in an argument: the files it names are checked by their folder (see shell-paths.ts).
  // (Only for the commands that take any argument: `sort *.txt` and `git status d*` ask, observed.)
  // Not for jq: both versions asked for `jq . *.txt` with no rule (an extra working folder, a link into it).
  const globOk = ((READ_ONLY_ANY_ARGS.has(name) && !(name in READ_ONLY_SAFE_FLAGS)) || READ_ONLY_GLOBS_OK.has(name)) && name !== 'jq';
  // `"$PWD/x"` is proven only for the file readers (observed on both versions: `git status "$PWD/a.txt"` asks),
  // not for `cd` (`timeout 5 cd "$PWD/a.txt"` was refused under dontAsk on both versions).
  const pwdOk = FILE_OPERANDS.has(name) && name !== 'cd';
  const unsafe = (w: SubCommand['words'][number], i: number) => ((!pwdOk || w.pwdPath === undefined) && (w.dynamic || /[{}~$`\\]/.test(w.raw) || ((i === 0 || !globOk) && unquotedGlob(w.raw))) && !(i > 0 && plainVar(w))) || w.value === '';
  if (words.some(unsafe)) return undefined;
  if (name === 'find') return findReadOnly(args);
  if (name === 'sed') return sedOnlyReads(args) ? '`sed -n` printing lines is a built-in read-only command' : undefined;
  const text = [name, ...args].join(' ');
  if (READ_ONLY_EXACT.has(text)) return `\`${text}\` is a built-in read-only form`;
  if (READ_ONLY_NO_ARGS.has(name)) return args.length === 0 ? `\`${name}\` with no argument is a built-in read-only command` : undefined;
  if (name === 'git') return gitReadOnly(args, ctx);
  if (name === 'printf') return args.some((a) => a.startsWith('-')) ? undefined : '`printf` without options is a built-in read-only command';
  const flags = READ_ONLY_SAFE_FLAGS[name];
  let operands: string[];
  if (READ_ONLY_ANY_ARGS.has(name)) operands = args.filter((a) => !a.startsWith('-') || a === '-');
  else if (flags) {
    const ops = safeFlagOperands(args, flags);
    if (!ops) return undefined;
    operands = ops;
  } else return undefined;
  if (FILE_OPERANDS.has(name)) {
    const beyond = operands.filter((o) => o !== '-' && !insideWork(o, ctx));
    if (beyond.length && !outside) return undefined;
    outside?.push(...beyond);
  }
  return `\`${name}\` is a built-in read-only command`;
}

/**
 * Programs a bare `xargs` may run in the read-only layer (`@anthropic-ai/claude-code` 2.1.332: xargs's
 * read-only targets are echo, printf, wc, grep, egrep, fgrep, head and tail).
 */
export const XARGS_READ_ONLY: ReadonlySet<string> = new Set(['echo', 'printf', 'wc', 'grep', 'egrep', 'fgrep', 'head', 'tail']);

/**
 * `find` is read-only unless an argument runs, deletes or writes (`-exec`, `-delete`, `-fprint`…,
 * see program-checks.ts), is an ambiguous option cluster, or is computed; the value of `-name` and
 * the other valued primaries is skipped (`find . -name -delete` only searches).
 */
function findReadOnly(args: readonly string[]): string | undefined {
  let valueOf = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const wasValue = valueOf;
    valueOf = false;
    if (FIND_ACTIONS.has(a) || /^-[dsx]+f$/.test(a)) return undefined;
    if (!wasValue && /^-(?:[EHLPXdsx]*D|f|[dsx]*[EHLPX][EHLPXdsx]*f)$/.test(a)) {
      valueOf = true;
      continue;
    }
    if (!wasValue && (FIND_VALUED.has(a) || /^-newer[aBcm][aBcmt]$/.test(a))) i++;
  }
  return '`find` without an action that runs, deletes or writes is a built-in read-only command';
}

/** Flag-table commands whose arguments may be globs (a glob there cannot become an option that writes). */
const READ_ONLY_GLOBS_OK: ReadonlySet<string> = new Set(['grep', 'egrep', 'fgrep', 'rg']);

/** Plain operands when every option is a known-safe one; undefined otherwise. */
function safeFlagOperands(args: string[], flags: Readonly<Record<string, boolean>>): string[] | undefined {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      out.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      out.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const flag = eq > 0 ? a.slice(0, eq) : a;
    if (!(flag in flags)) return undefined;
    if (flags[flag] && eq < 0) i++;
  }
  return out;
}

function gitReadOnly(args: string[], ctx: ReadOnlyContext): string | undefined {
  const [sub, ...rest] = args;
  if (!sub || !GIT_READ_ONLY.has(sub)) return undefined;
  if (rest.some((a) => GIT_UNSAFE_OPTION.test(a))) return undefined;
  const paths = rest.filter((a) => !a.startsWith('-') && a.includes('/'));
  if (!paths.every((p) => insideWork(p, ctx))) return undefined;
  return `\`git ${sub}\` is a built-in read-only command`;
}

/** A stand-in for "any entry" of a folder that `ls`/`cd` names, checked against Read denies. */
export const LISTED_CHILD = 'any-entry';

/**
 * The plain file operands of a command that reads files (`cat a b` → a, b); empty for others.
 * @example readOperands(sub('cat -n .env')) // ['.env']
 */
export function readOperands(sc: SubCommand, onlyPastLooseWrappers = false): string[] {
  // Read denies see past every wrapper (observed: `nice cat .env` and `env cat .env` are denied by `Read(.env)`).
  const words = sc.words.slice(strictWrapperLength(sc.words.map((w) => w.value)));
  const starts = [...(onlyPastLooseWrappers ? [] : [0]), ...looseStarts(words.map((w) => w.value))];
  const out = new Set<string>();
  for (const start of starts) {
    const [name, ...args] = words.slice(start);
    if (!name || !FILE_OPERANDS.has(name.value)) continue;
    // Listing or entering a folder reads what is in it: `Read(docs/**)` denies `ls docs` (observed).
    const folder = name.value === 'cd' || name.value === 'ls';
    for (const a of args) {
      if (a.dynamic || a.value.startsWith('-') || a.value === '') continue;
      out.add(a.value);
      if (folder) out.add(`${a.value.replace(/(?<!\/)\/+$/, '')}/${LISTED_CHILD}`);
    }
  }
  return [...out];
}

/** The words past the wrappers the agent strips (`timeout 5`, `nice`, `command`…). */
function unwrapped(sc: SubCommand): SubCommand['words'] {
  // The CLI's read-only check does not look past `nice` (`nice id` asks), though rules do.
  if (sc.words[0]?.value === 'nice') return [];
  return sc.words.slice(strictWrapperLength(sc.words.map((w) => w.value)));
}

function insideWork(operand: string, ctx: ReadOnlyContext): boolean {
  const abs = posix.resolve(ctx.cwd, operand);
  return inside(abs, ctx.workDirs);
}
