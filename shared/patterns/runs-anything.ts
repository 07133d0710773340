/**
 * Invocations that run code of the caller's choosing, shared by every dialect's
 * `allow-runs-anything` lint. Each witness is a plain command: single-spaced words, no quotes, no
 * shell control, so every dialect can judge it as one simple command. Which witnesses an allow
 * really admits is for each dialect's own matcher to prove; this table only proposes them.
 */

/** Why a program's invocations run arbitrary code, as messages phrase it. */
export type RunsAnythingKind = 'shell' | 'interpreter' | 'runner' | 'package' | 'build' | 'container' | 'remote' | 'find' | 'git' | 'archive' | 'destroy';

export const RUNS_ANYTHING_KINDS: Readonly<Record<RunsAnythingKind, string>> = {
  shell: 'a shell running a script',
  interpreter: 'an interpreter running a script or inline code',
  runner: 'a command that runs the command it is given',
  package: 'a package runner or installer (it fetches and runs code, or runs scripts the agent can write)',
  build: 'a build tool running a build file the agent can write',
  container: 'a container or cluster command (a shell inside, with the host mounted)',
  remote: 'a remote-shell command (it runs a command there, or a local proxy command)',
  find: 'find running a command per file',
  git: 'git with a config override (a hook, pager or alias can run anything)',
  archive: 'an archiver that pipes entries to a command',
  destroy: 'a command that deletes any file',
};

export interface DangerousProgram {
  kind: RunsAnythingKind;
  /** Witness commands, the most telling first. */
  witnesses: readonly string[];
  /** Why this program is in the table (reviewed; shown in docs, not in messages). */
  reason: string;
}

const shell = (p: string): DangerousProgram => ({ kind: 'shell', witnesses: [`${p} -c id`, `${p} -lc id`, `${p} ./payload.sh`], reason: 'a shell runs any script it is given' });
const entry = (kind: RunsAnythingKind, reason: string, ...witnesses: string[]): DangerousProgram => ({ kind, witnesses, reason });
const interpreter = (reason: string, ...witnesses: string[]) => entry('interpreter', reason, ...witnesses);
const runner = (reason: string, ...witnesses: string[]) => entry('runner', reason, ...witnesses);

/**
 * Per program name (the first word's base name), the witnesses that make it run anything, each
 * with the reason it is here. One reviewed table for every dialect.
 */
