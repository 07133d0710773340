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

/** The rows of a section that are near misses: everything matched but the last column. */
function sectionNearMisses(s: TraceSection): Array<{ rule: number; reason: string }> {
  const out: Array<{ rule: number; reason: string }> = [];
  for (const r of s.rows) {
    if (r.rule === s.controlling || r.matches.length === 0 || r.matches.at(-1) !== false) continue;
    if (r.matches.slice(0, -1).some((m) => m === false)) continue;
    const pattern = patternOf(r.label);
    const subject = s.subject.replace(/^as given: /, '');
    const reason = pattern !== undefined ? nearMissReason(pattern, subject) : undefined;
    if (reason) out.push({ rule: r.rule, reason });
  }
  return out;
}

/**
 * The verdict with each near miss explained in its row's note (a copy; notes the dialect wrote are
 * kept): the trace view, the hover and `eval` then say why a rule that looks right did not match.
 * @example withNearMisses(verdict).trace.sections[0].rows[1].note // '":*" matches "npm run test" followed by …'
 */
export function withNearMisses(v: Verdict): Verdict {
  let changed = false;
  const sections = v.trace.sections.map((s) => {
    const misses = sectionNearMisses(s);
    if (!misses.length) return s;
    changed = true;
    return { ...s, rows: s.rows.map((r) => {
      const m = misses.find((x) => x.rule === r.rule);
      return m ? { ...r, note: r.note ? `${r.note}; ${m.reason}` : m.reason } : r;
    }) };
  });
  return changed ? { ...v, trace: { ...v.trace, sections } } : v;
}

/**
 * Near-miss lines for a compact rendering (a hover): `rule 2 (Bash(npm run test:*) allow): …`.
 * @example nearMissLines(verdict) // ['rule 1 `Bash(npm run test:*) allow` does not match: ":*" matches …']
 */
export function nearMissLines(v: Verdict): string[] {
  return v.trace.sections.flatMap((s) => sectionNearMisses(s).map((m) => `rule ${m.rule + 1} \`${(s.rows.find((r) => r.rule === m.rule)?.label ?? '').replace(/`/g, "'")}\` does not match: ${m.reason}`));
}
