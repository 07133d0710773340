import { clipText, finding, type Finding, type RelatedInfo, type Verdict } from '../../model';
import { isExact, isUniversal, matchesPattern } from '../../patterns/wildcard';
import { broaderCommands, exactHeadline, fileCommand, probesFor, READERS, runsAnythingFindings, runsAnythingHeadline, spellings, strongestProbe, WRITERS, type Claim, type Probe, type RunsAnythingHit, type Writable } from '../../programs';
import { literalPrefixOf } from '../../analysis/keys';
import { COMMAND_ACTIONS } from './builtins';
import { compileOpencodeFast } from './fast';
import { normalizeInput } from './pattern';
import { finish, type Steps } from '../../analysis/steps';
import type { OpencodeRequest, OpencodeRule, OpencodeRuleSet } from './rules';

/** The command action a rule's action pattern admits (`bash`, or V2's `shell`), if any. */
function commandAction(r: OpencodeRule): string | undefined {
  return COMMAND_ACTIONS.find((a) => matchesPattern(r.actionPattern, a));
}

/** A request of the rule's own agent (a top-level rule's requests run as the default agent). */
function request(r: OpencodeRule, action: string, resource: string): OpencodeRequest {
  return { action, resources: [resource], ...(r.agent !== null ? { agent: r.agent } : {}) };
}

/**
 * Rule visits the command lints may spend on one file (each evaluation visits every rule): a file
 * of ordinary size is checked whole; one of 100,000 rules is checked until this runs out, and
 * says so, instead of taking hours.
 */
export const MAX_COMMAND_LINT_WORK = 3_000_000;

/** Thrown when a file's command lints have spent their work. */
class OutOfWork extends Error {}

/** The work left for the command lints of a rule set being linted now. */
const workLeft = new WeakMap<OpencodeRuleSet, { left: number }>();

/** Per rule set being linted, its compiled evaluator (gone with the parse). */
const evaluators = new WeakMap<OpencodeRuleSet, (request: unknown) => Verdict>();

/**
 * The decision OpenCode takes for one resource, and the rule that controls it. Through the
 * compiled form, which decides exactly as `evaluateOpencode` and builds no trace: the reference
 * builds a trace row per rule, and the lints of a 5,000-rule file made about 400 MB of them. The
 * work is still counted as a reference scan, so the lints stop where they always did.
 */
function decide(rs: OpencodeRuleSet, req: OpencodeRequest): { decision: string; rule: number | null } {
  const work = workLeft.get(rs);
  if (work && (work.left -= rs.rules.length) < 0) throw new OutOfWork();
  let evaluate = evaluators.get(rs);
  if (!evaluate) evaluators.set(rs, (evaluate = compileOpencodeFast(rs)));
  const v = evaluate(req);
  return { decision: v.decision, rule: v.rule?.index ?? null };
}

/** How messages name a rule: its pattern as written, and its agent. */
function labelOf(r: OpencodeRule): string {
  return `"${clipText(r.resource, 40)}"${r.agent !== null ? ` (agent ${r.agent})` : ''}`;
}

/**
 * `exact-command-pattern` for OpenCode: a command pattern without a wildcard decides only that
 * exact command; reported when the command with arguments is decided otherwise by OpenCode itself
 * (every rule and built-in layer), saying what it becomes.
 */
function exactFinding(rs: OpencodeRuleSet, r: OpencodeRule, action: string): Finding | undefined {
  const exact = normalizeInput(r.resource).trim();
  if (exact === '' || decide(rs, request(r, action, exact)).decision !== r.decision) return undefined;
  const laxer = (d: string) => (r.decision === 'allow' ? d !== 'allow' : r.decision === 'deny' ? d !== 'deny' : d === 'allow');
  for (const witness of broaderCommands(exact)) {
    const req = request(r, action, witness);
    const got = decide(rs, req).decision;
    if (!laxer(got)) continue;
    const suggestion = r.decision === 'allow' ? undefined : `"${exact} *"`;
    return finding('exact-command-pattern', r.decision === 'allow' ? 'information' : 'warning', exactHeadline(witness, got, r.decision, labelOf(r), suggestion), r.resourceRange, {
      witness,
      data: { rule: r.index, replacement: `${exact} *`, claims: [{ request: req, decision: got }] },
    });
  }
  return undefined;
}

/** Whether OpenCode writes `file` for this rule's agent without asking. */
function writable(rs: OpencodeRuleSet, r: OpencodeRule, file: string): Writable {
  const req = request(r, 'edit', file);
  const d = decide(rs, req).decision;
  return d === 'allow'
    ? { allowed: true, note: `the agent edits ${file} without asking (edit is allowed)`, claim: { request: req, decision: 'allow' } }
    : { allowed: false, note: `editing ${file} is ${d === 'deny' ? 'denied' : 'asked first'}, so this needs that permission too` };
}

