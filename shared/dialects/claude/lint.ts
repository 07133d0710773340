import { finding, type Finding, type RelatedInfo } from '../../model';
import { broaderCommands, exactHeadline, probesFor, runsAnythingFindings, strongestProbe, type RunsAnythingHit, type Writable } from '../../programs';
import { isExact, literalWordsOf, matches, type Wildcard } from '../../patterns/wildcard';
import type { LintContext } from '../dialect';
import { mayOverlap, overlap, sample, uncovered } from './automata';
import { bypassModeFindings } from './bypass-mode';
import { catchAllFinding } from './catch-all';
import { crossToolFindings } from './cross-tool';
import { decideWith, requestFor, without } from './lint-confirm';
import { narrowDenyFindings } from './narrow-deny';
import { competitorsOf } from './competitors';
import { LOCAL_SETTINGS_FILE } from './settings';
import { isShellParserReady } from '../../host/shell-parser';
import type { ClaudeRequest, ClaudeRule, ClaudeRuleSet, RuleMatcher } from './types';
import { Deadline } from '../../analysis/budget';
import { finish, type Steps } from '../../analysis/steps';
import { budgetFinding } from '../../analysis/report';

/**
 * The claude dialect's own lints: `dead-rule` (a rule covered by the rules that take precedence over it: an
 * allow by deny/ask, an ask by deny, any rule by a broader one of its own tier — exact on the
 * automata for Bash and WebFetch, a sound simple check for paths), `never-matches`,
 * `allow-runs-anything`, `broad-catch-all`, `exact-command-pattern`, `duplicate-rule`. Only rules
 * of the primary file get findings; related information may point into other layers.
 * @example lintClaude(parseClaude(file)).map((f) => f.code) // ['dead-rule', …]
 */
export function lintClaude(rs: ClaudeRuleSet, ctx: LintContext = {}): Finding[] {
  return finish(claudeLintSteps(rs, ctx));
}

/**
 * `lintClaude` as steps (see `Steps`): the same findings, a rule at a time.
 * @example finish(claudeLintSteps(parseClaude(file), {})).map((f) => f.code) // ['dead-rule', …]
 */
