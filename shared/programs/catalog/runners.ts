import { cap, CONTAINER, ESCALATE, EXEC_FLAG, PROJECT, REMOTE, RUNNER } from '../build';
import type { ProgramEntry } from '../types';

/** A program that runs the command named in its arguments; `lead` are the words before that command. */
function runner(names: string[], lead: string, source: string, witnesses: string[] = []): ProgramEntry {
  const at = lead ? `{P} ${lead}` : '{P}';
  return {
    names,
    anyArguments: true,
    capabilities: [
      cap(RUNNER, `${names[0]}.runs`, 'COMMAND…', 'runs the command named in its arguments', source, [...witnesses, `${at} sh -c id`]),
      // An agent that reads `sh -c` as opaque still judges a script file by its name alone.
      cap(PROJECT, `${names[0]}.script`, 'COMMAND FILE', 'runs the command named in its arguments, a script the agent writes too', source, [`${at} sh ./payload.sh`], { writes: 'payload.sh' }),
    ],
  };
}

const ON_ANOTHER_MACHINE = 'any command can run on another machine';

/** Runners, privilege escalation, containers and remote shells. */
export const RUNNERS: readonly ProgramEntry[] = [
  runner(['env'], '', 'env(1)'),
  // `-a FILE` keeps xargs from being read as a bare wrapper, which agents strip before matching.
  runner(['xargs'], '-a /dev/null', 'xargs(1): runs the command once even on empty input'),
  runner(['nohup'], '', 'nohup(1)'),
  runner(['timeout'], '5', 'timeout(1)'),
  runner(['time'], '', 'time(1)'),
  runner(['nice'], '', 'nice(1)'),
  runner(['setsid'], '', 'setsid(1)'),
  runner(['stdbuf'], '-o0', 'stdbuf(1)'),
  runner(['command'], '', 'command(1p)'),
  runner(['builtin', 'noglob'], '', 'bash/zsh builtins'),
  runner(['flock'], '/tmp/lock', 'flock(1)'),
  runner(['ionice'], '-c 3', 'ionice(1)'),
  runner(['taskset'], '-c 0', 'taskset(1)'),
  runner(['strace', 'ltrace'], '-o /dev/null', 'strace(1)'),
  runner(['unbuffer', 'chronic', 'caffeinate', 'torsocks', 'proxychains', 'proxychains4'], '', 'runs its arguments as a command'),
  runner(['busybox'], '', 'busybox(1): the sh applet'),
  runner(['parallel'], '', 'parallel(1)', ['{P} sh -c id ::: a']),
  runner(['watch'], '-n 60', 'watch(1): runs the command through sh -c'),
  { names: ['eval'], anyArguments: true, capabilities: [cap(RUNNER, 'eval.runs', 'TEXT', 'runs its arguments as shell code', 'bash(1): eval', ['{P} id'])] },
  { names: ['exec'], anyArguments: true, capabilities: [cap(RUNNER, 'exec.runs', 'COMMAND', 'replaces the shell with the command named', 'bash(1): exec', ['{P} sh -c id', '{P} id'])] },
  { names: ['script'], anyArguments: true, capabilities: [cap(RUNNER, 'script.runs', '-c COMMAND', 'script -c runs the command given', 'script(1): -c', ['{P} -qc id /dev/null'])] },
  { names: ['sudo', 'doas', 'pkexec'], anyArguments: true, capabilities: [cap(ESCALATE, 'sudo.runs', 'COMMAND…', 'runs the command named in its arguments as root', 'sudo(8)', ['{P} sh -c id', '{P} sh ./payload.sh'])] },
  { names: ['su'], anyArguments: true, capabilities: [cap(ESCALATE, 'su.runs', '-c COMMAND', 'su -c runs the command as another user, root by default', 'su(1): -c', ['{P} -c id'])] },
  {
    names: ['docker', 'podman', 'nerdctl'],
    capabilities: [
      cap(CONTAINER, 'docker.run', 'run -v /:/host IMAGE COMMAND', 'docker run starts any image with any command, and a bind mount hands it the host', 'docker run --help: -v', ['{P} run --rm -v /:/host alpine sh -c id', '{P} exec app sh -c id']),
    ],
  },
  { names: ['kubectl', 'oc'], capabilities: [cap({ ...REMOTE, consequence: ON_ANOTHER_MACHINE }, 'kubectl.exec', 'exec POD -- COMMAND', 'kubectl exec runs any command in a pod', 'kubectl exec --help', ['{P} exec app -- sh -c id'])] },
  {
    names: ['ssh'],
    capabilities: [
      cap(EXEC_FLAG, 'ssh.proxy', '-o ProxyCommand=COMMAND', 'ssh runs the ProxyCommand locally, through the shell, before it connects', 'ssh_config(5): ProxyCommand', ['{P} -o ProxyCommand=id host']),
      cap({ ...REMOTE, consequence: ON_ANOTHER_MACHINE }, 'ssh.remote', 'HOST COMMAND', 'ssh runs the command on the host', 'ssh(1)', ['{P} host id']),
    ],
  },
  { names: ['scp', 'sftp'], capabilities: [cap(EXEC_FLAG, 'scp.proxy', '-o ProxyCommand=COMMAND', 'the ProxyCommand runs locally, through the shell', 'ssh_config(5): ProxyCommand', ['{P} -o ProxyCommand=id a host:b'])] },
  { names: ['rsync'], capabilities: [cap(EXEC_FLAG, 'rsync.rsh', "-e 'COMMAND'", 'rsync -e runs the given command locally as its transport', 'rsync(1): -e, --rsh', ["{P} -e 'sh -c id' a host:b"])] },
  { names: ['adb'], capabilities: [cap({ ...REMOTE, consequence: ON_ANOTHER_MACHINE }, 'adb.shell', 'shell COMMAND', 'adb shell runs any command on the device', 'adb shell --help', ['{P} shell id'])] },
];
