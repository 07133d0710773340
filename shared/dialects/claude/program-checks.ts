/**
 * What Claude Code checks about a program's own arguments before any allow rule may approve it:
 * flags that make a reader run, write or connect (`find -exec`, `find -fprint`, awk's `system()`,
 * `jq -f`, `xargs find`), and words it cannot read before the program runs. A command that fails
 * one asks whatever narrower allow rule matches (a deny rule still applies; a bare `Bash` allow
 * approves it). Data and checks transcribed from `@anthropic-ai/claude-code` 2.1.332 (the bash
 * tool's per-command semantic checks, the ones whose reasons read "find with '-exec' executes
 * commands or modifies files — cannot be auto-allowed by a Bash(find:*) prefix rule", "awk program
 * contains system()…", "jq command contains dangerous flags…"); 2.1.328 has the same checks.
 * See docs/dialects/claude.md, "Flags that run, write or connect".
 */

/** `find` primaries that run a command, delete, or write a file. */
export const FIND_ACTIONS: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete', '-rm', '-fprint', '-fprint0', '-fprintf', '-fls', '-files0-from']);
/** `find` primaries and options that take the next word as their value (it is not checked as a primary). */
export const FIND_VALUED: ReadonlySet<string> = new Set([
  '-name', '-iname', '-path', '-ipath', '-lname', '-ilname', '-regex', '-iregex', '-wholename', '-iwholename', '-samefile', '-newer', '-anewer',
  '-cnewer', '-mnewer', '-perm', '-user', '-group', '-uid', '-gid', '-size', '-type', '-xtype', '-fstype', '-inum', '-links', '-used', '-context',
  '-amin', '-cmin', '-mmin', '-atime', '-ctime', '-mtime', '-mindepth', '-maxdepth', '-printf', '-regextype', '-D', '-f', '-flags', '-Bnewer',
  '-Btime', '-Bmin', '-files0-from', '-xattrname',
]);
/** BSD find's option clusters ending in `-f` (a path follows) and `-D` (a debug option follows). */
const FIND_CLUSTER_VALUED = /^-(?:[EHLPXdsx]*D|f|[dsx]*[EHLPX][EHLPXdsx]*f)$/;
/** `-df`-style clusters: read differently by different finds, so they may hide an action. */
const FIND_AMBIGUOUS = /^-[dsx]+f$/;
/** awk, under any of its names. */
export const AWKS: ReadonlySet<string> = new Set(['awk', 'gawk', 'mawk', 'nawk']);
/** Builtins that evaluate their arguments as shell code or change how later words are read. */
export const EVALUATING: ReadonlySet<string> = new Set(['eval', 'source', '.', 'exec', 'nocorrect', 'fc', 'coproc', 'trap', 'enable', 'mapfile', 'readarray', 'hash', 'bind', 'complete', 'compgen', 'alias', 'let']);
/** Programs that start another program the agent does not see past (with any argument). */
export const STARTERS: ReadonlySet<string> = new Set(['watch', 'ionice', 'chrt', 'setsid', 'taskset', 'strace', 'ltrace', 'script', 'flock', 'unshare', 'nsenter', 'sandbox-exec']);

/** One program word list: values after quote removal, and which words were unquoted globs or computed. */
export interface ProgramWords {
  values: readonly string[];
  /** A word holds an unquoted `*`, `?` or `[` (bash may expand it into anything, a flag included). */
  unquotedGlob: readonly boolean[];
  /** A word's value is only known at run time (`$x`, `$(…)`). */
  computed: readonly boolean[];
}

/**
 * Why the agent will not let an allow rule approve this program with these arguments, or
 * undefined when nothing here stops it. `words` start at the program (wrappers already stripped).
 * @example programCheck({ values: ['find', '.', '-delete'], unquotedGlob: [false, false, false], computed: [false, false, false] }) // "find with '-delete' …"
 */
