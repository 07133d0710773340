import { posix } from 'path';
import type { Decision, EvalContext, TraceRow, TraceSection, Verdict } from '../../model';
import { splitCommand } from '../claude';
import { commandStarts, hostOf, joinedArgs, mcpRuleMatches, pathRuleMatches, placePath, shellRuleMatches, webRuleMatches, type Maybe } from './match';
import type { CursorRequest, CursorRule, CursorRuleSet } from './types';

const COLUMNS = ['type', 'argument'];
/** Shells whose `-c` script, and evaluators whose operands, run code no rule sees. */
const SHELLS = ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh', 'busybox'];
const EVALUATORS = ['eval', 'source', '.'];
/** The prefix of every trace note that states a reading the documentation does not give. */
export const ASSUMED = 'assumed:';

/** One subject's matching rules: the denies and allows that cover it (or may). */
interface Matched {
  deny: CursorRule[];
  maybeDeny: CursorRule[];
  allow: CursorRule[];
  rows: TraceRow[];
}

function row(r: CursorRule, typed: boolean, m: Maybe, note?: string): TraceRow {
  const out: TraceRow = { rule: r.index, label: r.label, matches: [typed, typed ? (m ?? null) : null] };
  if (note) out.note = note;
  return out;
}

function collect(rs: CursorRuleSet, type: CursorRule['type'], test: (r: CursorRule) => Maybe, note?: (r: CursorRule, m: Maybe) => string | undefined): Matched {
  const out: Matched = { deny: [], maybeDeny: [], allow: [], rows: [] };
  for (const r of rs.rules) {
    if (r.type !== type || r.never) {
      out.rows.push(row(r, false, false, r.never));
      continue;
    }
    const m = test(r);
    out.rows.push(row(r, true, m, note?.(r, m)));
    if (r.native === 'deny') {
      if (m === true) out.deny.push(r);
      else if (m === undefined) out.maybeDeny.push(r);
    } else if (m === true) out.allow.push(r);
  }
  return out;
}

function section(subject: string, kind: string, m: Matched, decision: Decision, branch: string): TraceSection {
  const controlling = decision === 'deny' ? m.deny[0] ?? m.maybeDeny[0] : decision === 'allow' ? m.allow[0] : undefined;
  return { kind, subject, columns: COLUMNS, rows: m.rows, controlling: controlling?.index ?? null, decision, branch };
}

/** A subject's decision as documented: any deny → deny, else an allow → allow, else ask. */
function decide(m: Matched): { decision: Decision; branch: string } {
  if (m.deny.length) return { decision: 'deny', branch: 'a deny rule matches: deny rules take precedence over allow rules' };
  if (m.maybeDeny.length) return { decision: 'ask', branch: `${ASSUMED} a deny rule may match (its place cannot be told): never allowed` };
  if (m.allow.length) return { decision: 'allow', branch: 'an allow rule matches and no deny rule does' };
  return { decision: 'ask', branch: 'no rule matches: Cursor CLI asks' };
}

interface Outcome {
  decision: Decision;
  branch: string;
  sections: TraceSection[];
  notes: string[];
  rule?: CursorRule;
  /** Something of the call could not be examined (hidden code, a deny that may match): `--force` cannot clear it. */
  unsure?: boolean;
}

function shellOutcome(rs: CursorRuleSet, command: string): Outcome {
  const split = splitCommand(command);
  const notes: string[] = [];
  const sections: TraceSection[] = [];
  const caps = [...split.failClosed, ...split.refused];
  if (split.subcommands.length > 1) notes.push(`${ASSUMED} Cursor documents the commandBase as "the first token in the command line" and says nothing of compound commands; RuleLens allows only when every sub-command is allowed and denies when any is denied`);
  if (split.writes.length) caps.push(`the command writes ${split.writes.map((w) => w.target).join(', ')} through a redirection, which no Shell rule is documented to cover`);
  let anyDeny: CursorRule | undefined;
  let anyMaybe = false;
  let allAllowed = split.subcommands.length > 0;
  let firstAllow: CursorRule | undefined;
  for (const sub of split.subcommands) {
    const words = sub.words.map((w) => w.value);
    const why: string[] = [...sub.opaque];
    if (sub.words.some((w) => w.dynamic)) why.push('a word is computed at run time');
    const head = words[0] ? posix.basename(words[0]) : '';
    if ((SHELLS.includes(head) && words.includes('-c')) || EVALUATORS.includes(head)) why.push(`${head} runs text as a script the rules never see`);
    const starts = commandStarts(words);
    const argsOf = joinedArgs(words);
    const m = collect(
      rs,
      'Shell',
      (r) => {
        if (r.native === 'allow') return shellRuleMatches(r, words, 0, words[0], argsOf);
        // A deny is tried on the command as written, without wrappers, and by the program's basename.
        return starts.some((i) => shellRuleMatches(r, words, i, words[i], argsOf) || (i < words.length && shellRuleMatches(r, words, i, posix.basename(words[i]), argsOf)));
      },
      (r, hit) => {
        if (r.native === 'deny') return hit && !shellRuleMatches(r, words, 0, words[0], argsOf) ? `${ASSUMED} matched after a wrapper or by the program's basename (not documented)` : undefined;
        return !hit && words.length > 0 && words[0].includes('/') && shellRuleMatches(r, words, 0, posix.basename(words[0]), argsOf) ? `${ASSUMED} an allow compares the first token as written (${words[0]}), not its basename` : undefined;
      },
    );
    let { decision, branch } = decide(m);
    if (words.length === 0 && decision !== 'deny') {
      decision = 'ask';
      branch = `${ASSUMED} a sub-command with no command word is never allowed`;
    }
    if (decision === 'allow' && why.length) {
      decision = 'ask';
      branch = `${ASSUMED} allow not applied: ${why.join('; ')}`;
    }
    sections.push(section(sub.text, 'sub-command', m, decision, branch));
    if (decision === 'deny' && m.deny.length) anyDeny ??= m.deny[0];
    if (m.maybeDeny.length && !m.deny.length) anyMaybe = true;
    if (decision !== 'allow') allAllowed = false;
    else firstAllow ??= m.allow[0];
  }
  if (anyDeny) return { decision: 'deny', branch: 'a sub-command matches a deny rule', sections, notes, rule: anyDeny };
  if (caps.length) {
    notes.push(...caps.map((c) => `${ASSUMED} never allowed: ${c}`));
    return { decision: 'ask', branch: `${ASSUMED} the command cannot be proved to run only what the rules allow`, sections, notes, unsure: true };
  }
  if (allAllowed && !anyMaybe) return { decision: 'allow', branch: 'every sub-command matches an allow rule and none a deny rule', sections, notes, rule: firstAllow };
  return { decision: 'ask', branch: 'not every sub-command is allowed: Cursor CLI asks', sections, notes, unsure: anyMaybe };
}