export const DANGEROUS_PROGRAMS: Readonly<Record<string, DangerousProgram>> = {
  bash: shell('bash'),
  sh: shell('sh'),
  zsh: shell('zsh'),
  dash: shell('dash'),
  ksh: shell('ksh'),
  fish: { kind: 'shell', witnesses: ['fish -c id', 'fish ./payload.fish'], reason: 'a shell runs any script it is given' },
  pwsh: entry('shell', 'PowerShell runs any script file or -Command text', 'pwsh -File ./payload.ps1', 'pwsh -Command id'),
  powershell: entry('shell', 'PowerShell runs any script file or -Command text', 'powershell -File ./payload.ps1', 'powershell -Command id'),
  cmd: entry('shell', 'cmd /c runs any command line', 'cmd /c payload.bat'),
  python: interpreter('runs any script or -c code', 'python ./payload.py', 'python -c exit'),
  python3: interpreter('runs any script or -c code', 'python3 ./payload.py', 'python3 -c exit'),
  node: interpreter('runs any script or -e code', 'node ./payload.js', 'node -e 0', 'node --eval 0', 'node -p 0'),
  deno: interpreter('runs any script or eval code', 'deno run -A ./payload.ts', 'deno eval 0'),
  bun: interpreter('runs any script, package binary or -e code', 'bun ./payload.js', 'bun -e 0', 'bun x evil-package'),
  tsx: interpreter('runs any TypeScript file', 'tsx ./payload.ts'),
  'ts-node': interpreter('runs any TypeScript file', 'ts-node ./payload.ts'),
  ruby: interpreter('runs any script or -e code', 'ruby ./payload.rb', 'ruby -e 0'),
  perl: interpreter('runs any script or -e code', 'perl ./payload.pl', 'perl -e 0'),
  php: interpreter('runs any script or -r code', 'php ./payload.php', 'php -r 0'),
  lua: interpreter('runs any script or -e code', 'lua ./payload.lua', 'lua -e 0'),
  Rscript: interpreter('runs any script or -e code', 'Rscript ./payload.R', 'Rscript -e 0'),
  osascript: interpreter('runs any AppleScript, which can do shell script', 'osascript ./payload.scpt'),
  awk: interpreter('an awk program calls system() and pipes to commands', 'awk -f ./payload.awk', 'awk -f ./payload.awk input'),
  gawk: interpreter('an awk program calls system() and pipes to commands', 'gawk -f ./payload.awk'),
  sed: interpreter('GNU sed runs shell commands with its e command and e flag', 'sed -f ./payload.sed input', 'sed -n -f ./payload.sed input'),
  env: runner('runs the command named in its arguments', 'env sh ./payload.sh'),
  // `-a list` keeps xargs from being read as a bare wrapper the dialect strips before matching.
  xargs: runner('runs the command named in its arguments', 'xargs -a list sh ./payload.sh', 'xargs sh ./payload.sh'),
  sudo: runner('runs the command named in its arguments, as root', 'sudo sh ./payload.sh'),
  doas: runner('runs the command named in its arguments, as root', 'doas sh ./payload.sh'),
  nohup: runner('runs the command named in its arguments', 'nohup sh ./payload.sh'),
  timeout: runner('runs the command named in its arguments', 'timeout 5 sh ./payload.sh'),
  time: runner('runs the command named in its arguments', 'time sh ./payload.sh'),
  nice: runner('runs the command named in its arguments', 'nice sh ./payload.sh'),
  setsid: runner('runs the command named in its arguments', 'setsid sh ./payload.sh'),
  stdbuf: runner('runs the command named in its arguments', 'stdbuf -o0 sh ./payload.sh'),
  watch: runner('runs the command named in its arguments', 'watch sh ./payload.sh'),
  eval: runner('runs its arguments as shell code', 'eval ./payload.sh'),
  exec: runner('runs the command named in its arguments', 'exec ./payload.sh'),
  command: runner('runs the command named in its arguments', 'command sh ./payload.sh'),
  parallel: runner('runs the command named in its arguments', 'parallel sh ./payload.sh ::: a'),
  npx: entry('package', 'downloads and runs any package', 'npx -y evil-package', 'npx ./payload'),
  bunx: entry('package', 'downloads and runs any package', 'bunx evil-package'),
  pnpx: entry('package', 'downloads and runs any package', 'pnpx evil-package'),
  npm: entry('package', 'npm exec runs any package; npm run runs scripts the agent can write; installs run lifecycle scripts', 'npm exec evil-package', 'npm run payload', 'npm install evil-package'),
  pnpm: entry('package', 'pnpm dlx runs any package; pnpm run runs scripts the agent can write', 'pnpm dlx evil-package', 'pnpm run payload'),
  yarn: entry('package', 'yarn dlx runs any package; yarn run runs scripts the agent can write', 'yarn dlx evil-package', 'yarn run payload'),
  uv: entry('package', 'uv run runs any script or tool', 'uv run ./payload.py', 'uv run python -c exit'),
  uvx: entry('package', 'downloads and runs any tool', 'uvx evil-package'),
  pipx: entry('package', 'pipx run downloads and runs any tool', 'pipx run evil-package'),
  pip: entry('package', 'installing a source package runs its build code', 'pip install ./payload'),
  cargo: entry('build', 'cargo run/build runs build scripts and code the agent can write', 'cargo run --manifest-path ./payload/Cargo.toml'),
  go: entry('build', 'go run compiles and runs any file', 'go run ./payload.go'),
  make: entry('build', 'make runs the recipes of any makefile', 'make -f ./payload.mk', 'make --eval=x'),
  just: entry('build', 'just runs the recipes of any justfile', 'just --justfile ./payload.just'),
  docker: entry('container', 'docker run starts any image with any command and can mount the host', 'docker run -v /:/host alpine sh', 'docker exec app sh'),
  podman: entry('container', 'podman run starts any image with any command and can mount the host', 'podman run -v /:/host alpine sh'),
  kubectl: entry('container', 'kubectl exec runs any command in a pod', 'kubectl exec app -- sh'),
  ssh: entry('remote', 'ssh runs any command on the host, and -o ProxyCommand runs a local one', 'ssh host sh ./payload.sh', 'ssh -o ProxyCommand=./payload.sh host'),
  scp: entry('remote', 'scp -o ProxyCommand runs a local command', 'scp -o ProxyCommand=./payload.sh a host:b'),
  rsync: entry('remote', 'rsync -e runs a local command as its transport', 'rsync -e ./payload.sh a host:b'),
  find: { kind: 'find', witnesses: ['find . -exec ./payload.sh {} +', 'find . -execdir ./payload.sh {} +', 'find . -ok ./payload.sh {} +'], reason: '-exec, -execdir and -ok run any command' },
  git: { kind: 'git', witnesses: ['git -c core.fsmonitor=./payload.sh status', 'git --config-env=core.pager=PAGER log'], reason: '-c and --config-env set hooks, pagers and aliases that run commands' },
  tar: entry('archive', '--to-command and --checkpoint-action=exec run commands', 'tar -xf a.tar --to-command=./payload.sh'),
  rm: entry('destroy', 'deletes any file, recursively and without asking', 'rm -rf ~', 'rm -rf .', 'rm -rf src'),
};

