import type { Deadline } from '../analysis/budget';
import type { TraceSection, Verdict } from '../model';
import { matchesIgnoringCase } from '../patterns/fold';
import { atomsOf, matchesPattern, type Wildcard } from '../patterns/wildcard';

/** Beyond this many characters a subject is not quoted whole in an explanation. */
const SHOWN_CHARS = 40;

const quote = (s: string) => JSON.stringify(s.length > SHOWN_CHARS ? `${s.slice(0, SHOWN_CHARS)}…` : s);

/** The command or resource pattern a rule label holds: `Bash(npm run test:*) allow` → `npm run test:*`. */
function patternOf(label: string): string | undefined {
  const claude = /^[A-Za-z]+\((.*)\)(?: (?:allow|ask|deny))?$/.exec(label);
  if (claude) return claude[1];
  const decided = /^(.*) (?:allow|ask|deny|prompt)$/.exec(label);
  if (!decided) return undefined;
  // OpenCode labels are `action resource decision`: the resource is what is matched.
  const parts = /^\S+ (.+)$/.exec(decided[1]);
  return parts ? parts[1] : decided[1];
}

/** The label's pattern read with `*` and `?` as wildcards, everything else literal. */
function wildcardOf(p: string): Wildcard {
  return { source: p, alts: [atomsOf(p, { star: true, one: true })] };
}

/**
 * Why a rule that looks like it should match a subject does not, or undefined when it is no near
 * miss. Covers the mistakes people make: `:*` and ` *` need a space (or the end) after the prefix,
 * a pattern without a wildcard matches only the bare command, and patterns are case-sensitive.
 * @example nearMissReason('npm run test:*', 'npm run test:unit') // '":*" matches "npm run test" followed by a space or the end; …'
 */
export function nearMissReason(pattern: string, subject: string): string | undefined {
  for (const [suffix, what] of [[':*', '":*"'], [' *', '" *"']] as const) {
    if (!pattern.endsWith(suffix)) continue;
    const prefix = pattern.slice(0, -suffix.length);
    if (/[*?]/.test(prefix) || !subject.startsWith(prefix) || subject === prefix || subject[prefix.length] === ' ') continue;
    const rest = subject.slice(prefix.length);
    return `${what} matches ${quote(prefix)} followed by a space or the end; ${quote(subject)} goes on with ${quote(rest.split(' ')[0])} — write "${prefix}*" to match it too`;
  }
  if (!/[*?]/.test(pattern) && subject.startsWith(`${pattern} `)) {
    return `${quote(pattern)} has no wildcard, so it matches only the bare command, not ${quote(subject)} — write "${pattern} *" to match its arguments`;
  }
  // Both comparisons run on the linear matcher (a folded copy for the case-blind one): an
  // explanation must never cost more than the match it explains.
  const w = wildcardOf(pattern);
  if (!matchesPattern(w, subject) && matchesIgnoringCase(w, subject)) {
    return `patterns are case-sensitive: ${quote(pattern)} differs from ${quote(subject)} only in case`;
  }
  return undefined;
}

/**
 * The rows of a section that are near misses: everything matched but the last column. With a
 * deadline, the rows left once it has passed are not explained; `cut` counts them.
 */
function sectionNearMisses(s: TraceSection, deadline?: Deadline, cut?: { rows: number }): Array<{ rule: number; reason: string }> {
  const out: Array<{ rule: number; reason: string }> = [];
  for (const r of s.rows) {
    if (r.rule === s.controlling || r.matches.length === 0 || r.matches.at(-1) !== false) continue;
    if (r.matches.slice(0, -1).some((m) => m === false)) continue;
    if (deadline?.expired && cut) {
      cut.rows++;
      continue;
    }
    const pattern = patternOf(r.label);
    const subject = s.subject.replace(/^as given: /, '');
    const reason = pattern !== undefined ? nearMissReason(pattern, subject) : undefined;
    if (reason) out.push({ rule: r.rule, reason });
  }
  return out;
}

/** The first item's value per rule (as a search from the front would find it). */
function firstByRule<T extends { rule: number }>(items: readonly T[], value: (t: T) => string): Map<number, string> {
  const out = new Map<number, string>();
  for (const t of items) if (!out.has(t.rule)) out.set(t.rule, value(t));
  return out;
}

/**
 * The note a trace gets when its near misses were not all explained within `ms`.
 * @example nearMissCutNote(3, 150) // 'near misses: 3 rows not explained (time limit: 150 ms)'
 */
export function nearMissCutNote(rows: number, ms: number): string {
  return `near misses: ${rows} row${rows === 1 ? '' : 's'} not explained (time limit: ${ms} ms)`;
}

/**
 * The verdict with each near miss explained in its row's note (a copy; notes the dialect wrote are
 * kept): the trace view, the hover and `eval` then say why a rule that looks right did not match.
 * With a deadline, rows met once it has passed are left unexplained and the trace's notes say how
 * many (`nearMissCutNote`).
 * @example withNearMisses(verdict).trace.sections[0].rows[1].note // '":*" matches "npm run test" followed by …'
 */
export function withNearMisses(v: Verdict, deadline?: Deadline): Verdict {
  let changed = false;
  const cut = { rows: 0 };
  const sections = v.trace.sections.map((s) => {
    const misses = sectionNearMisses(s, deadline, cut);
    if (!misses.length) return s;
    changed = true;
    // By rule, not a search per row: a section of thousands of near misses stays linear.
    const byRule = firstByRule(misses, (m) => m.reason);
    return { ...s, rows: s.rows.map((r) => {
      const reason = byRule.get(r.rule);
      return reason !== undefined ? { ...r, note: r.note ? `${r.note}; ${reason}` : reason } : r;
    }) };
  });
  if (cut.rows > 0) return { ...v, trace: { ...v.trace, sections, notes: [...v.trace.notes, nearMissCutNote(cut.rows, deadline!.ms)] } };
  return changed ? { ...v, trace: { ...v.trace, sections } } : v;
}

/**
 * Near-miss lines for a compact rendering (a hover): `rule 2 (Bash(npm run test:*) allow): …`;
 * with a deadline, a last line says how many rows were not explained once it passed.
 * @example nearMissLines(verdict) // ['rule 1 `Bash(npm run test:*) allow` does not match: ":*" matches …']
 */
export function nearMissLines(v: Verdict, deadline?: Deadline): string[] {
  const cut = { rows: 0 };
  const out = v.trace.sections.flatMap((s) => {
    const labels = firstByRule(s.rows, (r) => r.label);
    return sectionNearMisses(s, deadline, cut).map((m) => `rule ${m.rule + 1} \`${(labels.get(m.rule) ?? '').replace(/`/g, "'")}\` does not match: ${m.reason}`);
  });
  if (cut.rows > 0) out.push(nearMissCutNote(cut.rows, deadline!.ms));
  return out;
}
