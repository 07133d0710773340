import { CATALOG, programNamed } from './catalog';
import type { Capability, ProgramEntry } from './types';

/** One command to try against a rule: what it shows, and what else must be allowed for it to follow. */
export interface Probe {
  command: string;
  capability: Capability;
  program: ProgramEntry;
  /** Commands the consequence also needs allowed (already spelled with the rule's program). */
  followUp: string[];
}

const WILDCARD = /[*?]/;
/** Proposals per pattern at most: a wildcard program proposes the whole catalog. */
export const MAX_PROBES = 400;

/** Every capability's witnesses once, for patterns whose program is itself a wildcard. */
const EVERY: ReadonlyArray<readonly [ProgramEntry, Capability, string]> = CATALOG.flatMap((p) => p.capabilities.flatMap((c) => c.witnesses.map((w) => [p, c, w] as const)));

const spell = (template: string, program: string) => template.split('{P}').join(program);

interface SpelledWitness {
  program: ProgramEntry;
  capability: Capability;
  command: string;
  followUp: string[];
}

/**
 * `EVERY` spelled with each program's first name, made once, and by first character: a file holds
 * thousands of wildcard-program patterns, most with a literal start no witness shares.
 */
let everySpelled: { all: SpelledWitness[]; byFirst: Map<string, SpelledWitness[]> } | undefined;

/** The spelled witnesses that may start with `start`, in catalog order. */
function spelledEvery(start: string): readonly SpelledWitness[] {
  if (!everySpelled) {
    const all = EVERY.map(([program, capability, w]) => ({ program, capability, command: spell(w, program.names[0]), followUp: (capability.followUp ?? []).map((f) => spell(f, program.names[0])) }));
    const byFirst = new Map<string, SpelledWitness[]>();
    for (const e of all) {
      const list = byFirst.get(e.command.charAt(0));
      if (list) list.push(e);
      else byFirst.set(e.command.charAt(0), [e]);
    }
    everySpelled = { all, byFirst };
  }
  return start === '' ? everySpelled.all : (everySpelled.byFirst.get(start.charAt(0)) ?? []);
}

/** The quote a text leaves open (`'` or `"`), outside of the other kind and backslashes. */
function openQuote(text: string): '"' | "'" | undefined {
  let q: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q === "'") {
      if (c === "'") q = undefined;
    } else if (c === '\\') i++;
    else if (q === '"') {
      if (c === '"') q = undefined;
    } else if (c === '"' || c === "'") q = c;
  }
  return q;
}

/**
 * Commands worth trying against a command pattern (single-spaced words; `*` any text, `?` one
 * character): the knowledge base's witnesses for the program it names, spelled as the pattern
 * spells the program (`/usr/bin/python3`, `.venv/bin/python`), or every witness when the program
 * is a wildcard (`questionMark: false` for dialects where `?` is literal). Three completions reach patterns that fix more words: the literal text after the
 * last wildcard appended (`git * main`); words appended to the pattern's fixed words where the
 * program reads options anywhere (`make test*` → `make test '--eval=$(shell id)'`); and inline code
 * closing a quote the pattern opens after an interpreter's code flag (`python -c '*`). Nothing here
 * is a claim: the caller proves each command with its dialect's evaluator. `start`, text every
 * match must begin with, spares proposing commands the matcher would refuse.
 * @example probesFor('git * main').map((p) => p.command)[1] // 'git -c core.fsmonitor=id status main'
 * @example probesFor('ls *') // []
 */
export function probesFor(pattern: string, start = '', opts: { questionMark?: boolean } = {}): Probe[] {
  const out: Probe[] = [];
  const seen = new Set<string>();
  const wild = opts.questionMark === false ? /\*/ : WILDCARD;
  const first = pattern.split(' ')[0];
  const star = pattern.search(wild);
  const lastStar = Math.max(pattern.lastIndexOf('*'), opts.questionMark === false ? -1 : pattern.lastIndexOf('?'));
  const tail = lastStar >= 0 ? pattern.slice(lastStar + 1) : '';
  const add = (command: string, program: ProgramEntry, capability: Capability, spelled: string, known?: string[]) => {
    if (out.length >= MAX_PROBES || !command.startsWith(start)) return;
    const followUp = known ? [...known] : (capability.followUp ?? []).map((f) => spell(f, spelled));
    for (const c of tail && !command.endsWith(tail) ? [command, command + tail] : [command]) {
      if (seen.has(c)) continue;
      seen.add(c);
      out.push({ command: c, capability, program, followUp });
    }
  };
  if (wild.test(first)) {
    for (const e of spelledEvery(start)) add(e.command, e.program, e.capability, e.program.names[0], e.followUp);
    return out;
  }
  const base = first.slice(Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\')) + 1);
  const program = programNamed(base);
  if (!program) return out;
  const head = star >= 0 ? pattern.slice(0, star) : pattern;
  const quote = openQuote(head);
  const fixed = head.trimEnd().split(' ').slice(1);
  for (const c of program.capabilities) {
    for (const w of c.witnesses) add(spell(w, first), program, c, first);
    if (star < 0) continue;
    if (quote && c.inline && !c.inline.code.includes(quote)) {
      // The flag is the last word before the quote the pattern leaves open: close it with code
      // on its own line, so blanks the pattern puts before it are no indentation.
      const before = head.slice(0, head.lastIndexOf(quote)).trimEnd().split(' ');
      if (before.length >= 2 && c.inline.flags.includes(before[before.length - 1])) add(`${head}\n${c.inline.code}${quote}`, program, c, first);
    } else if (!quote && c.extend) {
      const args = c.extend(fixed);
      if (args !== undefined) add(`${head.trimEnd()} ${args}`, program, c, first);
    }
  }
  return out;
}
