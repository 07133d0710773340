/**
 * Requests a person recognises, for witness searches: a witness of a flip reads `git push origin
 * main`, not `git a`. One reviewed table for every dialect. Commands are plain words (no quotes,
 * no shell operators), so every dialect reads each as one simple command; which of them a rule
 * matches, and how each is decided, is for the dialect's own matcher and evaluator.
 */

/** Per program, the arguments it is commonly run with, the most telling first. */
export const REALISTIC_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  git: ['push origin main', 'status', 'commit -m wip', 'diff', 'log --oneline', 'add .', 'pull', 'fetch origin', 'checkout -b feature', 'reset --hard HEAD~1', 'push --force origin main', 'clean -fdx', 'rebase main', 'merge feature', 'stash', 'branch -D feature', 'tag v1.0.0', 'show HEAD', 'rm -r src', 'config user.email'],
  npm: ['install', 'test', 'run build', 'run lint', 'ci', 'publish', 'install left-pad', 'uninstall left-pad', 'audit fix', 'version patch', 'exec eslint'],
  npx: ['tsc --noEmit', 'eslint .', 'prettier --write .', 'create-react-app app'],
  pnpm: ['install', 'test', 'run build', 'publish'],
  yarn: ['install', 'test', 'build', 'publish'],
  node: ['index.js', 'scripts/build.js', '--version'],
  python: ['-m pytest', 'main.py', 'setup.py install', '--version'],
  python3: ['-m pytest', 'main.py', '-m http.server'],
  pip: ['install requests', 'install -r requirements.txt', 'uninstall requests', 'list'],
  pytest: ['-q', 'tests'],
  cargo: ['build', 'test', 'run', 'check', 'fmt', 'clippy', 'publish', 'install ripgrep'],
  go: ['build ./...', 'test ./...', 'run .', 'mod tidy', 'vet ./...', 'install ./cmd/tool'],
  make: ['build', 'test', 'install', 'clean', 'deploy', 'lint'],
  docker: ['ps', 'build .', 'compose up -d', 'run --rm ubuntu', 'push registry.example.com/app', 'system prune -af', 'rm web', 'exec web sh'],
  kubectl: ['get pods', 'apply -f deploy.yaml', 'delete pod web', 'logs web', 'exec web -- sh'],
  terraform: ['plan', 'apply', 'destroy', 'init'],
  gh: ['pr create', 'pr view', 'pr merge', 'issue list', 'repo delete', 'release create v1.0.0'],
  aws: ['s3 ls', 's3 cp build s3://bucket --recursive', 's3 rm s3://bucket --recursive'],
  rm: ['-rf build', 'file.txt', '-rf node_modules', '-rf /', '-rf ~', '-f .env'],
  mv: ['a.txt b.txt', 'src/old.ts src/new.ts'],
  cp: ['a.txt b.txt', '-r src backup'],
  cat: ['README.md', 'package.json', '.env', 'src/index.ts', '/etc/passwd'],
  ls: ['-la', 'src', '/'],
  head: ['README.md'],
  tail: ['-f app.log'],
  grep: ['-r TODO src', '-n main src/index.ts'],
  rg: ['TODO', 'main src'],
  find: ['. -name *.ts', '. -type f', '. -delete'],
  sed: ['-i s/a/b/ file.txt', '-n 1,10p README.md'],
  echo: ['hello', 'done'],
  touch: ['file.txt'],
  mkdir: ['-p build'],
  chmod: ['+x script.sh', '-R 777 /', '600 .env'],
  chown: ['-R user /srv'],
  curl: ['https://example.com', '-fsSL https://example.com/install.sh', '-X POST https://api.example.com/deploy'],
  wget: ['https://example.com/file.tar.gz'],
  ssh: ['user@example.com', 'deploy@prod.example.com'],
  scp: ['build.tar.gz user@example.com:/srv'],
  tar: ['-xzf archive.tar.gz', '-czf backup.tar.gz src'],
  sudo: ['apt-get install curl', 'rm -rf /var/log', 'systemctl restart nginx'],
  bash: ['script.sh', '-c ls'],
  sh: ['script.sh', '-c ls'],
  pwd: [''],
  whoami: [''],
  env: [''],
  date: [''],
  which: ['node'],
  tree: ['src'],
  diff: ['a.txt b.txt'],
  wc: ['-l README.md'],
  jq: ['. package.json'],
  tsc: ['--noEmit'],
  eslint: ['.', '--fix .'],
  prettier: ['--write .'],
  shutdown: ['now'],
  kill: ['-9 1234'],
  dd: ['if=/dev/zero of=/dev/sda'],
};

/**
 * Whole commands, program by program in the table's order, each program's arguments the most
 * telling first; the bare program follows its arguments.
 * @example realisticCommands().slice(0, 2) // ['git push origin main', 'git status']
 */
export function realisticCommands(): readonly string[] {
  return (COMMANDS ??= Object.entries(REALISTIC_ARGUMENTS).flatMap(([p, args]) => [...args.map((a) => (a ? `${p} ${a}` : p)), p]).filter((c, i, all) => all.indexOf(c) === i));
}
let COMMANDS: string[] | undefined;

/**
 * Commands for a wildcard that starts a pattern (`* push`): read-only ones among them, because an
 * agent may let a read-only command run where no rule decides, which is a class of its own.
 */
export const REALISTIC_LEADS: readonly string[] = ['git status', 'ls', 'cat README.md', 'npm run'];

/** Words for a wildcard standing for one argument (`git push *` → `git push origin main` comes from the table; these fill the rest). */
export const REALISTIC_WORDS: readonly string[] = ['main', 'build', 'src', 'test', 'file.txt', 'x'];

/** Files and folders people point tools at, relative to the project unless absolute or `~`. */
export const REALISTIC_PATHS: readonly string[] = [
  '.env',
  'src/index.ts',
  'README.md',
  'package.json',
  'secrets/api.key',
  'config/production.yml',
  '.git/config',
  'build/app.js',
  'docs/guide.md',
  '.env.local',
  'node_modules/lodash/index.js',
  '~/.ssh/id_rsa',
  '~/.aws/credentials',
  '/etc/passwd',
  '/tmp/scratch.txt',
];

/** Names for a wildcard standing for a file name (`secrets/*` → `secrets/api.key`). */
export const REALISTIC_FILE_NAMES: readonly string[] = ['api.key', 'index.ts', 'config.json', '.env', 'notes.md'];

/** Hosts people fetch from. */
export const REALISTIC_HOSTS: readonly string[] = ['github.com', 'example.com', 'api.github.com', 'registry.npmjs.org', 'raw.githubusercontent.com', 'docs.python.org', 'evil.example'];

/** Names for a wildcard in a host label (`*.example.com` → `api.example.com`). */
export const REALISTIC_SUBDOMAINS: readonly string[] = ['api', 'docs', 'www'];

/**
 * The realistic arguments of one program as word lists (`git` → `[['push', 'origin', 'main'], …]`).
 * @example realisticArgv('git')[0] // ['push', 'origin', 'main']
 */
export function realisticArgv(program: string): string[][] {
  return (REALISTIC_ARGUMENTS[program] ?? []).map((a) => a.split(' ').filter((w) => w !== ''));
}
