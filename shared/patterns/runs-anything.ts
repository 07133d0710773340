/**
 * Invocations that run code of the caller's choosing, shared by every dialect's
 * `allow-runs-anything` lint. Each witness is a plain command: single-spaced words, no quotes, no
 * shell control, so every dialect can judge it as one simple command. Which witnesses an allow
 * really admits is for each dialect's own matcher to prove; this table only proposes them.
 */

/** Why a program's invocations run arbitrary code, as messages phrase it. */
export type RunsAnythingKind = 'shell' | 'interpreter' | 'runner' | 'find' | 'git';

export const RUNS_ANYTHING_KINDS: Readonly<Record<RunsAnythingKind, string>> = {
  shell: 'a shell running a script',
  interpreter: 'an interpreter running a script or inline code',
  runner: 'a command that runs the command it is given',
  find: 'find running a command per file',
  git: 'git with a config override (a hook, pager or alias can run anything)',
};

export interface DangerousProgram {
  kind: RunsAnythingKind;
  /** Witness commands, the most telling first. */
  witnesses: readonly string[];
}

const shell = (p: string): DangerousProgram => ({ kind: 'shell', witnesses: [`${p} -c id`, `${p} -lc id`, `${p} ./payload.sh`] });
const runner = (...witnesses: string[]): DangerousProgram => ({ kind: 'runner', witnesses });
const interpreter = (...witnesses: string[]): DangerousProgram => ({ kind: 'interpreter', witnesses });

/** Per program name (the first word's base name), the witnesses that make it run anything. */
export const DANGEROUS_PROGRAMS: Readonly<Record<string, DangerousProgram>> = {
  bash: shell('bash'),
  sh: shell('sh'),
  zsh: shell('zsh'),
  dash: shell('dash'),
  ksh: shell('ksh'),
  fish: { kind: 'shell', witnesses: ['fish -c id', 'fish ./payload.fish'] },
  python: interpreter('python ./payload.py', 'python -c exit'),
  python3: interpreter('python3 ./payload.py', 'python3 -c exit'),
  node: interpreter('node ./payload.js', 'node -e 0', 'node --eval 0', 'node -p 0'),
  deno: interpreter('deno run -A ./payload.ts', 'deno eval 0'),
  bun: interpreter('bun ./payload.js', 'bun -e 0'),
  ruby: interpreter('ruby ./payload.rb', 'ruby -e 0'),
  perl: interpreter('perl ./payload.pl', 'perl -e 0'),
  php: interpreter('php ./payload.php', 'php -r 0'),
  env: runner('env sh ./payload.sh'),
  // `-a list` keeps xargs from being read as a bare wrapper the dialect strips before matching.
  xargs: runner('xargs -a list sh ./payload.sh', 'xargs sh ./payload.sh'),
  sudo: runner('sudo sh ./payload.sh'),
  doas: runner('doas sh ./payload.sh'),
  nohup: runner('nohup sh ./payload.sh'),
  timeout: runner('timeout 5 sh ./payload.sh'),
  nice: runner('nice sh ./payload.sh'),
  watch: runner('watch sh ./payload.sh'),
  eval: runner('eval ./payload.sh'),
  exec: runner('exec ./payload.sh'),
  find: { kind: 'find', witnesses: ['find . -exec ./payload.sh {} +', 'find . -execdir ./payload.sh {} +', 'find . -ok ./payload.sh {} +'] },
  git: { kind: 'git', witnesses: ['git -c core.fsmonitor=./payload.sh status', 'git --config-env=core.pager=PAGER log'] },
};

/** One proposed witness for a pattern: the command and why it runs anything. */
export interface RunsAnythingCandidate {
  command: string;
  kind: RunsAnythingKind;
  what: string;
}

const WILDCARD = /[*?]/;

/**
 * The witness commands worth trying against a command pattern (whitespace already normalized the
 * dialect's way): the table's witnesses for the program the pattern names — spelled with the
 * pattern's own path (`/usr/bin/python3`) — or every witness when the program itself is a
 * wildcard; each also with the literal text after the pattern's last `*` appended, so
 * `git * main` is tried with `… status main`. Nothing here is a claim: the caller proves each
 * candidate with its dialect's matcher.
 * @example runsAnythingCandidates('git * main').map((c) => c.command)[1] // 'git -c core.fsmonitor=./payload.sh status main'
 * @example runsAnythingCandidates('npm test *') // []
 */
export function runsAnythingCandidates(pattern: string): RunsAnythingCandidate[] {
  const first = pattern.split(' ')[0];
  const base = first.slice(first.lastIndexOf('/') + 1);
  const lastStar = pattern.lastIndexOf('*');
  const tail = lastStar >= 0 ? pattern.slice(lastStar + 1) : '';
  const out: RunsAnythingCandidate[] = [];
  const add = (command: string, p: DangerousProgram) => {
    const what = RUNS_ANYTHING_KINDS[p.kind];
    out.push({ command, kind: p.kind, what });
    if (tail && !command.endsWith(tail)) out.push({ command: command + tail, kind: p.kind, what });
  };
  if (WILDCARD.test(first)) {
    for (const p of Object.values(DANGEROUS_PROGRAMS)) for (const w of p.witnesses) add(w, p);
    return out;
  }
  const p = DANGEROUS_PROGRAMS[base];
  if (!p) return out;
  const prefix = first.slice(0, first.length - base.length);
  for (const w of p.witnesses) add(prefix + w, p);
  return out;
}
