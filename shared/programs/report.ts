import { capitalize, clipText, finding, MAX_HEADLINE, type Finding, type Range, type RelatedInfo, type Severity } from '../model';
import type { Probe } from './probes';

/** A request the dialect's evaluator decided, as a finding states it (re-checked over the corpus). */
export interface Claim {
  request: unknown;
  decision?: string;
  notDecision?: string;
}

/** Whether the agent writes the file a project-code witness runs, as the dialect proved it. */
export interface Writable {
  allowed: boolean;
  /** Why, for the related information (`edit is allowed for ./payload.mk`). */
  note: string;
  claim?: Claim;
}

/** One allow rule and the strongest command it admits, proved by the dialect. */
export interface RunsAnythingHit {
  /** How the message names the rule, quoted as written (`"Bash(gh:*)"`). */
  label: string;
  range: Range;
  /** The rule's file when it is not the finding's. */
  path?: string;
  probe: Probe;
  /** Other things the same rule admits, one probe per further capability. */
  also: Probe[];
  writable?: Writable;
  /** The requests proved: the probe (and its follow-ups) allowed. */
  claims: Claim[];
  /** The dialect's own payload (its rule index). */
  data: Record<string, unknown>;
}

/** How strongly a hit argues: code that runs by itself, then code the agent writes freely, then the rest. */
function strength(h: Pick<RunsAnythingHit, 'probe' | 'writable'>): number {
  const c = h.probe.capability;
  if (c.minor) return 1;
  if (c.writes) return h.writable?.allowed ? 2 : 1;
  return 3;
}

/**
 * The probe a rule is reported with: the strongest the evaluator admitted, the first of equals.
 * @example strongestProbe(admitted, () => undefined)?.command // 'npm exec -y evil-package' over 'npm run payload'
 */
export function strongestProbe(admitted: readonly Probe[], writable: (p: Probe) => Writable | undefined): { probe: Probe; writable?: Writable; also: Probe[] } | undefined {
  let best: { probe: Probe; writable?: Writable; rank: number } | undefined;
  for (const probe of admitted) {
    const w = probe.capability.writes ? writable(probe) : undefined;
    const rank = strength({ probe, writable: w });
    if (!best || rank > best.rank) best = { probe, writable: w, rank };
    if (rank === 3) break;
  }
  if (!best) return undefined;
  // One more example per further consequence: the rule's other risks, not its other spellings.
  const seen = new Set([best.probe.capability.consequence]);
  const also = admitted.filter((p) => !seen.has(p.capability.consequence) && seen.add(p.capability.consequence));
  return { probe: best.probe, ...(best.writable ? { writable: best.writable } : {}), also };
}

/** A hit's severity: warning unless the consequence is minor or needs a file the agent may not write freely. */
export function hitSeverity(h: Pick<RunsAnythingHit, 'probe' | 'writable'>): Severity {
  return strength(h) >= 2 ? 'warning' : 'information';
}

/** Characters a rule label and a witness take in a headline at most, and at least when the rest is long. */
const LABEL_CHARS = 44;
const COMMAND_CHARS = 52;
const MIN_PART = 20;

/** A command as a headline quotes it: a newline shown as `\n` (it matters to the shell), then cut to fit. */
const tick = (s: string, max: number) => `\`${clipText(s.replace(/\n/g, '\\n'), max)}\``;

/**
 * The headline: the consequence first, then which rule allows which command, within
 * `MAX_HEADLINE` characters: the rule label gives way first, then the command, each cut at a word.
 * @example runsAnythingHeadline('arbitrary code can run', '"Bash(python:*)"', "python -c 'import os'", 1) // 'Arbitrary code can run: "Bash(python:*)" allows `python -c \'import os\'`'
 */
export function runsAnythingHeadline(consequence: string, label: string, command: string, rules: number, verb = 'allows'): string {
  const more = rules > 1 ? ` (and ${rules - 1} more rule${rules > 2 ? 's' : ''})` : '';
  const fixed = capitalize(consequence).length + 2 + 1 + verb.length + 1 + more.length;
  const room = MAX_HEADLINE - fixed;
  const commandMax = Math.max(MIN_PART, Math.min(COMMAND_CHARS, room - MIN_PART));
  const labelMax = Math.max(MIN_PART, Math.min(LABEL_CHARS, room - Math.min(commandMax, command.length + 2)));
  return clipText(`${capitalize(consequence)}: ${clipText(label, labelMax)} ${verb} ${tick(command, commandMax - 2)}${more}`, MAX_HEADLINE);
}

/**
 * `allow-runs-anything` findings: one per root cause (the capability's group), on the first of its
 * rules, the most telling witness in the headline; every rule of the group, what else each admits,
 * why, and the source in related information. Every claim of every rule is in `data.claims`.
 * @example runsAnythingFindings([hitPython, hitNode]).length // 1, with both rules related
 */
export function runsAnythingFindings(hits: readonly RunsAnythingHit[]): Finding[] {
  const groups = new Map<string, RunsAnythingHit[]>();
  for (const h of hits) {
    const k = h.probe.capability.group;
    const g = groups.get(k);
    if (g) g.push(h);
    else groups.set(k, [h]);
  }
  const out: Finding[] = [];
  for (const group of groups.values()) {
    const head = group.reduce((a, b) => (strength(b) > strength(a) ? b : a));
    const c = head.probe.capability;
    const severity: Severity = group.some((h) => hitSeverity(h) === 'warning') ? 'warning' : 'information';
    const at = (h: RunsAnythingHit, message: string): RelatedInfo => ({ ...(h.path ? { path: h.path } : {}), range: h.range, message });
    const related: RelatedInfo[] = [at(head, `why: ${c.reason} (${c.source})`)];
    if (head.probe.followUp.length) related.push(at(head, `${head.probe.followUp.map((f) => `\`${f}\``).join(', ')} is allowed too, so it runs`));
    if (head.writable) related.push(at(head, head.writable.note));
    for (const a of head.also) related.push(at(head, `also: ${a.capability.consequence}, e.g. \`${a.command}\``));
    for (const h of group) {
      if (h === head) continue;
      related.push(at(h, `${h.label} allows \`${h.probe.command}\`${h.writable ? ` (${h.writable.note})` : ''}`));
      for (const a of h.also) related.push(at(h, `also: ${a.capability.consequence}, e.g. \`${a.command}\``));
    }
    out.push(finding('allow-runs-anything', severity, runsAnythingHeadline(c.consequence, head.label, head.probe.command, group.length), head.range, {
      related,
      witness: head.probe.command,
      data: {
        ...head.data,
        kind: c.group,
        capability: c.id,
        claims: group.flatMap((h) => [...h.claims, ...(h.writable?.allowed && h.writable.claim ? [h.writable.claim] : [])]),
        rules: group.map((h) => h.data),
      },
    }));
  }
  return out;
}
