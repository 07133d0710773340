import { finding, type Finding, type RelatedInfo } from '../../model';
import { runsAnythingCandidates } from '../../patterns/runs-anything';
import { isExact, matches, type Wildcard } from '../../patterns/wildcard';
import type { LintContext } from '../dialect';
import { overlap, sample, uncovered } from './automata';
import { catchAllFinding } from './catch-all';
import { commandViews } from './command-views';
import type { SubCommand } from './sub-commands';
import { TIERS, type ClaudeRule, type ClaudeRuleSet, type RuleMatcher } from './types';
import { Deadline } from '../../analysis/budget';
import { budgetFinding } from '../../analysis/report';

/**
 * The claude dialect's own lints: `dead-rule` (a rule covered by the rules consulted before it: an
 * allow by deny/ask, an ask by deny, any rule by earlier ones of its own tier — exact on the
 * automata for Bash and WebFetch, a sound simple check for paths), `never-matches`,
 * `allow-runs-anything`, `broad-catch-all`, `exact-command-pattern`, `duplicate-rule`. Only rules
 * of the primary file get findings; related information may point into other layers.
 * @example lintClaude(parseClaude(file)).map((f) => f.code) // ['dead-rule', …]
 */
export function lintClaude(rs: ClaudeRuleSet, ctx: LintContext = {}): Finding[] {
  const out: Finding[] = [];
  const own = rs.rules.filter((r) => r.file === rs.path);
  const rel = (r: ClaudeRule, message: string): RelatedInfo => ({ ...(r.file !== rs.path ? { path: r.file } : {}), range: r.range, message });
  // The automata checks (dead-rule, broad-catch-all) stop at the file's budget; the rest are cheap.
  const deadline = ctx.deadline ?? new Deadline();
  const unanalysed: ClaudeRule[] = [];
  for (const r of own) {
    const first = rs.rules.find((o) => o.tier === r.tier && o.text === r.text);
    if (first && first !== r) {
      out.push(finding('duplicate-rule', 'information', `"${r.text}" is already in "${r.tier}"${first.scope !== r.scope ? ` (${first.scope} settings)` : ''}: this copy changes nothing`, r.range, {
        related: [rel(first, 'first occurrence')],
        unnecessary: true,
        data: { ruleIndex: r.index },
      }));
      continue;
    }
    const inBudget = !deadline.expired;
    if (inBudget) out.push(...deadRule(rs, r, rel));
    else unanalysed.push(r);
    out.push(...neverMatches(r));
    if (r.tier === 'allow') out.push(...runsAnything(r));
    const broad = inBudget ? catchAllFinding(rs, r, ctx, rel) : undefined;
    if (broad) out.push(broad);
    out.push(...exactCommand(r));
  }
  if (unanalysed.length) out.push(budgetFinding(unanalysed[0], unanalysed.length, `time: more than ${deadline.ms} ms for this file`));
  return out;
}

function neverMatches(r: ClaudeRule): Finding[] {
  if (r.matcher.kind === 'never') return [finding('never-matches', 'warning', r.matcher.reason, r.range, { data: { ruleIndex: r.index } })];
  if (r.matcher.kind === 'tool-glob' && r.tier === 'allow') {
    return [finding('never-matches', 'warning', `"${r.tool}" is a tool-name glob: an allow rule with one approves nothing (name the tool, or an MCP server as mcp__server)`, r.range, { data: { ruleIndex: r.index } })];
  }
  return [];
}

function runsAnything(r: ClaudeRule): Finding[] {
  const m = r.matcher;
  const whole = m.kind === 'tool' && m.name === 'Bash';
  if (m.kind !== 'bash' && !whole) return [];
  const admits = (x: string) => m.kind !== 'bash' || matches(m.compiled, x);
  let hidden: { command: string; what: string } | undefined;
  for (const c of runsAnythingCandidates(r.specifier ?? '*')) {
    const v = commandViews(simpleCommand(c.command));
    if (!v.allowViews.some(admits)) continue;
    // A `-c` script is opaque, so the agent asks for it anyway; a plainer witness says more.
    if (v.opaque.length) {
      hidden ??= c;
      continue;
    }
    return [runsAnythingFinding(r, c.what, c.command, '')];
  }
  return hidden ? [runsAnythingFinding(r, hidden.what, hidden.command, ' (a `-c` script is opaque, so it is still asked for, but the rule is written to allow it)')] : [];
}

function runsAnythingFinding(r: ClaudeRule, what: string, witness: string, note: string): Finding {
  return finding('allow-runs-anything', 'warning', `"${r.text}" allows arbitrary code: it admits ${what}, e.g. \`${witness}\`${note}`, r.range, { witness, data: { ruleIndex: r.index } });
}

/** A witness from the shared table as the one simple command it is: plain words, nothing else. */
function simpleCommand(text: string): SubCommand {
  return { text, assignments: [], words: text.split(' ').map((w) => ({ raw: w, value: w, dynamic: false })), redirects: [], opaque: [] };
}

function exactCommand(r: ClaudeRule): Finding[] {
  if (r.matcher.kind !== 'bash' || r.specifier === null || !isExact(r.matcher.pattern)) return [];
  const spec = r.specifier;
  if (r.tier === 'allow') {
    return [finding('exact-command-pattern', 'information', `"${r.text}" has no wildcard: it allows exactly \`${spec}\` and nothing else (\`${spec} …\` with any argument still asks)`, r.range, { data: { ruleIndex: r.index, suggestion: `Bash(${spec} *)` } })];
  }
  const witness = `${spec} -f`;
  return [finding('exact-command-pattern', 'warning', `"${r.text}" has no wildcard: it ${r.tier === 'deny' ? 'blocks' : 'asks for'} only the bare \`${spec}\`; \`${witness}\` is not covered. Write "Bash(${spec} *)"`, r.range, { witness, data: { ruleIndex: r.index, suggestion: `Bash(${spec} *)` } })];
}

