import { finding, FILE_START, ruleNumber, ruleSource, type EvalContext, type Finding, type Range, type Rule } from '../model';
import { describeNeutral, type NeutralRequest } from '../requests/neutral';
import type { RuleEdit } from '../dialects/dialect';
import { decideOne, type AgentPolicy } from './agents';

export const AGENTS_DISAGREE = 'agents-disagree';

/** The most witnesses one check asks every agent about: a policy of thousands of rules stays bounded. */
export const MAX_DISAGREE_WITNESSES = 2000;

/**
 * `agents-disagree`: every deny or ask of one agent's policy that another agent's policy allows on
 * the same neutral request. Both decisions come from the agents' own evaluators; a decision that
 * cannot be proven (a hook decides first, the agent's rules do not decide that kind of call) is
 * never reported. The finding sits on the allowing rule (the file start when the agent's default
 * allows), with related information on the deny; one finding per allowing rule and denying rule.
 * Findings are keyed by the file they sit in.
 * @example agentsDisagree([claudePolicy, codexPolicy], ctx).get('/p/.codex/rules/default.rules')?.[0].message // '`cat .env`: Claude Code denies, Codex CLI allows …'
 */
export function agentsDisagree(policies: readonly AgentPolicy[], ctx: EvalContext = {}): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  const byProject = new Map<string, AgentPolicy[]>();
  for (const p of policies) byProject.set(projectFolder(p.path), [...(byProject.get(projectFolder(p.path)) ?? []), p]);
  for (const group of byProject.values()) compareProject(group, ctx, out);
  return out;
}

/** The folders agents keep their project policy in: a file inside one serves the folder above it. */
export const AGENT_FOLDERS: ReadonlySet<string> = new Set(['.claude', '.codex', '.gemini', '.opencode', '.omp', '.cursor', '.amp', '.qwen']);

/**
 * The project folder a policy file serves: the folder above the agent's own folder
 * (`/p/.codex/rules/a.rules` → `/p`), else the file's folder (`/p/opencode.json` → `/p`). Only
 * policies of one project are compared: two example folders are two repositories. Any other
 * dot-folder on the way (`~/.projects/app`) is part of the project's path, not an agent's folder.
 * @example projectFolder('/p/.gemini/policies/policy.toml') // '/p'
 * @example projectFolder('/home/u/.work/app/opencode.json') // '/home/u/.work/app'
 */
export function projectFolder(file: string): string {
  const parts = file.replace(/\\/g, '/').split('/');
  parts.pop();
  let at = -1;
  for (let i = parts.length - 1; i > 0 && at < 0; i--) if (AGENT_FOLDERS.has(parts[i])) at = i;
  return (at >= 0 ? parts.slice(0, at) : parts).join('/') || '/';
}

function compareProject(policies: readonly AgentPolicy[], ctx: EvalContext, out: Map<string, Finding[]>): void {
  if (new Set(policies.map((p) => p.dialect.id)).size < 2) return;
  const seen = new Set<string>();
  const asked = new Set<string>();
  for (const strict of policies) {
    const witnessesOf = strict.dialect.neutralWitnesses;
    if (!witnessesOf) continue;
    for (const rule of strict.ruleSet.rules) {
      if (rule.decision === 'allow' || ruleSource(strict.ruleSet, rule).file === null) continue;
      for (const w of witnessesOf(strict.ruleSet, rule)) {
        const key = `${strict.path}\u0000${JSON.stringify(w)}`;
        if (asked.has(key)) continue;
        asked.add(key);
        if (asked.size > MAX_DISAGREE_WITNESSES) return;
        const mine = decideOne(strict, w, ctx);
        // The witness must really be denied or asked here, by a rule of the policy's files (not a
        // default, not a built-in layer), with no hook deciding first.
        if (mine.kind !== 'decided' || mine.verdict.hook || mine.verdict.decision === 'allow' || !mine.verdict.rule) continue;
        const denying = strict.ruleSet.rules.find((r) => r.index === mine.verdict.rule!.index);
        if (!denying || ruleSource(strict.ruleSet, denying).file === null) continue;
        for (const other of policies) {
          if (other.dialect.id === strict.dialect.id) continue;
          const theirs = decideOne(other, w, ctx);
          if (theirs.kind !== 'decided' || theirs.verdict.hook || theirs.verdict.decision !== 'allow') continue;
          const allowing = theirs.verdict.rule ? other.ruleSet.rules.find((r) => r.index === theirs.verdict.rule!.index) : undefined;
          const pair = `${other.path}\u0000${allowing?.index ?? 'default'}\u0000${strict.path}\u0000${denying.index}`;
          if (seen.has(pair)) continue;
          seen.add(pair);
          const place = placeOf(other, allowing);
          const f = disagreement(w, strict, denying, mine.verdict.decision, other, allowing, place.range, agreeFix(w, mine.verdict.decision, other, place.file, ctx));
          const list = out.get(place.file) ?? [];
          list.push(f);
          out.set(place.file, list);
        }
      }
    }
  }
}