export function* claudeLintSteps(rs: ClaudeRuleSet, ctx: LintContext = {}): Steps<Finding[]> {
  const out: Finding[] = [];
  const own = rs.rules.filter((r) => r.file === rs.path);
  const rel = (r: ClaudeRule, message: string): RelatedInfo => ({ ...(r.file !== rs.path ? { path: r.file } : {}), range: r.range, message });
  // The automata checks (dead-rule, broad-catch-all) stop at the file's budget; the rest are cheap.
  const deadline = ctx.deadline ?? new Deadline(undefined, undefined, ctx.clock);
  const unanalysed: ClaudeRule[] = [];
  // Allows that run anything, reported once per root cause after every rule is read.
  const hits: RunsAnythingHit[] = [];
  // The first rule of each tier and text, for duplicates (saved approvals run to hundreds of rules).
  const firstOf = new Map<string, ClaudeRule>();
  for (const o of rs.rules) if (!firstOf.has(`${o.tier}\u0000${o.text}`)) firstOf.set(`${o.tier}\u0000${o.text}`, o);
  for (const r of own) {
    yield;
    const first = firstOf.get(`${r.tier}\u0000${r.text}`);
    if (first && first !== r) {
      out.push(finding('duplicate-rule', 'information', `"${r.text}" is already in "${r.tier}"${first.scope !== r.scope ? ` (${first.scope} settings)` : ''}: this copy changes nothing`, r.range, {
        related: [rel(first, 'first occurrence')],
        unnecessary: true,
        data: { ruleIndex: r.index },
      }));
      continue;
    }
    // Past the budget a rule gets no lint that runs the evaluator or the automata (each of those
    // costs up to milliseconds a rule, and a file runs to thousands): it is counted in one note.
    if (deadline.expired) {
      unanalysed.push(r);
      continue;
    }
    // One finding per rule per root cause: a rule that never fires needs nothing else said.
    const never = neverMatches(rs, r);
    if (never.length) {
      out.push(...never);
      continue;
    }
    const dead = deadRule(rs, r, rel);
    if (dead.length) {
      out.push(...dead);
      continue;
    }
    const broad = catchAllFinding(rs, r, ctx, rel);
    if (broad) out.push(broad);
    else if (r.tier === 'allow') {
      const hit = runsAnythingHit(rs, r);
      if (hit) hits.push(hit);
    }
    out.push(...exactCommand(rs, r));
  }
  out.push(...runsAnythingFindings(hits));
  // Rules already reported as never firing or redundant have their root cause named.
  const reported = new Set(out.filter((f) => f.code === 'never-matches' || f.code === 'dead-rule' || f.code === 'duplicate-rule').map((f) => f.data?.ruleIndex as number));
  const inTime = !deadline.expired;
  yield;
  if (inTime) out.push(...crossToolFindings(rs, own, rel, reported));
  yield;
  if (inTime) out.push(...narrowDenyFindings(rs, own, reported));
  out.push(...bypassModeFindings(rs));
  // The whole-file lints left out are named, so the note says everything that was not searched.
  const left = inTime ? '' : '; the cross-tool and narrow-deny lints did not run';
  if (unanalysed.length) out.push(budgetFinding(unanalysed[0], unanalysed.length, `${deadline.describe()}${left}`));
  else if (!inTime) {
    const at = own[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    out.push(finding('analysis-budget', 'information', `analysis incomplete (budget): the cross-tool and narrow-deny lints did not run (${deadline.describe()})`, at, { data: { count: 0, reason: deadline.describe() } }));
  }
  return out;
}

/** Shell control a sub-command never contains unquoted: the evaluator splits commands on it. */
const SPLITTING = /&&|\|\||[|;\n]/;

function neverMatches(rs: ClaudeRuleSet, r: ClaudeRule): Finding[] {
  if (r.matcher.kind === 'never') return [finding('never-matches', 'warning', r.matcher.reason, r.range, { unnecessary: true, data: { ruleIndex: r.index } })];
  if (r.matcher.kind === 'tool-glob' && r.tier === 'allow') {
    return [finding('never-matches', 'warning', `"${r.tool}" is a tool-name glob: an allow rule with one approves nothing (name the tool, or an MCP server as mcp__server)`, r.range, { unnecessary: true, data: { ruleIndex: r.index } })];
  }
  if (r.matcher.kind !== 'bash' || r.specifier === null) return [];
  // Without the shell parser every command fails closed to ask: that proves nothing about the rule.
  if (!isShellParserReady()) return [];
  const m = r.matcher;
  const s = sample(m.pattern);
  if (typeof s !== 'string') return [];
  const tried = decideWith(rs, [r], { tool: 'Bash', command: s });
  const fires = tried.rule === r.index && tried.decision === r.tier;
  if (fires) return [];
  // Proof that it never fires: an exact pattern has one subject, and it was just tried; a pattern
  // whose literal text needs unquoted shell control can never be one sub-command's text.
  const literal = unquotedLiteral(r.specifier);
  if (SPLITTING.test(literal)) {
    return [finding('never-matches', 'warning', `"${clip(r.text)}" never fires: the agent splits commands at |, &&, || and ; and matches each part alone, so no part contains them`, r.range, {
      unnecessary: true,
      witness: s,
      data: { ruleIndex: r.index, claim: { request: { tool: 'Bash', command: s }, notDecision: r.tier, alone: true } },
    })];
  }
  if (isExact(m.pattern)) {
    const why = r.tier === 'allow' ? 'the agent still asks for it (a command it cannot prove safe is never auto-allowed)' : `the agent never matches it to this command (it decides ${decideWith(rs, [r], { tool: 'Bash', command: s }).decision})`;
    // An approval the agent saved itself that can never fire again costs a prompt, not safety: information there.
    const severity = r.tier === 'allow' && /(?:^|[\\/])settings\.local\.json$/.test(rs.path) ? 'information' : 'warning';
    return [finding('never-matches', severity, `"${r.text}" never fires: for exactly \`${clip(s)}\` ${why}`, r.range, { unnecessary: true, witness: s, data: { ruleIndex: r.index, claim: { request: { tool: 'Bash', command: s }, notDecision: r.tier, alone: true } } })];
  }
  return [];
}

/** The specifier with quoted spans and wildcards removed: what must appear literally, unquoted. */
function unquotedLiteral(spec: string): string {
  return spec.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, ' ').replace(/\*/g, ' ');
}

