import type { Capability, CauseGroup, Effect } from './types';

/** What every capability of one kind has in common. */
type Kind = Pick<Capability, 'group' | 'effect' | 'consequence'>;

/** @example kindOf('deletes', 'destroys', 'any file can be deleted').group // 'deletes' */
export const kindOf = (group: CauseGroup, effect: Effect, consequence: string): Kind => ({ group, effect, consequence });
const kind = kindOf;

/** Kinds shared by many programs. */
export const RUNS_CODE = kind('interpreter', 'runs-code', 'arbitrary code can run');
export const SHELL = kind('shell', 'runs-code', 'arbitrary code can run');
export const RUNNER = kind('runner', 'runs-code', 'any command can run');
export const ESCALATE = kind('escalate', 'escalates', 'any command can run as root');
export const PACKAGE = kind('package', 'runs-code', 'code downloaded from anywhere can run');
export const PROJECT = kind('project-code', 'runs-code', 'code the agent writes can run');
export const CONTAINER = kind('container', 'runs-code', 'any command can run with the host mounted');
export const REMOTE = kind('remote', 'runs-code', 'any command can run');
export const EXEC_FLAG = kind('exec-flag', 'runs-code', 'any command can run');
export const EDITOR = kind('editor', 'runs-code', 'any command can run');
export const SEND = kind('network-send', 'network', 'any file can be sent to any host');
export const WRITE_OUT = kind('writes-outside', 'writes-outside', 'files outside the project can be overwritten');
export const DELETES = kind('deletes', 'destroys', 'any file can be deleted');

/**
 * One capability: the kind, then its id, the words, the reason, the source and the witnesses.
 * @example cap(RUNS_CODE, 'python.inline', '-c CODE', 'runs the code given', 'python(1)', ["{P} -c 'import os'"])
 */
export function cap(k: Kind, id: string, via: string, reason: string, source: string, witnesses: readonly string[], more: Partial<Capability> = {}): Capability {
  return { ...k, id, via, reason, source, witnesses, ...more };
}

/**
 * Whether words can be appended after a rule's fixed words and still be read as options: the
 * fixed words end in an operand (not an option that may take the next word as its value), hold no
 * `--` (after which options are operands) and no quote (a word the pattern may leave open).
 * @example appendable(['test']) // true
 * @example appendable(['-o']) // false
 */
export function appendable(fixed: readonly string[]): boolean {
  if (fixed.some((w) => w === '--' || /['"\\]/.test(w))) return false;
  const last = fixed[fixed.length - 1];
  return last === undefined || (!last.startsWith('-') && !last.endsWith('='));
}

/** An `extend` that appends `args` wherever `appendable` allows (programs that parse options anywhere). */
export const anywhere = (args: string) => (fixed: readonly string[]) => (fixed.length > 0 && appendable(fixed) ? args : undefined);