/**
 * The agents a rule's requests are tried as: its own, or for a top-level rule the default agent
 * first and then every other agent (a top-level rule may decide only for some of them).
 */
function agentsOf(rs: OpencodeRuleSet, r: OpencodeRule): Array<string | null> {
  if (r.agent !== null) return [r.agent];
  const others = (rs.builtins?.known ?? rs.agents).filter((a) => a !== rs.builtins?.defaultAgent);
  return [null, ...others];
}

/** An allow's strongest knowledge-base witness, proved by OpenCode on the whole configuration. */
function runsAnythingHit(rs: OpencodeRuleSet, r: OpencodeRule, action: string): RunsAnythingHit | undefined {
  // A cheap first sieve, the same for every agent: the rule's own pattern must match (`start`
  // spares the others). Most rules match no witness, and no agent's decision is asked then.
  const matched = probesFor(normalizeInput(r.resource), literalPrefixOf(r.resourcePattern)).filter((p) => matchesPattern(r.resourcePattern, p.command));
  if (!matched.length) return undefined;
  for (const agent of agentsOf(rs, r)) {
    const hit = runsAnythingHitAs(rs, agent === r.agent ? r : { ...r, agent }, action, r, matched);
    if (hit) return hit;
  }
  return undefined;
}

/** The hit for `r` with its requests made as `as`'s agent, among the witnesses its pattern matches. */
function runsAnythingHitAs(rs: OpencodeRuleSet, as: OpencodeRule, action: string, r: OpencodeRule, matched: readonly Probe[]): RunsAnythingHit | undefined {
  const allowedHere = (cmd: string) => {
    const o = decide(rs, request(as, action, cmd));
    return o.decision === 'allow' && o.rule === r.index;
  };
  const allowed = (cmd: string) => decide(rs, request(as, action, cmd)).decision === 'allow';
  const admitted = matched.filter((p) => allowedHere(p.command) && p.followUp.every(allowed));
  const best = strongestProbe(admitted, (p: Probe) => writable(rs, as, p.capability.writes!));
  if (!best) return undefined;
  const claims: Claim[] = [best.probe.command, ...best.probe.followUp].map((c) => ({ request: request(as, action, c), decision: 'allow' }));
  const label = as.agent !== r.agent ? `${labelOf(r)} (for agent ${as.agent})` : labelOf(r);
  return { label, range: r.resourceRange, probe: best.probe, also: best.also, ...(best.writable ? { writable: best.writable } : {}), claims, data: { rule: r.index, kind: best.probe.capability.group } };
}

/** A text without the `*` that start and end it. */
function trimStars(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s[a] === '*') a++;
  while (b > a && s[b - 1] === '*') b--;
  return s.slice(a, b);
}

/** A file a read/edit pattern names, as a plain shell word: wildcards that end or start it empty, others a letter. */
function fileOf(r: OpencodeRule): string | undefined {
  if (isUniversal(r.resourcePattern)) return undefined;
  const file = trimStars(normalizeInput(r.resource)).replace(/\*+/g, 'x').replace(/\?/g, 'x');
  return file && /^[\w./~@+-]+$/.test(file) && matchesPattern(r.resourcePattern, file) ? file : undefined;
}

/**
 * `cross-tool-bypass` for OpenCode: a read (or edit) deny on a file while a bash allow runs a
 * reader (or writer) on that very file. OpenCode's bash tool never consults the read rules, so both
 * halves are OpenCode's own decisions: the file tool denied, the shell command allowed. One finding
 * per deny, every command that gets through listed.
 */
function crossToolFindings(rs: OpencodeRuleSet, own: readonly OpencodeRule[], into: Finding[] = []): Finding[] {
  const out = into;
  if (!own.some((r) => r.decision === 'allow' && commandAction(r))) return out;
  const done = new Set<string>();
  for (const d of own) {
    if (d.decision !== 'deny' || (d.action !== 'read' && d.action !== 'edit')) continue;
    const file = fileOf(d);
    const key = `${d.action}\u0000${d.resource}`;
    if (!file || done.has(key)) continue;
    const toolReq = request(d, d.action, file);
    if (decide(rs, toolReq).decision !== 'deny') continue;
    const through: Array<{ cmd: string; by: OpencodeRule; does: string; req: OpencodeRequest }> = [];
    for (const t of d.action === 'read' ? READERS : WRITERS) {
      const cmd = fileCommand(t, file);
      const req = request(d, 'bash', cmd);
      const o = decide(rs, req);
      if (o.decision === 'allow' && o.rule !== null && rs.rules[o.rule].layer === undefined) through.push({ cmd, by: rs.rules[o.rule], does: t.does, req });
    }
    if (!through.length) continue;
    done.add(key);
    const [first, ...others] = through;
    const what = d.action === 'read' ? 'read' : 'written';
    const more = others.length ? ` (and ${others.length} more command${others.length > 1 ? 's' : ''})` : '';
    const related: RelatedInfo[] = [{ range: first.by.resourceRange, message: `allows \`${first.cmd}\`, which ${d.action === 'read' ? 'reads' : 'writes'} the same file: bash never consults the ${d.action} rules` }];
    for (const o of others) related.push({ range: o.by.resourceRange, message: `allows \`${o.cmd}\` too (it ${o.does})` });
    out.push(finding('cross-tool-bypass', 'warning', `${file} can be ${what} through bash: ${labelOf(first.by)} allows \`${first.cmd}\`${more}, despite ${labelOf(d)}`, d.resourceRange, {
      related,
      witness: first.cmd,
      data: { rule: d.index, claims: [{ request: toolReq, decision: 'deny' }, ...through.map((t) => ({ request: t.req, decision: 'allow' }))] },
    }));
  }
  return out;
}

