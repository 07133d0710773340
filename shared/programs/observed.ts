import { programNamed } from './catalog';
import type { ProgramEntry } from './types';

/** The knowledge base's entry for a command's first word, by its base name (`/usr/bin/python3` → python). */
function entryOf(program: string): ProgramEntry | undefined {
  return programNamed(program.slice(Math.max(program.lastIndexOf('/'), program.lastIndexOf('\\')) + 1));
}

/** Whether a word is a mark at work: the mark itself, its `=` value form, or a short flag glued to its value (`-cx=y`). */
function isMark(word: string, mark: string): boolean {
  if (word === mark || word.startsWith(`${mark}=`)) return true;
  return /^-[a-z]$/i.test(mark) && word.startsWith(mark);
}

/**
 * Whether open arguments after this program can run code the caller chooses (a shell, an
 * interpreter, a runner, sudo, find): a rule or suggestion that leaves them open grants that.
 * @example opensToCode('/usr/bin/python3') // true
 * @example opensToCode('npm') // false
 */
export function opensToCode(program: string): boolean {
  return entryOf(program)?.anyArguments === true;
}

/**
 * Whether an observed simple command (whitespace-separated words) runs code of the caller's
 * choosing as written: its program opens to code whatever its arguments, or a word of it is the
 * mark of a capability that runs code (`git -c core.pager=x log`).
 * @example runsChosenCode('python3 scripts/gen.py') // true
 * @example runsChosenCode('git -c core.pager=x log') // true
 * @example runsChosenCode('git log') // false
 */
export function runsChosenCode(command: string): boolean {
  const [first = '', ...args] = command.trim().split(/\s+/);
  const entry = entryOf(first);
  if (!entry) return false;
  if (entry.anyArguments) return true;
  return entry.capabilities.some((c) => (c.effect === 'runs-code' || c.effect === 'escalates') && (c.marks ?? []).some((m) => args.some((w) => isMark(w, m))));
}
