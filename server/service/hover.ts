import { HOOK_DEPENDENT, hookSentence, inFile, ruleNumber, ruleSource, type RuleSet, type RuleSource } from '../../shared/model';
import { withSources } from '../../shared/trace/sources';
import { MarkupKind, type Hover, type Position, type Range } from 'vscode-languageserver';
import type { Rule } from '../../shared/model';
import type { RequestResult } from '../../shared/requests/model';
import { decidingRuleText } from '../../shared/requests/run';
import { renderTraceMarkdown } from '../../shared/trace/render';
import { nearMissLines } from '../../shared/trace/near-miss';
import { witnessFor } from '../../shared/analysis';
import { Deadline } from '../../shared/analysis/budget';
import { decisionsOf, ruleLosses, type Lost, type RuleDecisions } from './decides';
import { resultAt, ruleAt } from './locate';
import { CharMap } from './edit-map';
import type { Analysis } from './workspace';
import type { AgentPolicy } from '../../shared/check/agents';
import type { FileReport } from '../../shared/check/check-file';
import { otherAgentsLines } from './hover-agents';

const LIST_LIMIT = 8;

/** ` (in .claude/settings.local.json, line 4: local settings)` for a rule of another file of the policy. */
function placeText(s: RuleSource): string {
  return s.file === null ? ` (${s.layer})` : ` (in ${code(s.file.split(/[\\/]/).slice(-2).join('/'))}, line ${s.line}: ${s.layer})`;
}
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

function capped<T>(items: readonly T[], line: (t: T) => string): string[] {
  const out = items.slice(0, LIST_LIMIT).map((t) => `- ${line(t)}`);
  if (items.length > LIST_LIMIT) out.push(`- … ${items.length - LIST_LIMIT} more`);
  return out;
}

function ruleName(rules: readonly Rule[], i: number | null): string {
  if (i === null) return 'no rule';
  const r = rules[i];
  return r ? `rule ${ruleNumber(r)} ${code(r.label)}` : `rule ${i + 1}`;
}

/**
 * Markdown for a rule: the stored requests it decides, a witness, and why other matching rules
 * lose to it (or it to them).
 * @example ruleHoverMarkdown(analysis, rule).startsWith('**Rule 3**') // true
 */
export function ruleHoverMarkdown(a: Analysis, rule: Rule, agents: readonly AgentPolicy[] = []): string {
  const rep = a.report!;
  const rules = rep.ruleSet!.rules;
  const results = rep.results;
  const all = decisionsOf(rep);
  const info = all[rule.index];
  const out = [`**Rule ${ruleNumber(rule)}** ${code(rule.label)} — ${rule.native}${rule.scope ? ` (${rule.scope})` : ''}`, ''];
  // The other files the agent decides with: this rule's verdicts depend on them too.
  const others = (rep.ruleSet!.members ?? []).filter((m) => m.path !== rep.path && m.present);
  if (others.length) out.push(`Decided together with ${others.slice(0, LIST_LIMIT).map((m) => `${code(m.path.split(/[\\/]/).slice(-2).join('/'))} (${m.layer})`).join(', ')}${others.length > LIST_LIMIT ? ` and ${others.length - LIST_LIMIT} more` : ''}.`, '');
  const evaluated = results.filter((r) => r.verdict).length;
  if (!rep.requestsPath) out.push('No stored requests for this file yet.', '');
  else if (!info.decides.length) out.push(`Decides none of ${evaluated} stored request${evaluated === 1 ? '' : 's'}.`, '');
  else {
    out.push(`Decides ${info.decides.length} of ${evaluated} stored request${evaluated === 1 ? '' : 's'}:`);
    out.push(...capped(info.decides, (d) => `**${d.request}** → ${d.decision}${d.subjects.length ? ` (${d.subjects.map(code).join(', ')})` : ''}`), '');
  }
  if (info.controls.length) {
    out.push('Controls a subject of a request another rule decides:');
    out.push(...capped(info.controls, (c) => `${code(c.subject)} in **${c.request}** → ${c.decision ?? '—'}`), '');
  }
  out.push(...otherAgentsLines(rep, rule, agents));
  const witness = witnessOf(a, rule, info);
  if (witness && 'stopped' in witness) out.push(`Witness: not found within the hover's time limit (${HOVER_WITNESS_MS} ms); \`rulelens check\` searches longer.`, '');
  else if (witness) out.push(`Witness: ${code(witness.text)}${witness.from ? ` (${witness.from})` : ''}`, '');
  const lossBudget = new Deadline(HOVER_LOSSES_MS);
  const found = ruleLosses(rep, rule.index, () => lossBudget.expired);
  const { read, of } = found;
  const beaten = groupLosses(found.beaten.map((l) => ({ ...l, other: l.loser })));
  if (beaten.length) {
    out.push('Other matching rules that lose to it:');
    out.push(...capped(beaten, (g) => `${ruleName(rules, g.other)} also matches ${lossPlaces(g)}${g.branch ? ` — ${g.branch}` : ''}`), '');
  }
  const loses = groupLosses(found.loses.map((l) => ({ ...l, other: l.winner })));
  if (loses.length) {
    out.push('Where it matches but another rule controls:');
    out.push(...capped(loses, (g) => `${ruleName(rules, g.other)} controls ${lossPlaces(g)}${g.branch ? ` — ${g.branch}` : ''}`), '');
  }
  if (read < of) out.push(`Other matching rules: read from ${read} of ${of} stored requests within the hover's time limit (${HOVER_LOSSES_MS} ms); the trace of a request shows all of them.`, '');
  return out.join('\n').trimEnd();
}