/** Files whose writing runs code later, with what follows: a hook git runs, a file a tool executes. */
const CODE_FILES: ReadonlyArray<{ file: string; consequence: string; reason: string }> = [
  // First: a config file runs its command whatever its mode. A hook the edit tool creates is not
  // executable and git skips it; rewriting one that exists keeps its mode. direnv's .envrc is not
  // here: a changed .envrc is blocked until the user runs `direnv allow`.
  { file: '.git/config', consequence: 'any command can run on the next git command', reason: 'core.fsmonitor in .git/config runs its command on every git status (git-config(1): core.fsmonitor)' },
  { file: '.husky/pre-commit', consequence: 'any command can run on the next commit', reason: 'husky runs its hook scripts through sh on every commit, executable or not' },
  { file: '.git/hooks/pre-commit', consequence: 'any command can run on the next commit', reason: 'git runs an executable .git/hooks/pre-commit before every commit, and rewriting an existing hook keeps its mode (githooks(5))' },
];

/**
 * An edit allow that lets the agent write a file that runs code later (a git hook), proved by
 * OpenCode's own decision for that edit. Reported as `allow-runs-anything`; a universal edit allow
 * is `broad-catch-all`'s, which names the same consequence.
 */
export function codeFileWrite(rs: OpencodeRuleSet, r: OpencodeRule): { file: string; consequence: string; reason: string; req: OpencodeRequest } | undefined {
  if (r.decision !== 'allow' || !matchesPattern(r.actionPattern, 'edit')) return undefined;
  for (const c of CODE_FILES) {
    if (!matchesPattern(r.resourcePattern, c.file)) continue;
    const req = request(r, 'edit', c.file);
    const o = decide(rs, req);
    if (o.decision === 'allow' && o.rule === r.index) return { ...c, req };
  }
  return undefined;
}

function codeFileFindings(rs: OpencodeRuleSet, own: readonly OpencodeRule[]): Finding[] {
  const out: Finding[] = [];
  const seen = new Map<string, Finding>();
  for (const r of own) {
    if (isUniversal(r.resourcePattern)) continue;
    const hit = codeFileWrite(rs, r);
    if (!hit) continue;
    const key = `${r.action}\u0000${r.resource}`;
    const prev = seen.get(key);
    if (prev) {
      // The same rule under another agent: one finding, every agent listed.
      prev.related!.push({ range: r.resourceRange, message: `${labelOf(r)} allows writing ${hit.file} too` });
      (prev.data!.claims as Claim[]).push({ request: hit.req, decision: 'allow' });
      continue;
    }
    const f = finding('allow-runs-anything', 'warning', runsAnythingHeadline(hit.consequence, labelOf(r), hit.file, 1, 'allows writing'), r.resourceRange, {
      related: [{ range: r.resourceRange, message: `why: ${hit.reason}` }],
      witness: hit.file,
      data: { rule: r.index, kind: 'code-file', claims: [{ request: hit.req, decision: 'allow' }] },
    });
    seen.set(key, f);
    out.push(f);
  }
  return out;
}