/** One proposed witness for a pattern: the command and why it runs anything. */
export interface RunsAnythingCandidate {
  command: string;
  kind: RunsAnythingKind;
  what: string;
}

const WILDCARD = /[*?]/;

/** Every program's witnesses, listed once: a wildcard first word proposes them all, for each of a file's rules. */
const EVERY_WITNESS: ReadonlyArray<readonly [string, DangerousProgram]> = Object.values(DANGEROUS_PROGRAMS).flatMap((p) => p.witnesses.map((w) => [w, p] as const));

/**
 * The witness commands worth trying against a command pattern (whitespace already normalized the
 * dialect's way): the table's witnesses for the program the pattern names — spelled with the
 * pattern's own path (`/usr/bin/python3`) — or every witness when the program itself is a
 * wildcard; each also with the literal text after the pattern's last `*` appended, so
 * `git * main` is tried with `… status main`. Nothing here is a claim: the caller proves each
 * candidate with its dialect's matcher; `start`, text every string its matcher admits begins with,
 * only spares proposing commands it would refuse.
 * @example runsAnythingCandidates('git * main').map((c) => c.command)[1] // 'git -c core.fsmonitor=./payload.sh status main'
 * @example runsAnythingCandidates('npm test *') // []
 */
export function runsAnythingCandidates(pattern: string, start = ''): RunsAnythingCandidate[] {
  const first = pattern.split(' ')[0];
  const base = first.slice(first.lastIndexOf('/') + 1);
  const lastStar = pattern.lastIndexOf('*');
  const tail = lastStar >= 0 ? pattern.slice(lastStar + 1) : '';
  const out: RunsAnythingCandidate[] = [];
  const add = (command: string, p: DangerousProgram) => {
    // A command the caller's matcher is sure to refuse (it does not start as every match must) is not proposed.
    if (!command.startsWith(start)) return;
    const what = RUNS_ANYTHING_KINDS[p.kind];
    out.push({ command, kind: p.kind, what });
    if (tail && !command.endsWith(tail)) out.push({ command: command + tail, kind: p.kind, what });
  };
  if (WILDCARD.test(first)) {
    for (let i = 0; i < EVERY_WITNESS.length; i++) add(EVERY_WITNESS[i][0], EVERY_WITNESS[i][1]);
    return out;
  }
  const p = DANGEROUS_PROGRAMS[base];
  if (!p) return out;
  const prefix = first.slice(0, first.length - base.length);
  for (const w of p.witnesses) add(prefix + w, p);
  return out;
}

/**
 * How loud an `allow-runs-anything` finding for this witness is: a warning when the command runs
 * code by itself, information when it first needs a file the agent must write (a makefile, a
 * package.json script, a local package) — writing it is a separate, checked permission.
 * @example runsAnythingSeverity({ command: 'make -f ./payload.mk', kind: 'build', what: '' }) // 'information'
 */
export function runsAnythingSeverity(c: RunsAnythingCandidate): 'warning' | 'information' {
  return c.kind === 'build' || (c.kind === 'package' && /(?:^| )(?:run|install) \.?\/?payload\b/.test(c.command)) ? 'information' : 'warning';
}

/**
 * The strongest of the admitted witnesses: one that runs code by itself when there is one.
 * @example strongestWitness([npmRun, npmExec]) // npmExec
 */
export function strongestWitness<C extends RunsAnythingCandidate>(admitted: readonly C[]): C | undefined {
  return admitted.find((c) => runsAnythingSeverity(c) === 'warning') ?? admitted[0];
}

/**
 * What an allow admitting the candidate lets the agent do, for headlines: arbitrary code, except
 * for the destroy entries (`rm`), which delete any file but run nothing.
 * @example allowsWhat({ command: 'rm -rf ~', kind: 'destroy', what: '' }) // 'deleting any file'
 */
export function allowsWhat(c: Pick<RunsAnythingCandidate, 'kind'>): { noun: string; verb: string } {
  return c.kind === 'destroy' ? { noun: 'deleting any file', verb: 'delete any file' } : { noun: 'arbitrary code', verb: 'run arbitrary code' };
}
