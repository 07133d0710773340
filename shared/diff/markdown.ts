import type { Comparison } from './compare';
import type { Flip } from './flips';
import { flipSummary, ruleHead } from './format';

const md = (s: string) => s.replace(/([\\`*_[\]|<>#])/g, '\\$1');
/** Patterns go in code spans: `*` in `edit * allow` must not turn into emphasis. */
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;
const rule = (r: Flip['beforeRule']) => (r ? `${md(ruleHead(r))}: ${code(r.label)}` : 'no rule');
const change = (f: Flip) => `${f.before} → ${f.after} (${rule(f.beforeRule)} → ${rule(f.afterRule)})`;

interface Group {
  name: string;
  head?: Flip;
  subjects: Flip[];
}

/** Stored flips by request: the request's own flip, then the subjects that explain it. */
function groups(stored: Flip[]): Group[] {
  const byName = new Map<string, Group>();
  for (const f of stored) {
    const g = byName.get(f.request) ?? { name: f.request, subjects: [] };
    byName.set(f.request, g);
    if (f.subject === null) g.head = f;
    else g.subjects.push(f);
  }
  return [...byName.values()];
}

function groupLines(g: Group): string[] {
  const head = g.head ? `- ${md(g.name)}: ${change(g.head)}` : `- ${md(g.name)}: same decision overall, but:`;
  return [head, ...g.subjects.map((s) => `  - ${code(s.subject ?? '')}: ${change(s)}`)];
}

/** A witness's request names its subject already (`Bash: git push origin main`): it is not repeated. */
const witnessLine = (f: Flip) => `- ${md(f.request)}${f.subject !== null && !f.request.includes(f.subject) ? `: ${code(f.subject)}` : ''}: ${change(f)}`;

/**
 * A comparison as a Markdown page for review: newly allowed before newly denied, stored requests
 * before the analyser's witnesses, each request with the subjects that flipped under it.
 * @example flipsMarkdown('opencode.json vs HEAD', comparison).split('\n')[0] // '# opencode.json vs HEAD: 4 decisions flipped (4 newly allowed)'
 */
export function flipsMarkdown(title: string, c: Comparison): string {
  const out = [`# ${md(title)}: ${flipSummary(c.counts)}`, ''];
  const stored = groups(c.flips.filter((f) => f.kind === 'stored'));
  const witnesses = c.flips.filter((f) => f.kind === 'witness');
  const direction = (g: Group) => (g.head ?? g.subjects[0]).direction;
  const section = (heading: string, lines: string[]) => {
    if (lines.length) out.push(`## ${heading}`, '', ...lines, '');
  };
  for (const [dir, word] of [['loosened', 'Newly allowed'], ['tightened', 'Newly denied']] as const) {
    section(`${word} (stored requests)`, stored.filter((g) => direction(g) === dir).flatMap(groupLines));
    section(`${word} (witness requests found by searching both versions)`, witnesses.filter((f) => f.direction === dir).map(witnessLine));
  }
  if (!c.flips.length) out.push('No stored request changes its decision.', '');
  for (const n of c.notes) out.push(`> note: ${md(n)}`, '');
  for (const u of c.unsearched.filter((x) => !c.notes.includes(x))) out.push(`> not searched: ${md(u)}`, '');
  return out.join('\n');
}
