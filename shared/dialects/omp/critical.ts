import { scanSegments, type Segment } from './segments';

/**
 * The agent's "critical" heuristics, rewritten as word checks over the segment scanner plus a few
 * regular expressions whose every quantifier is bounded by a literal on both sides, so the check
 * stays linear on hostile input. A critical hit does not always make things stricter (in yolo it
 * replaces a selected prompt by an override that yolo ignores), so precision matters both ways.
 */

export interface CriticalClass {
  id: string;
  /** What the class catches, for traces and docs. */
  title: string;
}

export interface CriticalHit extends CriticalClass {
  /** The segment or text that matched. */
  evidence: string;
}

/** Wrappers skipped to find the real command word (`sudo rm` is still `rm`). */
const WRAPPERS = new Set(['sudo', 'doas', 'command', 'exec', 'nohup', 'time', 'nice', 'env']);
/** Shells whose `-c` argument is itself a command line worth scanning. */
const SHELLS = new Set(['bash', 'sh', 'zsh', 'fish', 'dash', 'ksh']);
/** How deep `sh -c '…'` / `eval '…'` arguments are re-scanned. */
export const MAX_NESTED_SCANS = 2;
const ENV_ASSIGNMENT = /^[A-Z_]\w*=/i;

const FORK_BOMB = /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:/;
const DISK_WRITE = /(?:>|\bof=)\s*\/dev\/sd[a-z]/i;
const SYSTEM_FILE_WRITE = />\s*\/etc\/(?:passwd|shadow|sudoers)\b/i;
const SYSTEM_FILE = /^\/etc\/(?:passwd|shadow|sudoers)$/i;
const PROCESS_SUBSTITUTION_FETCH = /(?:^|[\s;&|])(?:bash|sh|zsh|source|\.)\s+<\(\s*(?:curl|wget|fetch)\b/i;
const EVAL_FETCH = /\beval\s+["']?(?:\$\(|`)\s*(?:curl|wget|fetch)\b/i;
const OCTAL_MODE = /^[0-7]{3,4}$/;
const SYMBOLIC_MODE = /^[ugoa]*[-+=][rwxXst]*(?:,[ugoa]*[-+=][rwxXst]*)*$/;

export const CRITICAL_CLASSES: readonly CriticalClass[] = [
  { id: 'rm-absolute', title: 'recursive or forced rm on an absolute path' },
  { id: 'rm-no-preserve-root', title: 'rm --no-preserve-root' },
  { id: 'sudo-rm', title: 'sudo rm' },
  { id: 'chmod-recursive-root', title: 'chmod -R <mode> /…' },
  { id: 'chown-recursive-root', title: 'chown -R <owner> /…' },
  { id: 'fork-bomb', title: 'the :(){ :|:& };: fork bomb' },
  { id: 'disk-write', title: 'writing to a /dev/sd? disk' },
  { id: 'mkfs', title: 'mkfs (formatting a file system)' },
  { id: 'dd-device', title: 'dd if=… of=/dev/…' },
  { id: 'shred-device', title: 'shred /dev/…' },
  { id: 'cryptsetup', title: 'cryptsetup' },
  { id: 'system-file-write', title: 'writing or tee to /etc/passwd, /etc/shadow or /etc/sudoers' },
  { id: 'fetch-pipe-shell', title: 'curl/wget/fetch piped into a shell' },
  { id: 'shell-process-substitution', title: 'a shell or source reading <(curl …)' },
  { id: 'eval-fetch', title: 'eval of a downloaded script' },
  { id: 'kill-init', title: 'kill -9 1' },
  { id: 'power', title: 'shutdown, poweroff, reboot, halt or init 0' },
  { id: 'netcat-exec', title: 'nc -e / nc -c (a remote shell)' },
];

const byId = new Map(CRITICAL_CLASSES.map((c) => [c.id, c]));
function hit(id: string, evidence: string): CriticalHit {
  return { ...byId.get(id)!, evidence };
}

/** The command word of a segment (wrappers, their options and `X=y` skipped) and the words after it. */
function commandOf(tokens: string[]): { cmd: string; args: string[]; wrapped: string[] } {
  let i = 0;
  const wrapped: string[] = [];
  while (i < tokens.length) {
    const t = tokens[i];
    const base = t.slice(t.lastIndexOf('/') + 1);
    if (ENV_ASSIGNMENT.test(t)) i++;
    else if (WRAPPERS.has(base.toLowerCase())) {
      wrapped.push(base.toLowerCase());
      i++;
      while (i < tokens.length && tokens[i].startsWith('-')) i++;
    } else break;
  }
  const word = tokens[i] ?? '';
  return { cmd: word.slice(word.lastIndexOf('/') + 1), args: tokens.slice(i + 1), wrapped };
}

const isShortCluster = (w: string) => /^-[A-Z]+$/i.test(w);

function rmHit(args: string[], wrapped: string[], evidence: string): CriticalHit | null {
  if (wrapped.includes('sudo')) return hit('sudo-rm', evidence);
  const lower = args.map((a) => a.toLowerCase());
  if (lower.includes('--no-preserve-root')) return hit('rm-no-preserve-root', evidence);
  const forceful = lower.some((a) => a === '--recursive' || a === '--force' || (isShortCluster(a) && /[rf]/.test(a)));
  const absolute = args.some((a) => a.startsWith('/'));
  return forceful && absolute ? hit('rm-absolute', evidence) : null;
}

function recursiveOwnership(cmd: string, args: string[], evidence: string): CriticalHit | null {
  const lowerCmd = cmd.toLowerCase();
  const recursive = (caseSensitive: boolean) =>
    args.some((a) => a === '--recursive' || (isShortCluster(a) && (caseSensitive ? a.includes('R') : /r/i.test(a))));
  const rooted = args.some((a) => a.startsWith('/'));
  if (!rooted) return null;
  const operands = args.filter((a) => !a.startsWith('-'));
  if (lowerCmd === 'chmod') {
    if (recursive(false) && operands.some((a) => OCTAL_MODE.test(a))) return hit('chmod-recursive-root', evidence);
    // Symbolic modes are matched case-sensitively, as the agent does.
    if (cmd === 'chmod' && recursive(true) && operands.some((a) => SYMBOLIC_MODE.test(a))) return hit('chmod-recursive-root', evidence);
  }
  if (lowerCmd === 'chown' && recursive(false) && operands.some((a) => !a.startsWith('/'))) return hit('chown-recursive-root', evidence);
  return null;
}

/** Checks that look at one segment's command word and arguments. */
function segmentHit(seg: Segment, prev: Segment | undefined, depth: number): CriticalHit | null {
  const { cmd, args, wrapped } = commandOf(seg.tokens);
  const lower = cmd.toLowerCase();
  const lowerArgs = args.map((a) => a.toLowerCase());
  const evidence = seg.text;
  if (lower === 'rm') return rmHit(args, wrapped, evidence);
  const own = recursiveOwnership(cmd, args, evidence);
  if (own) return own;
  if (lower === 'mkfs' || lower.startsWith('mkfs.')) return hit('mkfs', evidence);
  if (lower === 'dd' && lowerArgs.some((a) => a.startsWith('of=/dev/')) && lowerArgs.some((a) => a.startsWith('if='))) return hit('dd-device', evidence);
  if (lower === 'shred' && args.some((a) => a.startsWith('/dev/'))) return hit('shred-device', evidence);
  if (lower === 'cryptsetup') return hit('cryptsetup', evidence);
  if (lower === 'tee' && args.some((a) => SYSTEM_FILE.test(a))) return hit('system-file-write', evidence);
  if (cmd === 'kill' && args.includes('-9') && args.includes('1')) return hit('kill-init', evidence);
  if (['shutdown', 'poweroff', 'reboot', 'halt'].includes(lower)) return hit('power', evidence);
  if (lower === 'init' && args[0] === '0') return hit('power', evidence);
  if (['nc', 'ncat', 'netcat'].includes(lower) && args.some((a) => isShortCluster(a) && /[ec]/i.test(a.slice(1)))) return hit('netcat-exec', evidence);
  if (SHELLS.has(lower) && prev && seg.before === '|' && ['curl', 'wget', 'fetch'].includes(commandOf(prev.tokens).cmd.toLowerCase())) {
    return hit('fetch-pipe-shell', `${prev.text} | ${seg.text}`);
  }
  if (depth < MAX_NESTED_SCANS) {
    // `bash -c '…'` and `eval '…'` run their argument: scan it as a command line of its own.
    const flag = SHELLS.has(lower) ? args.findIndex((a) => /^-[A-Za-z]*c$/.test(a)) : -1;
    const codeArg = lower === 'eval' ? args.join(' ') : flag >= 0 ? args[flag + 1] : undefined;
    if (codeArg) {
      const inner = scan(codeArg, depth + 1);
      if (inner) return inner;
    }
  }
  return null;
}

function scan(command: string, depth: number): CriticalHit | null {
  if (FORK_BOMB.test(command)) return hit('fork-bomb', ':(){ :|:');
  if (DISK_WRITE.test(command)) return hit('disk-write', command.match(DISK_WRITE)![0]);
  if (SYSTEM_FILE_WRITE.test(command)) return hit('system-file-write', command.match(SYSTEM_FILE_WRITE)![0]);
  if (PROCESS_SUBSTITUTION_FETCH.test(command)) return hit('shell-process-substitution', command.match(PROCESS_SUBSTITUTION_FETCH)![0].trim());
  if (EVAL_FETCH.test(command)) return hit('eval-fetch', command.match(EVAL_FETCH)![0]);
  const segments = scanSegments(command);
  for (let i = 0; i < segments.length; i++) {
    const h = segmentHit(segments[i], segments[i - 1], depth);
    if (h) return h;
  }
  return null;
}

/**
 * The critical class a raw command falls in, or null. Never runs anything.
 * @example criticalHit('chmod -R 700 /srv')?.id // 'chmod-recursive-root'
 * @example criticalHit('npm run reboot-tests') // null
 */
export function criticalHit(command: string): CriticalHit | null {
  return scan(command, 0);
}