/** Long rule texts are cut in headlines; the related information carries the whole rule. */
const MAX_QUOTED = 60;

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > MAX_QUOTED ? `${one.slice(0, MAX_QUOTED - 1)}…` : one;
}

/** A Bash request. */
const bash = (command: string): ClaudeRequest => ({ tool: 'Bash', command });

/** Whether the agent allows `command` and `r` is why: it decides it, or alone it would. */
function allowedThrough(rs: ClaudeRuleSet, r: ClaudeRule, command: string): boolean {
  const o = decideWith(rs, rs.rules, bash(command));
  if (o.decision !== 'allow') return false;
  if (o.rule === r.index) return true;
  const alone = decideWith(rs, [r], bash(command));
  return alone.decision === 'allow' && alone.rule === r.index;
}

/** Whether the agent writes the project file a witness runs without asking, by the rule set's own decision for an Edit. */
function writableFile(rs: ClaudeRuleSet, file: string): Writable {
  const request: ClaudeRequest = { tool: 'Edit', path: file };
  const d = decideWith(rs, rs.rules, request).decision;
  return d === 'allow'
    ? { allowed: true, note: `the agent edits ${file} without asking (Edit of it is allowed)`, claim: { request, decision: 'allow' } }
    : { allowed: false, note: `editing ${file} is ${d === 'deny' ? 'denied' : 'asked first'}, so this needs that permission too` };
}

/**
 * An allow rule's strongest runs-anything witness from the knowledge base, proved by the
 * evaluator on the whole rule set (the rule is why it is allowed), with its follow-up commands.
 */