export function programCheck(words: ProgramWords, viaXargs = false): string | undefined {
  const [name, ...args] = words.values;
  if (name === undefined) return undefined;
  const base = name.slice(name.lastIndexOf('/') + 1);
  const glob = (i: number) => words.unquotedGlob[i + 1] === true;
  const computed = (i: number) => words.computed[i + 1] === true;
  if (viaXargs && (base === 'find' || base === 'jq')) return `what xargs adds to ${base} cannot be checked before it runs`;
  if (viaXargs && AWKS.has(base) && !awkHasProgram(args)) return `the program xargs gives ${base} cannot be checked before it runs`;
  if (EVALUATING.has(base)) return `\`${base}\` evaluates its arguments as shell code`;
  if (STARTERS.has(base) && args.length > 0) return `what \`${base}\` starts cannot be checked before it runs`;
  if (base === 'jq') {
    for (const a of args) {
      if (/\bsystem\s*\(/.test(a)) return 'jq command contains system() function which executes arbitrary commands';
      if (/\b(?:include|import)\b/.test(a)) return 'jq command contains include/import, which loads other .jq files';
    }
    if (args.some((a) => /^(?:-[A-Za-z]*[fL]|--(?:from-file|rawfile|slurpfile|library-path)(?:$|=))/.test(a))) return 'jq command contains dangerous flags that could execute code or read arbitrary files';
  }
  if (AWKS.has(base)) {
    if (args.some((_, i) => glob(i))) return 'awk command contains unquoted glob characters: could glob-expand to a planted program or flag';
    for (let i = 0; i < args.length; i++) {
      const why = awkProgramRisk(args[i]);
      if (why) return why;
      if (computed(i)) return 'awk is given text that cannot be checked before it runs';
    }
    if (args.some((a) => /^-[bcCghIkM-PrsStV]*[fEileDW]/.test(a) || /^--(?:fil|[eis]|lo|de)/.test(a))) return 'awk has an option that cannot be checked before it runs';
  }
  if (base === 'find') {
    if (args.some((_, i) => glob(i))) return 'find contains unquoted glob characters: could glob-expand to a dangerous action before find runs';
    let valueOf = false;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      const wasValue = valueOf;
      valueOf = false;
      if (FIND_ACTIONS.has(a)) return `find with '${a}' executes commands or modifies files: cannot be auto-allowed by a Bash(find:*) prefix rule`;
      if (FIND_AMBIGUOUS.test(a)) return `find option '${a}' is read differently by different versions of find: it could hide a following action`;
      if (!wasValue && FIND_CLUSTER_VALUED.test(a)) {
        valueOf = true;
        continue;
      }
      if (!wasValue && (FIND_VALUED.has(a) || /^-newer[aBcm][aBcmt]$/.test(a))) {
        i++;
        continue;
      }
      if (computed(i)) return 'find argument is computed at run time: it could be a dangerous action';
      if (/[[\]*?]/.test(a)) return `find argument '${a}' contains glob characters: it could expand to a dangerous action`;
    }
  }
  for (const a of args) if (a.includes('/proc/') && /\/proc\/.*\/environ/.test(a)) return 'reads /proc/*/environ, which may expose secrets';
  return undefined;
}

/**
 * Why an awk program text runs commands, loads code or opens sockets (gawk), or undefined.
 * @example awkProgramRisk('BEGIN { system("id") }') // 'awk program contains system() …'
 */
