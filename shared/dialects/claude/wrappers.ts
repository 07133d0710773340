/**
 * Command prefixes that only change how the next command runs. An allow is judged on the command
 * with these stripped; deny/ask additionally look past the looser wrappers (`sudo`, `env`, `xargs`
 * with options, `find -exec`) so a deny cannot be dodged by prefixing.
 */

interface WrapperSpec {
  /** Options that take the following word as their value. */
  withArg: readonly string[];
  /** Options without a value. */
  flags: readonly string[];
  /** Plain words consumed after the options (timeout's DURATION). */
  positional: number;
  /** Options that turn the wrapper into something else (`command -v` only looks a name up). */
  notWrapper?: readonly string[];
  /** Stripped only when followed directly by the command (bare `xargs`). */
  bareOnly?: boolean;
}

/**
 * The wrappers the agent strips before matching an allow, with the options each accepts. The real
 * CLI (2.1.328) strips `command`, `builtin` and `noglob` too: `command touch x` is allowed by
 * `Bash(touch:*)` (test/differential/claude.diff.ts regression cases).
 */
export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  timeout: { withArg: ['-s', '--signal', '-k', '--kill-after'], flags: ['--preserve-status', '--foreground', '-v', '--verbose'], positional: 1 },
  time: { withArg: [], flags: ['-p'], positional: 0 },
  nice: { withArg: ['-n', '--adjustment'], flags: [], positional: 0 },
  nohup: { withArg: [], flags: [], positional: 0 },
  stdbuf: { withArg: ['-i', '-o', '-e', '--input', '--output', '--error'], flags: [], positional: 0 },
  command: { withArg: [], flags: ['-p'], positional: 0, notWrapper: ['-v', '-V'] },
  builtin: { withArg: [], flags: [], positional: 0 },
  noglob: { withArg: [], flags: [], positional: 0 },
  xargs: { withArg: [], flags: [], positional: 0, bareOnly: true },
};

/** Prefixes a deny/ask looks past: any suffix after them may be the real command (`sudo -u x rm`, `bash -c "rm …"`). */
export const LOOSE_WRAPPERS: readonly string[] = ['sudo', 'doas', 'env', 'exec', 'xargs', 'nice', 'ionice', 'setsid', 'timeout', 'stdbuf', 'nohup', 'time', 'command', 'builtin', 'noglob', 'watch', 'caffeinate', 'chronic', 'coproc', 'eval', 'sh', 'bash', 'zsh', 'dash', 'ksh', 'unbuffer', 'flock', 'chroot', 'nsenter', 'unshare', 'runuser', 'su', 'taskset', 'chrt', 'firejail', 'proxychains', 'torsocks', 'strace', 'ltrace'];
/** Arguments after which the rest of the word list is another command (`find … -exec rm {} ;`). */
export const EXEC_FLAGS: readonly string[] = ['-exec', '-execdir', '-ok', '-okdir'];
/** How many extra deny views one sub-command may produce; beyond it the rest is ignored (never an allow). */
export const MAX_LOOSE_VIEWS = 64;

/** Options like `-n10`, `--signal=KILL`, `-oL`, `-10` that carry their value inside the word. */
function isInlineValueOption(word: string, spec: WrapperSpec): boolean {
  if (/^-\d+$/.test(word)) return spec.withArg.includes('-n');
  return spec.withArg.some((o) => (o.startsWith('--') ? word.startsWith(o + '=') : word.startsWith(o) && word.length > o.length));
}

/**
 * How many leading words are wrappers (with their own options) by the agent's strict reading; an
 * option it does not know stops stripping, so an allow never matches past something unexpected.
 * @example strictWrapperLength(['timeout', '5', 'npm', 'test']) // 2
 */
export function strictWrapperLength(words: readonly string[]): number {
  let i = 0;
  outer: while (i < words.length) {
    const spec = WRAPPERS[words[i]];
    if (!spec) break;
    let j = i + 1;
    if (spec.bareOnly) {
      if (j >= words.length || words[j].startsWith('-')) break;
      i = j;
      continue;
    }
    while (j < words.length && words[j].startsWith('-') && words[j] !== '-') {
      const w = words[j];
      if (spec.notWrapper?.includes(w)) break outer;
      if (w === '--') {
        j++;
        break;
      }
      if (spec.withArg.includes(w)) j += 2;
      else if (spec.flags.includes(w) || isInlineValueOption(w, spec)) j += 1;
      else break outer;
    }
    for (let p = 0; p < spec.positional; p++) {
      if (j >= words.length) break outer;
      j++;
    }
    if (j >= words.length) break;
    i = j;
  }
  return i;
}

/**
 * Start offsets of every word list a deny/ask should also be matched against: each suffix after a
 * loose wrapper at the front, and after each `-exec`-style flag.
 * @example looseStarts(['sudo', '-u', 'x', 'rm', 'a']) // [1, 2, 3, 4]
 */
export function looseStarts(words: readonly string[]): number[] {
  const out = new Set<number>();
  if (words.length > 1 && LOOSE_WRAPPERS.includes(words[0])) for (let i = 1; i < words.length; i++) out.add(i);
  words.forEach((w, i) => {
    if (EXEC_FLAGS.includes(w)) for (let k = i + 1; k < words.length; k++) out.add(k);
  });
  return [...out].slice(0, MAX_LOOSE_VIEWS);
}
