/**
 * Spellings of one command that a program runs identically, for `deny-narrower-than-it-looks`: a
 * deny that names one spelling and not the others is easy to step around. Every spelling here is
 * the same command to the program (reviewed against its manual); whether a deny still catches it
 * is for each dialect's evaluator to say.
 */

/** Programs every common system installs in /usr/bin: that absolute path names the same program. */
export const SYSTEM_PROGRAMS: ReadonlySet<string> = new Set(['rm', 'rmdir', 'mv', 'cp', 'ln', 'dd', 'chmod', 'chown', 'kill', 'pkill', 'curl', 'wget', 'git', 'ssh', 'scp', 'rsync', 'sudo', 'find', 'tar', 'shred', 'truncate']);

/**
 * Long options the same as a short one, per program (and sub-command, `git push`): `rm -r` is
 * `rm --recursive`. Only options whose long form takes no value.
 */
const LONG_FORMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  rm: { r: '--recursive', R: '--recursive', f: '--force', d: '--dir', v: '--verbose' },
  cp: { r: '--recursive', R: '--recursive', f: '--force' },
  mv: { f: '--force' },
  chmod: { R: '--recursive' },
  chown: { R: '--recursive' },
  'git push': { f: '--force' },
};

/**
 * Programs (and sub-commands) whose short options cluster POSIX-style, with the letters that take
 * no value: only a cluster of these letters may be reordered or split (`rm -rf` is `rm -fr`, but
 * `tar -xzf a` is not `tar -fzx a`, and `find -delete` is no cluster at all).
 */
const CLUSTERS: Readonly<Record<string, string>> = {
  rm: 'rRfdivI',
  cp: 'rRfaipvnlsuL',
  mv: 'fivnu',
  ln: 'sfnvT',
  mkdir: 'pv',
  chmod: 'Rvfc',
  chown: 'Rvfch',
  chgrp: 'Rvfch',
  'git clean': 'fdxXnqi',
  'git push': 'fuvqn',
  'git add': 'Afnvup',
  bash: 'lcieuxvsr',
  sh: 'lcieuxvs',
  zsh: 'lcieuxvs',
  dash: 'lcieuxvs',
};

/** The cluster letters a word list starts with, and how many words the program takes. */
function clusterOf(words: readonly string[]): { letters: string; at: number } | undefined {
  const two = `${words[0]} ${words[1] ?? ''}`;
  if (CLUSTERS[two]) return { letters: CLUSTERS[two], at: 2 };
  const base = words[0].slice(words[0].lastIndexOf('/') + 1);
  return CLUSTERS[base] ? { letters: CLUSTERS[base], at: 1 } : undefined;
}

/** How a spelling differs: shell-level spellings exist only where a shell reads the command. */
export type SpellingKind = 'flags' | 'long' | 'path' | 'shell';

export interface Spelling {
  command: string;
  kind: SpellingKind;
}

/** The key of `LONG_FORMS` a word list starts with, and how many words it takes. */
function longFormsOf(words: readonly string[]): { table: Readonly<Record<string, string>>; at: number } | undefined {
  const two = `${words[0]} ${words[1] ?? ''}`;
  if (LONG_FORMS[two]) return { table: LONG_FORMS[two], at: 2 };
  const base = words[0].slice(words[0].lastIndexOf('/') + 1);
  return LONG_FORMS[base] ? { table: LONG_FORMS[base], at: 1 } : undefined;
}

/**
 * Spellings of the same command (single-spaced words): combined short flags split or reordered
 * (for programs known to cluster them, and only flags that take no value), their long forms, the program by absolute path, and — where a shell reads the line — the program
 * behind a backslash or in quotes.
 * @example spellings('rm -rf x').map((s) => s.command) // ['rm -fr x', 'rm -r -f x', 'rm -f -r x', 'rm --recursive --force x', '/usr/bin/rm -rf x', '\\rm -rf x', "'rm' -rf x"]
 */
export function spellings(command: string, opts: { shell: boolean } = { shell: true }): Spelling[] {
  const words = command.split(' ');
  const [prog, ...args] = words;
  const out: Spelling[] = [];
  const put = (ws: string[], kind: SpellingKind) => {
    const c = ws.join(' ');
    if (c !== command && !out.some((o) => o.command === c)) out.push({ command: c, kind });
  };
  const long = longFormsOf(words);
  const cluster = clusterOf(words);
  const from = cluster ? cluster.at - 1 : 0;
  const at = cluster ? args.findIndex((w, i) => i >= from && /^-[A-Z]{2,}$/i.test(w) && [...w.slice(1)].every((l) => cluster.letters.includes(l))) : -1;
  if (at >= 0) {
    const letters = args[at].slice(1).split('');
    const swap = (repl: string[]) => [prog, ...args.slice(0, at), ...repl, ...args.slice(at + 1)];
    put(swap([`-${[...letters].reverse().join('')}`]), 'flags');
    put(swap(letters.map((l) => `-${l}`)), 'flags');
    put(swap([...letters].reverse().map((l) => `-${l}`)), 'flags');
    const longs = long ? letters.map((l) => long.table[l]) : [];
    if (longs.length && longs.every(Boolean)) put(swap([...new Set(longs)]), 'long');
  } else if (long && cluster) {
    // One short flag alone: its long form (`git push -f` → `git push --force`).
    const single = args.findIndex((w, i) => i >= from && /^-[A-Z]$/i.test(w) && long.table[w[1]] !== undefined);
    if (single >= 0) put([prog, ...args.slice(0, single), long.table[args[single][1]], ...args.slice(single + 1)], 'long');
  }
  if (!prog.includes('/')) {
    if (SYSTEM_PROGRAMS.has(prog)) put([`/usr/bin/${prog}`, ...args], 'path');
    if (opts.shell) {
      put([`\\${prog}`, ...args], 'shell');
      put([`'${prog}'`, ...args], 'shell');
    }
  }
  return out;
}