export function awkProgramRisk(text: string): string | undefined {
  if (/(?<![A-Za-z_])system[\s\\]*\(/.test(text)) return 'awk program contains system() which executes arbitrary commands';
  if (/(?:^|[^|])\|[^/|%";#{}]*"/.test(text) || /(?:^|[^|])\|&?[\s\\]*getline\b/.test(text)) return 'awk program contains a command pipe (| "cmd" or | getline) which executes arbitrary commands';
  if (/@[\s\\]*(?:load|include)\b|@[\s\\]*\w+(?:::\w+)?(?:\[[^\]]*\])*[\s\\]*\(/.test(text)) return 'awk program contains @load/@include or an @indirect call which can execute arbitrary code';
  if (/(?<![A-Za-z_])extension[\s\\]*\(/.test(text)) return 'awk program contains extension() which loads native code';
  if (/"\/inet[46]?\//.test(text)) return 'awk program opens a gawk /inet/ network socket';
  return undefined;
}

/** Whether awk's arguments name a program (an operand or `-f`/`-e`), so xargs only adds input files. */
function awkHasProgram(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return i + 1 < args.length;
    if (a === '-' || !a.startsWith('-')) return true;
    if (!a.includes('=') && /^(?:-[FvW]$|--(?:fie|a$|as))/.test(a)) i++;
  }
  return false;
}

/**
 * The words past the wrappers the agent's checks look through (`time`, `nohup`, `timeout D`,
 * `nice [-n N]`, `stdbuf -oL`, `env VAR=x`, `command`, `builtin`, `noglob`), as many as lead; an
 * option it does not know leaves the wrapper in place. `@anthropic-ai/claude-code` 2.1.332, the
 * wrapper strip before path validation.
 * @example pathWrapperLength(['env', 'A=1', 'cat', 'x']) // 2
 */
export function pathWrapperLength(words: readonly string[]): number {
  let i = 0;
  for (;;) {
    const w = words[i];
    if (w === undefined) return i;
    const name = w.slice(w.lastIndexOf('/') + 1);
    if (name === 'time' || name === 'nohup') {
      i += words[i + 1] === '--' ? 2 : 1;
    } else if (name === 'timeout') {
      let j = i + 1;
      while (j < words.length && words[j].startsWith('-')) {
        const o = words[j];
        if (o === '--foreground' || o === '--preserve-status' || o === '--verbose' || o === '-v' || /^--(?:kill-after|signal)=/.test(o) || /^-[ks].+$/.test(o)) j++;
        else if (o === '--kill-after' || o === '--signal' || o === '-k' || o === '-s') j += 2;
        else return i;
      }
      if (!/^\d+(?:\.\d+)?[smhd]?$/.test(words[j] ?? '')) return i;
      i = j + 1;
    } else if (name === 'nice') {
      if (words[i + 1] === '-n' && /^-?\d+$/.test(words[i + 2] ?? '')) i += words[i + 3] === '--' ? 4 : 3;
      else if (/^-\d+$/.test(words[i + 1] ?? '')) i += words[i + 2] === '--' ? 3 : 2;
      else i += words[i + 1] === '--' ? 2 : 1;
    } else if (name === 'stdbuf') {
      let j = i + 1;
      while (j < words.length) {
        const o = words[j];
        if (/^-[ioe]$/.test(o) && words[j + 1]) j += 2;
        else if (/^-[ioe]./.test(o) || /^--(?:input|output|error)=/.test(o)) j++;
        else if (o.startsWith('-')) return i;
        else break;
      }
      if (j === i + 1 || j >= words.length) return i;
      i = j;
    } else if (name === 'env') {
      let j = i + 1;
      while (j < words.length) {
        const o = words[j];
        if (o.includes('=') && !o.startsWith('-')) j++;
        else if (o === '-i' || o === '-0' || o === '-v') j++;
        else if (o === '-u' && words[j + 1]) j += 2;
        else if (o.startsWith('-')) return i;
        else break;
      }
      if (j >= words.length) return i;
      i = j;
    } else if (name === 'command') {
      let j = i + 1;
      while (words[j] !== undefined && /^-p+$/.test(words[j])) j++;
      if (words[j] === '--') j++;
      if (j >= words.length || words[j].startsWith('-')) return i;
      i = j;
    } else if (w === 'builtin') {
      const j = words[i + 1] === '--' ? i + 2 : i + 1;
      if (j >= words.length) return i;
      i = j;
    } else if (w === 'noglob') {
      if (i + 1 >= words.length) return i;
      i++;
    } else return i;
  }
}