/** Every place one other rule met this one: each rule once, however many stored requests show it. */
interface LossGroup {
  other: number | null;
  subjects: string[];
  requests: string[];
  /** The reason, when every place gives the same one. */
  branch: string | null;
}

/**
 * Losses grouped by the other rule (the one that lost, or the one that won), in first-seen order:
 * a rule that matches the same subject in six stored requests is one line, not six.
 * @example groupLosses([{ other: 0, subject: 'a', request: 'A', … }, { other: 0, subject: 'a', request: 'B', … }]).length // 1
 */
export function groupLosses(items: ReadonlyArray<Lost & { other: number | null }>): LossGroup[] {
  const groups = new Map<number | null, LossGroup>();
  for (const l of items) {
    let g = groups.get(l.other);
    if (!g) groups.set(l.other, (g = { other: l.other, subjects: [], requests: [], branch: l.branch }));
    if (!g.subjects.includes(l.subject)) g.subjects.push(l.subject);
    if (!g.requests.includes(l.request)) g.requests.push(l.request);
    if (g.branch !== l.branch) g.branch = null;
  }
  return [...groups.values()];
}

/** `` `secrets/a` in **B**, **C** and 2 more `` */
function lossPlaces(g: LossGroup): string {
  const few = <T>(xs: readonly T[], f: (x: T) => string) => (xs.length <= NAMES_IN_LINE ? xs.map(f).join(', ') : `${xs.slice(0, NAMES_IN_LINE).map(f).join(', ')} and ${xs.length - NAMES_IN_LINE} more`);
  return `${few(g.subjects.filter((x) => x !== ''), code) || 'the request'} in ${few(g.requests, (r) => `**${r}**`)}`;
}

/** Subjects and request names one hover line names before "and N more". */
const NAMES_IN_LINE = 3;

/**
 * How long a hover may search the automata for a rule's witness (CPU ms): a hover answers at once,
 * and past this it says the search stopped instead. With `HOVER_LOSSES_MS` it makes the 100 ms a
 * rule's hover may compute: on a 5,000-rule file each search can take its whole share, and a hover
 * is asked for while a check still runs.
 */
export const HOVER_WITNESS_MS = 60;

/**
 * How long a hover may read stored requests' full traces for the other rules that match (CPU ms):
 * past it, the hover lists what it read and says how much (one trace is always read).
 */
export const HOVER_LOSSES_MS = 40;

/**
 * How long a request's hover may spend explaining near misses (CPU ms): past it, the rows left
 * are not explained and a last line says how many.
 */
export const HOVER_NEAR_MISS_MS = 100;

/**
 * A request the rule decides: proved by the analyser within the hover's budget, else the subject
 * of a stored request it decides; `stopped` when the budget ran out before a proof.
 */
function witnessOf(a: Analysis, rule: Rule, info: RuleDecisions): { text: string; from?: string } | { stopped: true } | undefined {
  const rep = a.report!;
  let proved: unknown;
  const deadline = new Deadline(HOVER_WITNESS_MS);
  try {
    proved = rep.dialect ? witnessFor(rep.dialect, rep.ruleSet!, rule.index, deadline) : undefined;
  } catch {
    proved = undefined;
  }
  if (proved !== undefined && rep.dialect) return { text: rep.dialect.describeRequest(proved), from: 'proved on the patterns' };
  const d = info.decides.find((x) => x.subjects.length);
  if (d) return { text: d.subjects[0], from: `from ${d.request}` };
  return deadline.expired ? { stopped: true } : undefined;
}