/** One deny's command spelled other ways the agent does not deny: flags reordered or split, long forms, paths. */
function narrowDenyFinding(rs: OpencodeRuleSet, r: OpencodeRule, action: string): Finding | undefined {
  const subject = normalizeInput(r.resource).replace(/(\S)\*$/, '$1').replace(/ \*$/, ' x').replace(/\*/g, 'x').replace(/\s+/g, ' ').trim();
  if (!/^[\w./~@+=:-]+(?: [\w./~@+=:-]+)*$/.test(subject)) return undefined;
  const own = request(r, action, subject);
  const self = decide(rs, own);
  if (self.decision !== 'deny' || self.rule !== r.index) return undefined;
  // One loop, not a chain of maps: the spellings are none for many rules, and the chain's empty
  // arrays made the optimized lints bail out and be compiled anew.
  const dodges: Array<ReturnType<typeof spellings>[number] & { req: OpencodeRequest; got: string }> = [];
  for (const s of spellings(subject)) {
    const req = request(r, action, s.command);
    const got = decide(rs, req).decision;
    if (got !== 'deny') dodges.push({ ...s, req, got });
  }
  if (!dodges.length) return undefined;
  const [w] = dodges;
  const everyday = dodges.some((d) => d.kind === 'flags' || d.kind === 'long');
  const more = dodges.length > 1 ? ` (and ${dodges.length - 1} more spelling${dodges.length > 2 ? 's' : ''})` : '';
  return finding('deny-narrower-than-it-looks', everyday ? 'warning' : 'information', `\`${w.command}\` ${w.got === 'allow' ? 'is allowed' : 'is asked, not denied'}${more}: ${labelOf(r)} denies \`${subject}\`, the same command`, r.resourceRange, {
    related: dodges.slice(1).map((d) => ({ range: r.resourceRange, message: `\`${d.command}\` is ${d.got === 'allow' ? 'allowed' : 'asked'} too` })),
    witness: w.command,
    data: { rule: r.index, dodges: dodges.map((d) => d.command), claims: [{ request: own, decision: 'deny' }, ...dodges.map((d) => ({ request: d.req, notDecision: 'deny' }))] },
  });
}

/**
 * The command-level lints of an OpenCode file, every claim decided by OpenCode's own evaluation of
 * the whole configuration: `exact-command-pattern`, `allow-runs-anything` (knowledge-base
 * witnesses, one finding per root cause across rules and agents; edits of files that run code),
 * `deny-narrower-than-it-looks` and `cross-tool-bypass`.
 * @example commandLints(rs, own).map((f) => f.code) // ['allow-runs-anything', 'cross-tool-bypass']
 */
export function commandLints(rs: OpencodeRuleSet, own: readonly OpencodeRule[]): Finding[] {
  return finish(commandLintSteps(rs, own));
}

/** Command rules tried between pauses of `commandLintSteps` (each may evaluate a few spellings against the whole file). */
export const COMMAND_LINT_CHUNK = 16;

/**
 * `commandLints` as steps (see `Steps`): the same findings, `COMMAND_LINT_CHUNK` command rules at a time.
 * @example finish(commandLintSteps(rs, own)).map((f) => f.code) // ['allow-runs-anything']
 */
export function* commandLintSteps(rs: OpencodeRuleSet, own: readonly OpencodeRule[]): Steps<Finding[]> {
  const out: Finding[] = [];
  const hits: RunsAnythingHit[] = [];
  workLeft.set(rs, { left: MAX_COMMAND_LINT_WORK });
  let stopped: OpencodeRule | undefined;
  const spend = (r: OpencodeRule | undefined, step: () => void) => {
    if (stopped) return;
    try {
      step();
    } catch (e) {
      if (!(e instanceof OutOfWork)) throw e;
      stopped = r ?? own[own.length - 1];
    }
  };
  try {
    let tried = 0;
    // Once the work is spent, no later rule is tried: the loop ends rather than skimming the rest.
    for (let k = 0; k < own.length && !stopped; k++) {
      const r = own[k];
      const action = commandAction(r);
      if (!action || r.resource.trim() === '') continue;
      if (++tried % COMMAND_LINT_CHUNK === 0) yield;
      spend(r, () => {
        if (isExact(r.resourcePattern)) {
          const f = exactFinding(rs, r, action);
          if (f) out.push(f);
          return;
        }
        // A universal pattern is broad-catch-all's finding: one root cause, one finding.
        if (r.decision === 'allow' && !isUniversal(r.resourcePattern)) {
          const hit = runsAnythingHit(rs, r, action);
          if (hit) hits.push(hit);
        }
        if (r.decision === 'deny') {
          const f = narrowDenyFinding(rs, r, action);
          if (f) out.push(f);
        }
      });
    }
    for (const f of runsAnythingFindings(hits)) out.push(f);
    yield;
    spend(undefined, () => {
      for (const f of codeFileFindings(rs, own)) out.push(f);
    });
    yield;
    // Found findings are kept as they come: a stop part-way keeps the denies already checked.
    spend(undefined, () => void crossToolFindings(rs, own, out));
  } finally {
    workLeft.delete(rs);
  }
  if (stopped) out.push(finding('analysis-budget', 'information', `Command lints stopped at ${labelOf(stopped)}: the file has too many rules to try every command against each`, stopped.resourceRange, { data: { rule: stopped.index } }));
  return out;
}