function placeOf(p: AgentPolicy, rule: Rule | undefined): { file: string; range: Range } {
  const src = rule && ruleSource(p.ruleSet, rule);
  // The agent's default or a built-in layer allows: the finding sits at the start of the file found.
  if (!rule || !src || src.file === null) return { file: p.path, range: FILE_START };
  return { file: src.file, range: rule.range };
}

/**
 * "Make <agent> agree": the rule the allowing agent's dialect writes for the witness, added to the
 * file the finding sits in, offered only when the policy parsed with it then decides the witness
 * as the other agent does (no hook first). Undefined when the dialect writes no such rule or the
 * edit does not prove it.
 */
function agreeFix(w: NeutralRequest, decision: 'deny' | 'ask', other: AgentPolicy, file: string, ctx: EvalContext): { title: string; edits: RuleEdit['edits'] } | undefined {
  if (file !== other.path || !other.dialect.ruleEdit || !other.reparse) return undefined;
  const edit = other.dialect.ruleEdit(other.ruleSet, w, decision);
  if (!edit?.edits.length) return undefined;
  const text = applyOffsetEdits(other.ruleSet.source.text, edit.edits);
  const after = other.reparse(file, text);
  if (!after || after.findings.some((f) => f.severity === 'error')) return undefined;
  const got = decideOne({ ...other, ruleSet: after }, w, ctx);
  if (got.kind !== 'decided' || got.verdict.hook || got.verdict.decision !== decision) return undefined;
  return { title: `Make ${other.dialect.title} agree: add ${edit.rule}`, edits: edit.edits };
}

/** Offset edits applied to a text (they do not overlap), from the last to the first. */
function applyOffsetEdits(text: string, edits: RuleEdit['edits']): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

function disagreement(w: NeutralRequest, strict: AgentPolicy, denyRule: Rule, denied: string, other: AgentPolicy, allowRule: Rule | undefined, range: Range, quickFix?: { title: string; edits: RuleEdit['edits'] }): Finding {
  const verb = denied === 'deny' ? 'denies' : 'asks';
  const src = ruleSource(strict.ruleSet, denyRule);
  const by = !allowRule ? 'its default, no rule matches' : ruleSource(other.ruleSet, allowRule).file === null ? `its built-in rule ${allowRule.label}` : `rule ${ruleNumber(allowRule)}: ${allowRule.label}`;
  const message = `\`${describeNeutral(w)}\`: ${strict.dialect.title} ${verb}, ${other.dialect.title} allows (${by})`;
  return finding(AGENTS_DISAGREE, 'warning', message, range, {
    related: [{ path: src.file ?? strict.path, range: denyRule.range, message: `${strict.dialect.title} ${verb} \`${describeNeutral(w)}\` here: rule ${ruleNumber(denyRule)}: ${denyRule.label}` }],
    data: { witness: w, agents: [strict.dialect.id, other.dialect.id], ...(quickFix ? { quickFix } : {}) },
  });
}