/**
 * Rules the evaluator consults before `r`: every stricter tier, then the earlier rules of its own
 * tier (the first match in tier order decides, so within a tier the earlier rule is the one that
 * decides).
 */
function precedingRules(rs: ClaudeRuleSet, r: ClaudeRule): ClaudeRule[] {
  const tier = TIERS.indexOf(r.tier);
  return rs.rules.filter((o) => (TIERS.indexOf(o.tier) < tier || (o.tier === r.tier && o.index < r.index)) && o.matcher.kind !== 'invalid' && o.matcher.kind !== 'never');
}

function deadRule(rs: ClaudeRuleSet, r: ClaudeRule, rel: (r: ClaudeRule, m: string) => RelatedInfo): Finding[] {
  if (r.matcher.kind === 'invalid' || r.matcher.kind === 'never' || (r.matcher.kind === 'tool-glob' && r.tier === 'allow')) return [];
  const cover = coverage(r, precedingRules(rs, r));
  if (!cover) return [];
  const names = cover.by.map((c) => `"${c.text}" (${c.tier})`).join(', ');
  const order = cover.by.every((c) => c.tier !== r.tier) ? `${r.tier === 'allow' ? 'deny and ask are' : 'deny is'} checked first` : 'a stricter tier, or an earlier rule of the same tier, is checked first';
  return [finding('dead-rule', 'information', `"${r.text}" never decides: everything it matches is already decided by ${names}, and ${order}${cover.witness ? `; e.g. \`${cover.witness}\`` : ''}`, r.range, {
    related: cover.by.map((c) => rel(c, `decides first (${c.tier})`)),
    unnecessary: true,
    ...(cover.witness ? { witness: cover.witness } : {}),
    data: { ruleIndex: r.index },
  })];
}

/** Whether `others` cover everything `r` matches, with the rules involved and an example. */
function coverage(r: ClaudeRule, others: ClaudeRule[]): { by: ClaudeRule[]; witness?: string } | undefined {
  const m = r.matcher;
  const wholeTool = others.find((o) => coversWholeTool(o.matcher, r));
  if (wholeTool) return { by: [wholeTool], witness: exampleOf(m) };
  if (m.kind === 'bash' || m.kind === 'domain') {
    const same = others.filter((o) => o.matcher.kind === m.kind) as Array<ClaudeRule & { matcher: { pattern: Wildcard } }>;
    if (!same.length) return undefined;
    if (uncovered(m.pattern, same.map((o) => o.matcher.pattern)) !== null) return undefined;
    const by = same.filter((o) => typeof overlap(m.pattern, o.matcher.pattern) === 'string');
    return { by, witness: exampleOf(m) };
  }
  if (m.kind === 'path') {
    // `/p` is relative to each rule's own settings source: equal bodies from different layers differ.
    const by = others.find((o) => o.matcher.kind === 'path' && (m.anchor !== 'source' || o.sourceRoot === r.sourceRoot) && pathCovers(o.matcher, m, o.tier));
    return by ? { by: [by], witness: exampleOf(m) } : undefined;
  }
  if (m.kind === 'mcp') {
    const by = others.find((o) => o.matcher.kind === 'mcp' && o.matcher.server === m.server && (o.matcher.tool === null || o.matcher.tool === m.tool));
    return by ? { by: [by] } : undefined;
  }
  if (m.kind === 'generic') {
    const by = others.find((o) => o.matcher.kind === 'generic' && o.matcher.name === m.name && o.text === r.text);
    return by ? { by: [by] } : undefined;
  }
  return undefined;
}

/** A stricter bare-tool rule (`Bash`, `WebFetch`) matches every call of the tool `r` is about. */
function coversWholeTool(o: RuleMatcher, r: ClaudeRule): boolean {
  return o.kind === 'tool' && o.name === r.tool;
}

/**
 * Sound, not complete: a path rule covers another when both share anchor and depth mode and the
 * coverer's pattern is the same, everything (`**`), or a folder (`dir/**`) the other lies inside.
 */
function pathCovers(c: Extract<RuleMatcher, { kind: 'path' }>, r: Extract<RuleMatcher, { kind: 'path' }>, tier: string): boolean {
  const family = c.family === r.family || (c.family === 'read' && r.family === 'edit' && tier === 'deny');
  if (!family || c.anchor !== r.anchor) return false;
  if (c.anyDepth !== r.anyDepth) return c.body === '**';
  if (c.body === r.body || c.body === '**') return true;
  if (c.body.endsWith('/**')) {
    const dir = c.body.slice(0, -3);
    return !/[*?[\]{}!]/.test(dir) && (r.body === dir || r.body.startsWith(dir + '/'));
  }
  return false;
}

/** A concrete subject the rule matches, for messages. */
function exampleOf(m: RuleMatcher): string | undefined {
  if (m.kind === 'bash' || m.kind === 'domain') {
    const s = sample(m.pattern);
    return typeof s === 'string' ? s : undefined;
  }
  if (m.kind === 'path' && !/[[\]{}]/.test(m.body)) return m.body.replace(/\*\*/g, 'a').replace(/[*?]/g, 'x');
  return undefined;
}
