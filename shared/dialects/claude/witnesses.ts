import type { Deadline } from '../../analysis/budget';
import { changedRules } from '../../diff/candidates';
import type { Flip } from '../../diff/flips';
import { sliced, type SearchArea, type SearchSpec } from '../../diff/search';
import { LEXICAL_FS, type EvalContext, type Verdict } from '../../model';
import { evaluateClaude, judge, prepareClaude } from './evaluate';
import type { ClaudeRequest, ClaudeRule, ClaudeRuleSet } from './types';
import { bashCandidates, pathCandidates, sweepCandidates, toolCandidates, webCandidates } from './witness-candidates';

/**
 * Change impact for Claude Code: requests decided differently by two versions of a settings file,
 * each confirmed by the real evaluator (`evaluateClaude`) under both. Only a rule one version has
 * and the other lacks can change a decision (a tier's first match decides, and every rule both
 * keep matches alike), so candidates come from the changed rules — and from every rule when a
 * setting the rules are judged under changed (the mode, the working folders).
 */

/** A rule as both versions compare it: tier, text and the layer and file it is written in. */
const ruleKey = (r: ClaudeRule) => `${r.tier}\u0000${r.text}\u0000${r.scope}\u0000${r.file}`;

/** Keys of a rule set that are not settings the rules are judged under. */
const NOT_SETTINGS = new Set(['rules', 'findings', 'source', 'path', 'layerFindings', 'members', 'memberFindings', 'ownRequests', 'layerName']);
/** Keys of nested settings objects that say where, not what (a hook's range moves with every edit above it). */
const PLACES = new Set(['range', 'textRange', 'keyRange', 'valueRange', 'at']);

/**
 * Whether anything but the rules differs between two parses (the mode, the working folders, the
 * guards and hooks of a policy): every request may then flip, whatever rule it meets.
 * @example settingsDiffer(parse('{"permissions":{"defaultMode":"acceptEdits"}}'), parse('{}')) // true
 */
export function settingsDiffer(a: ClaudeRuleSet, b: ClaudeRuleSet): boolean {
  const view = (rs: ClaudeRuleSet) => JSON.stringify(rs, (k, v) => (NOT_SETTINGS.has(k) || PLACES.has(k) ? undefined : v));
  return view(a) !== view(b);
}

/** Whether both versions read a request in the same place (its subjects do not depend on the rules). */
function samePlace(a: ClaudeRuleSet, b: ClaudeRuleSet): boolean {
  return a.root === b.root && JSON.stringify(a.additionalDirectories) === JSON.stringify(b.additionalDirectories);
}

/**
 * The search of two Claude Code rule sets: the areas of candidates the changed rules call for,
 * and the real evaluator deciding each under both versions.
 * @example runSlices(searchSlices(claudeSearchSpec(base, current, [], new Deadline(), {}))).flips[0].request // 'Bash: git push origin main'
 */
export function claudeSearchSpec(base: ClaudeRuleSet, current: ClaudeRuleSet, known: readonly Flip[], deadline: Deadline, ctx: EvalContext): SearchSpec<ClaudeRuleSet, ClaudeRequest> {
  const all = [...base.rules, ...current.rules];
  const ch = changedRules(base.rules, current.rules, ruleKey);
  const changed = [...ch.base, ...ch.current];
  const place = { root: ctx.root ?? current.root, home: ctx.home };
  const gaps: string[] = [];
  const areas: SearchArea<ClaudeRequest>[] = [];
  if (changed.length > 0) {
    areas.push({ name: 'Bash commands', candidates: () => bashCandidates(changed, all, deadline, gaps) });
    areas.push({ name: 'Read and Edit paths', candidates: () => pathCandidates(changed, all, place) });
    areas.push({ name: 'WebFetch URLs', candidates: () => webCandidates(changed, all, deadline, gaps) });
    areas.push({ name: 'MCP and other tools', candidates: () => toolCandidates(changed, all) });
  }
  // A setting the rules are judged under changed: any request may flip, whatever rule it meets.
  if (settingsDiffer(base, current)) {
    const dirs = [...new Set([...base.additionalDirectories, ...current.additionalDirectories])].filter((d) => !base.additionalDirectories.includes(d) || !current.additionalDirectories.includes(d));
    areas.push({ name: 'requests of every kind (a setting changed)', candidates: () => sweepCandidates(all, dirs) });
  }
  const shared = samePlace(base, current);
  // A witness shows what the rules mean, not what one machine's folders do: judged on a file
  // system without symlinks (stored requests keep the caller's).
  const judged: EvalContext = { ...ctx, fs: LEXICAL_FS };
  const decide = (q: ClaudeRequest): [Verdict, Verdict] => {
    if (!shared) return [evaluateClaude(base, q, judged), evaluateClaude(current, q, judged)];
    // Where a request runs does not depend on the rules: its subjects are read once for both.
    const prepared = prepareClaude(current, q, judged);
    return [judge(base, base.rules, prepared, q), judge(current, current.rules, prepared, q)];
  };
  return { base, current, areas, decide, describe: describeWitness, subject: (q) => q.command ?? q.path ?? q.url ?? null, known, deadline, unsearched: gaps };
}

/** A witness as a flip names it: `Bash: git push origin main`, `Read: .env`, `mcp__github__create_issue`. */
function describeWitness(q: ClaudeRequest): string {
  const subject = q.command ?? q.path ?? q.url ?? (q.input ? Object.values(q.input).find((v) => typeof v === 'string') : undefined);
  return subject === undefined ? q.tool : `${q.tool}: ${subject}`;
}

/**
 * Claude Code's witness search (`Dialect.witnesses`), in slices or run to its end.
 * @example claudeWitnesses.flips(base, current, [], { ctx }).flips[0] // { request: 'Bash: git push origin main', before: 'ask', after: 'allow', … }
 */
export const claudeWitnesses = sliced(claudeSearchSpec);