/**
 * Markdown for a stored request: its verdict, whether it meets its expectation, a compact trace.
 * @example requestHoverMarkdown(result).includes('rule 3') // true
 */
export function requestHoverMarkdown(r: RequestResult, rs?: RuleSet | null): string {
  const head = `**${r.request.name}**`;
  if (!r.verdict) return `${head} — not run: ${r.error ?? 'the request could not be read'}`;
  const v = r.verdict;
  const mark = r.pass === true ? ' ✓' : r.pass === false ? ' ✗' : '';
  const exp = r.request.expect?.decision ? ` (expected ${r.request.expect.decision})` : '';
  const rule = v.rule && rs ? rs.rules.find((x) => x.index === v.rule!.index) : undefined;
  const where = rule && rs && !inFile(rule) ? placeText(ruleSource(rs, rule)) : '';
  const out = [`${head} → **${v.native}**${mark}${exp} — ${decidingRuleText(v)}${where}`, ''];
  if (v.hook) out.push(`**${HOOK_DEPENDENT}**: ${hookSentence(v.hook)}. Pin the hook's answer with \`"hook": "allow" | "ask" | "deny" | "none"\` to test each case.`, '');
  if (r.mismatches.length) out.push(...r.mismatches.map((m) => `- ✗ ${m}`), '');
  out.push(renderTraceMarkdown(rs ? withSources(v, rs) : v, { compact: true }));
  for (const l of nearMissLines(v, new Deadline(HOVER_NEAR_MISS_MS))) out.push('', `⚠ ${l.replace(/([*_])/g, '\\$1')}`);
  return out.join('\n').trimEnd();
}

/** What a hover from an earlier version's results says at its end. */
export const EARLIER_NOTE = '_From the last finished check, of an earlier version of this file: RuleLens is checking the current one._';

/**
 * The hover at a position of `text`, the document as it is now. An analysis of an earlier
 * version (`stale`) answers at once and says so: the position is mapped into the text that
 * analysis read, and the hovered rule's or request's range back, through the text the edits left
 * alone (`CharMap`, read both ways where that is ambiguous); on text an edit touched (the earlier results say nothing true of it), or
 * without that text, it does not answer.
 * @example hoverAt(analysis, { line: 4, character: 8 }, text)?.contents
 */
export function hoverAt(a: Analysis, pos: Position, text?: string, agents: (rep: FileReport) => readonly AgentPolicy[] = () => []): Hover | null {
  const rep = a.report;
  if (!rep?.ruleSet) return null;
  // An earlier result: the position in the text it read, by either reading of where the edit is.
  let maps: CharMap[] = [];
  if (a.stale) {
    if (a.earlierText === undefined || text === undefined) return null;
    maps = [new CharMap(a.earlierText, text, 'head'), new CharMap(a.earlierText, text, 'tail')];
  }
  const found = <T>(lookup: (p: Position) => T | undefined, rangeOf: (t: T) => Range): { item: T; range: Range } | undefined => {
    if (!a.stale) {
      const item = lookup(pos);
      return item === undefined ? undefined : { item, range: rangeOf(item) };
    }
    for (const m of maps) {
      const at = m.positionToOld(pos);
      const item = at ? lookup(at) : undefined;
      const range = item === undefined ? undefined : m.toNew(rangeOf(item));
      if (item !== undefined && range) return { item, range };
    }
    return undefined;
  };
  const hover = (value: string, range: Range): Hover => ({ contents: { kind: MarkupKind.Markdown, value: a.stale ? `${value}\n\n${EARLIER_NOTE}` : value }, range });
  if (a.kind === 'requests') {
    const r = found((p) => resultAt(rep.results, p), (x) => x.request.range);
    return r ? hover(requestHoverMarkdown(r.item, rep.ruleSet), r.range) : null;
  }
  const rule = found((p) => ruleAt(rep.ruleSet!.rules, p), (x) => x.range);
  return rule ? hover(ruleHoverMarkdown(a, rule.item, agents(rep)), rule.range) : null;
}