function single(kind: string, subject: string, m: Matched, notes: string[] = []): Outcome {
  const { decision, branch } = decide(m);
  const rule = decision === 'deny' ? m.deny[0] : decision === 'allow' ? m.allow[0] : undefined;
  return { decision, branch, sections: [section(subject, kind, m, decision, branch)], notes, rule, unsure: m.maybeDeny.length > 0 };
}

function outcomeOf(rs: CursorRuleSet, req: CursorRequest, ctx: EvalContext): Outcome {
  switch (req.tool) {
    case 'Shell':
      return shellOutcome(rs, req.command ?? '');
    case 'Read':
    case 'Write': {
      const at = placePath(req.path ?? '', req.workspace ?? ctx.root ?? rs.workspace);
      const notes: string[] = [`${ASSUMED} Cursor does not say whether * covers names starting with a dot: deny globs do here, allow globs do not`];
      if (!at.abs) notes.push('the workspace root is unknown: absolute rules cannot be compared with this relative path');
      const m = collect(rs, req.tool, (r) => pathRuleMatches(r.argument, at, ctx.home, r.native === 'deny'));
      const subject = at.rel ?? at.abs ?? req.path ?? '';
      return single('path', subject, m, notes);
    }
    case 'WebFetch': {
      const host = hostOf(req.url ?? '');
      const notes = [`${ASSUMED} an allow covers exactly the host it names; a deny also covers its subdomains`];
      if (!host) {
        const m = collect(rs, 'WebFetch', () => false);
        return { ...single('url', req.url ?? '', m, notes), decision: 'ask', branch: `the URL has no host: ${ASSUMED} never allowed` };
      }
      return single('url', host, collect(rs, 'WebFetch', (r) => webRuleMatches(r.argument, host, r.native)), notes);
    }
    case 'Mcp': {
      const server = req.server ?? '';
      const tool = req.mcpTool ?? '';
      const notes = ["the Mcp(…) rule syntax is not shown on Cursor's documentation pages: RuleLens reads Mcp(server, tool) and Mcp(server:tool)"];
      return single('mcp', `${server}:${tool}`, collect(rs, 'Mcp', (r) => mcpRuleMatches(r, server, tool)), notes);
    }
  }
}

/**
 * Cursor CLI's decision for a tool call, as its documentation gives it: any matching deny denies
 * (deny rules take precedence), else a matching allow allows, else it asks; `--force` allows an
 * unmatched Shell or Write call ("Force allow commands unless explicitly denied"). Where the
 * documentation is silent (compound commands, wrappers, dot files, subdomains) RuleLens decides
 * the stricter way and says `assumed:` in the trace; nothing is allowed on an assumption.
 * @example evaluateCursor(parseCursor({ path: '.cursor/cli.json', text: '{"permissions":{"allow":["Shell(ls)"]}}' }), { tool: 'Shell', command: 'ls -la', printMode: false, force: false }).decision // 'allow'
 */
export function evaluateCursor(rs: CursorRuleSet, req: CursorRequest, ctx: EvalContext = {}): Verdict {
  const o = outcomeOf(rs, req, ctx);
  const notes = [...o.notes];
  if (rs.ignored) notes.push('this file is not in force as Cursor CLI reads it: none of its rules apply');
  let { decision, branch } = o;
  let native: string = decision;
  if (decision === 'ask' && req.force && (req.tool === 'Shell' || req.tool === 'Write') && !o.unsure) {
    decision = 'allow';
    native = 'allow';
    branch = '--force: "Force allow commands unless explicitly denied" (docs: cli/reference/parameters); no deny rule matches';
  }
  if (req.printMode && decision === 'ask') notes.push('print mode (-p): what would ask is not run without --force');
  return {
    decision,
    native,
    code: null,
    rule: o.rule && decision === o.decision ? { index: o.rule.index, id: null, label: o.rule.label } : null,
    details: { tool: req.tool },
    trace: { dialect: 'cursor', branch, sections: o.sections, notes },
  };
}
