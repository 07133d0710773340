import { cap, kindOf } from '../build';
import type { ProgramEntry } from '../types';

const GIT_CONFIG = kindOf('git-config', 'runs-code', 'any command can run');
const GIT_CONFIG_WRITE = kindOf('git-config-write', 'runs-code', 'any command can run on the next git command');
const FORCE_PUSH = kindOf('git-force-push', 'destroys', "the remote branch's history can be overwritten");
const LOCAL_WORK = kindOf('deletes', 'destroys', 'uncommitted work can be lost');
const GH_CODE = kindOf('gh-code', 'runs-code', 'any command can run');
const GH_DESTROY = kindOf('gh-destroy', 'destroys', 'a repository can be deleted');

/** git and the GitHub CLI. */
export const VCS: readonly ProgramEntry[] = [
  {
    names: ['git'],
    capabilities: [
      cap(GIT_CONFIG, 'git.config-override', '-c core.fsmonitor=COMMAND', "-c sets config for one command: core.fsmonitor, aliases starting with ! and hooks paths run commands through the shell (--exec-path names where git finds the commands it runs)", 'git-config(1): core.fsmonitor; git(1): -c, --config-env, --exec-path', [
        '{P} -c core.fsmonitor=id status',
        '{P} -C . -c core.fsmonitor=id status',
        "{P} -c 'alias.x=!id' x",
        '{P} --git-dir=.git -c core.fsmonitor=id status',
      ], { marks: ['-c', '--config-env', '--exec-path'] }),
      cap(GIT_CONFIG_WRITE, 'git.config-write', 'config core.fsmonitor COMMAND', 'git config writes settings that later git commands run: core.fsmonitor runs on every git status', 'git-config(1): core.fsmonitor, core.hooksPath', ['{P} config core.fsmonitor id', "{P} config alias.x '!id'"]),
      cap(FORCE_PUSH, 'git.force-push', 'push --force', 'a forced push replaces the remote branch with the local one, dropping commits others pushed', 'git-push(1): --force', ['{P} push --force origin main', '{P} push -f origin main', '{P} push origin +main']),
      cap(LOCAL_WORK, 'git.discard', 'reset --hard, clean -fdx', 'reset --hard and clean -fdx discard uncommitted changes and untracked files', 'git-reset(1), git-clean(1)', ['{P} reset --hard', '{P} clean -fdx'], { minor: true }),
    ],
  },
  {
    names: ['gh'],
    capabilities: [
      cap(GH_CODE, 'gh.alias-shell', 'alias set --shell', 'gh alias set --shell defines a command gh runs through the shell', 'gh alias set --help: --shell', ['{P} alias set --shell x id'], { followUp: ['{P} x'] }),
      cap(GH_CODE, 'gh.extension', 'extension install REPO', 'gh extension install downloads an executable from any repository, which gh then runs', 'gh extension install --help', ['{P} extension install evil/gh-x'], { followUp: ['{P} x'] }),
      cap(GH_DESTROY, 'gh.repo-delete', 'repo delete --yes', 'gh repo delete removes a repository without asking under --yes', 'gh repo delete --help', ['{P} repo delete owner/repo --yes', '{P} api -X DELETE repos/owner/repo']),
    ],
  },
];