function runsAnythingHit(rs: ClaudeRuleSet, r: ClaudeRule): RunsAnythingHit | undefined {
  const m = r.matcher;
  const whole = m.kind === 'tool' && m.name === 'Bash';
  // An exact command is what it says: the rule admits nothing else.
  if ((m.kind !== 'bash' && !whole) || (m.kind === 'bash' && isExact(m.pattern))) return undefined;
  const pattern = (r.specifier ?? '*').replace(/:\*$/, ' *').replace(/\s+/g, ' ').trim();
  // The rule's own pattern first: a verdict reads the whole command and every rule.
  const own = m.kind === 'bash' ? (c: string) => matches(m.compiled, c) || matches(m.compiled, c.replace(/['"]/g, '')) : () => true;
  const admitted = probesFor(pattern).filter((p) => own(p.command) && allowedThrough(rs, r, p.command) && p.followUp.every((f) => decideWith(rs, rs.rules, bash(f)).decision === 'allow'));
  const best = strongestProbe(admitted, (p) => writableFile(rs, p.capability.writes!));
  if (!best) return undefined;
  const claims = [best.probe.command, ...best.probe.followUp].map((c) => ({ request: bash(c), decision: 'allow' }));
  return {
    label: `"${clip(r.text)}"`,
    range: r.range,
    probe: best.probe,
    also: best.also,
    ...(best.writable ? { writable: best.writable } : {}),
    claims,
    data: { ruleIndex: r.index, claim: claims[0] },
  };
}

/**
 * `exact-command-pattern`: a Bash rule without a wildcard decides only the bare command. Reported
 * when the same command with arguments is decided otherwise (by the whole rule set), with what it
 * becomes: an allow whose arguments still ask (information; a hint for saved approvals), a deny or
 * ask whose arguments get through (a warning). A deny whose arguments another rule denies anyway,
 * or an ask whose arguments still ask, changes nothing and is not reported.
 */
function exactCommand(rs: ClaudeRuleSet, r: ClaudeRule): Finding[] {
  if (r.matcher.kind !== 'bash' || r.specifier === null || !isExact(r.matcher.pattern)) return [];
  const spec = r.specifier.replace(/\s+/g, ' ').trim();
  if (decideWith(rs, [r], bash(spec)).decision !== r.tier) return [];
  const suggestion = `Bash(${spec} *)`;
  const laxer = (d: string) => (r.tier === 'allow' ? d !== 'allow' : r.tier === 'deny' ? d !== 'deny' : d === 'allow');
  for (const witness of broaderCommands(spec)) {
    const got = decideWith(rs, rs.rules, bash(witness));
    if (!laxer(got.decision)) continue;
    // Approvals the agent saves itself are exact on purpose; at most a hint there.
    const saved = r.file.replace(/\\/g, '/').endsWith(`/${LOCAL_SETTINGS_FILE}`);
    const severity = r.tier === 'allow' ? (saved ? 'hint' : 'information') : 'warning';
    return [finding('exact-command-pattern', severity, exactHeadline(witness, got.decision, r.tier, `"${clip(r.text)}"`, r.tier === 'allow' ? undefined : `"${clip(suggestion)}"`), r.range, {
      witness,
      data: { ruleIndex: r.index, suggestion, claim: { request: bash(witness), decision: got.decision } },
    })];
  }
  return [];
}

/**
 * Rules that can take a request from `r`: every stricter tier, and the rules of its own tier that
 * rank above it. Within a tier the order never changes a decision, so redundancy cannot follow the
 * list order either: a same-tier rule ranks above `r` when it alone covers everything `r` matches
 * and is strictly broader, or, for two rules that cover each other exactly, when it comes first
 * (the later copy is the one reported). The ranking is a strict order, so removing every rule
 * reported dead at once still changes no decision.
 */
function competingRules(rs: ClaudeRuleSet, r: ClaudeRule): ClaudeRule[] {
  return competitorsOf(rs, r, (o) => o !== r && ranksAbove(o, r));
}

/** Whether same-tier rule `o` makes `r` redundant on its own (see `competingRules`). */
function ranksAbove(o: ClaudeRule, r: ClaudeRule): boolean {
  // Saved approvals are hundreds of exact commands sharing a first word: compare their words directly.
  const ow = exactWordsOf(o);
  const rw = ow && exactWordsOf(r);
  if (ow && rw) {
    if (o.matcher.kind !== r.matcher.kind || !rw.every((w) => ow.includes(w))) return false;
    return o.index < r.index || !ow.every((w) => rw.includes(w));
  }
  if (!maySubsume(o, r) || !covers(o, r)) return false;
  return o.index < r.index || !covers(r, o);
}

const EXACT_WORDS = new WeakMap<ClaudeRule, string[] | null>();

/** The commands (or domains) a Bash/WebFetch rule without wildcards matches, else null. */
function exactWordsOf(r: ClaudeRule): string[] | null {
  let hit = EXACT_WORDS.get(r);
  if (hit !== undefined) return hit;
  const m = r.matcher;
  hit = m.kind === 'bash' || m.kind === 'domain' ? literalWordsOf(m.pattern) ?? null : null;
  EXACT_WORDS.set(r, hit);
  return hit;
}

/** Whether `o` alone covers everything `r` matches. */
function covers(o: ClaudeRule, r: ClaudeRule): boolean {
  if (o.matcher.kind === 'tool-glob' && o.tier === 'allow') return false;
  const c = coverage(r, [o]);
  return !!c && c.by.length > 0;
}

/** A cheap necessary condition for `o` covering `r`: the same tool, and words in common. */
function maySubsume(o: ClaudeRule, r: ClaudeRule): boolean {
  const a = o.matcher;
  const b = r.matcher;
  if ((a.kind === 'bash' && b.kind === 'bash') || (a.kind === 'domain' && b.kind === 'domain')) {
    // Finitely many words never hold all of a pattern with a `*` in it.
    if (exactWordsOf(o) && b.pattern.alts.some((alt) => alt.some((x) => x.t === 'star'))) return false;
    return mayOverlap(a.pattern, b.pattern);
  }
  return true;
}

function deadRule(rs: ClaudeRuleSet, r: ClaudeRule, rel: (r: ClaudeRule, m: string) => RelatedInfo): Finding[] {
  if (r.matcher.kind === 'invalid' || r.matcher.kind === 'never' || (r.matcher.kind === 'tool-glob' && r.tier === 'allow')) return [];
  const cover = coverage(r, competingRules(rs, r));
  if (!cover || !cover.by.length) return [];
  const claim = confirmDead(rs, r, cover);
  if (claim === false) return [];
  const sameTier = cover.by.every((c) => c.tier === r.tier);
  const head = cover.by[0];
  const more = cover.by.length > 1 ? ` and ${cover.by.length - 1} more` : '';
  const msg = sameTier
    ? `"${clip(r.text)}" is redundant: "${clip(head.text)}"${more} (${head.tier}) already decides everything it matches the same way`
    : `"${clip(r.text)}" never decides: "${clip(head.text)}"${more} (${head.tier}) is checked first and matches everything it does`;
  return [finding('dead-rule', 'information', `${msg}${cover.witness && msg.length < 120 ? `, e.g. \`${clip(cover.witness)}\`` : ''}`, r.range, {
    related: cover.by.map((c) => rel(c, `${c.tier === r.tier ? 'decides it too' : 'decides first'} (${c.tier})`)),
    unnecessary: true,
    ...(cover.witness ? { witness: cover.witness } : {}),
    data: { ruleIndex: r.index, fix: 'remove-rule', ...(claim ? { claim } : {}) },
  })];
}

/**
 * The evaluator's confirmation of a dead-rule claim on its witness: the decision is a coverer's
 * tier, and removing the rule changes nothing. `false` when it disagrees (no finding then);
 * undefined when the witness cannot be phrased as a request (MCP and generic rules, whose
 * coverage is a plain name test).
 */
function confirmDead(rs: ClaudeRuleSet, r: ClaudeRule, cover: { by: ClaudeRule[]; witness?: string }): Record<string, unknown> | false | undefined {
  const m = r.matcher;
  // The automata prove Bash and WebFetch coverage; an empty or odd sample is no request to replay.
  if (cover.witness === undefined || cover.witness === '') return m.kind === 'path' ? false : undefined;
  const req = requestFor(m, cover.witness, r);
  if (!req) return m.kind === 'path' ? false : undefined;
  const full = decideWith(rs, rs.rules, req);
  const rest = decideWith(rs, without(rs, r), req);
  // The evaluator may name `r` itself when it comes first in its tier; what matters is that the
  // decision stands without it, taken by a rule of that decision's tier.
  if (rest.decision !== full.decision || rest.rule === null) return false;
  // Name the rule that really decides the witness first: a whole-tool coverer may sit in a milder tier.
  const decider = rs.rules[rest.rule];
  if (decider.tier !== rest.decision) return false;
  cover.by = [decider, ...cover.by.filter((c) => c !== decider)];
  return { request: req, decision: full.decision, sameWithout: r.index };
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
    // One covering rule needs no overlap test (it shares every word); a union names those that share some.
    const by = same.length === 1 ? same : same.filter((o) => typeof overlap(m.pattern, o.matcher.pattern) === 'string');
    return { by, witness: exampleOf(m) };
  }
  if (m.kind === 'path') {
    // `/p` is relative to each rule's own settings source: equal bodies from different layers differ.
    const by = others.find((o) => o.matcher.kind === 'path' && (m.anchor !== 'source' || o.sourceRoot === r.sourceRoot) && pathCovers(o.matcher, m, o.tier, r.tier));
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
 * coverer's pattern is the same, everything (`**`), or a folder (`dir/**`) the other lies inside
 * (not the folder itself).
 */
function pathCovers(c: Extract<RuleMatcher, { kind: 'path' }>, r: Extract<RuleMatcher, { kind: 'path' }>, tier: string, ownTier: string): boolean {
  // A Read deny also blocks edits, so it covers Edit allows and asks; an Edit deny next to it is
  // a defensive duplicate a user keeps on purpose, not a dead rule.
  const family = c.family === r.family || (c.family === 'read' && r.family === 'edit' && tier === 'deny' && ownTier !== 'deny');
  if (!family || c.anchor !== r.anchor) return false;
  if (c.anyDepth !== r.anyDepth) return c.body === '**';
  if (c.body === r.body || c.body === '**') return true;
  if (c.body.endsWith('/**')) {
    const dir = c.body.slice(0, -3);
    // Only what lies inside: whether `dir/**` also takes the folder itself is where glob libraries
    // and gitignore differ, and a claim resting on it could delete the one rule that decides.
    return !/[*?[\]{}!]/.test(dir) && r.body.startsWith(dir + '/');
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
