import { posix } from 'path';
import { stricter, type Decision, type EvalContext, type TraceRow, type TraceSection, type Verdict } from '../../model';
import { guardedFile } from './guarded';
import { entryTest, type Test } from './match';
import { decisionOf } from './parse';
import type { AmpAction, AmpRequest, AmpRule, AmpRuleSet } from './types';

/** Amp's file tools whose `path` is the file the call modifies (the guarded-files check). */
export const FILE_TOOLS: readonly string[] = ['edit_file', 'create_file', 'delete_file', 'undo_edit', 'format_file'];
/** Tools that modify files RuleLens cannot name from the arguments alone. */
const OPAQUE_FILE_TOOLS: readonly string[] = ['apply_patch'];
const COLUMNS = ['tool', 'context', 'matches'];

/** Shell control that Amp's string patterns never look inside: the whole line is one string to them. */
const SHELL_CONTROL = /&&|\|\||[;|\n`]|\$\(/;

interface Walk {
  hit?: AmpRule;
  aborted?: string;
  /** Actions of entries RuleLens could not decide that were passed over (the outcome may be theirs). */
  unsure: AmpRule[];
  rows: TraceRow[];
}

function walk(rules: readonly AmpRule[], req: AmpRequest): Walk {
  const out: Walk = { unsure: [], rows: [] };
  for (const r of rules) {
    const t: Test = entryTest(r.entry, req.tool, req.args, req.context);
    const row: TraceRow = { rule: r.index, label: r.label, matches: [t !== 'no' || null, null, null] };
    if (t === 'match') {
      row.matches = [true, true, true];
      out.rows.push(row);
      out.hit = r;
      return out;
    }
    if (t === 'throw') {
      row.matches = [true, null, null];
      row.note = 'an invalid regex throws "Invalid regex pattern": Amp abandons this whole list for the call';
      out.rows.push(row);
      out.aborted = `rule ${r.index + 1} has an invalid regex`;
      return out;
    }
    if (t === 'unsure') {
      row.matches = [true, null, null];
      row.note = 'RuleLens cannot decide this entry (a pattern past the linear matcher, or a key Amp reads off Object.prototype): passed over, and the outcome capped at ask';
      out.unsure.push(r);
    } else if (r.entry.context && r.entry.context !== req.context) {
      row.note = `context "${r.entry.context}": Amp evaluates with "${req.context}"${r.entry.context === 'subagent' ? ' (its permissions plugin always passes "thread")' : ''}`;
    }
    out.rows.push(row);
  }
  return out;
}

interface Outcome {
  decision: Decision;
  native: string;
  branch: string;
}

/** What one action does to the call, as Amp's permissions plugin carries it out (`A_e`). */
function carryOut(action: AmpAction | null, r: AmpRule | undefined, req: AmpRequest, notes: string[]): Outcome {
  const where = r ? `${r.ampLayer === 'built-in' ? 'built-in' : r.ampLayer} rule ${r.matchIndex}` : '';
  switch (action) {
    case 'allow':
      return { decision: 'allow', native: 'allow', branch: `first match: ${where} allows` };
    case 'reject':
      return { decision: 'deny', native: 'reject', branch: `first match: ${where} rejects${r?.entry.message ? ' (its message goes back to the model, which continues)' : ''}` };
    case 'delegate': {
      const exit = req.delegateExit;
      if (exit === undefined) {
        notes.push(`delegate: Amp runs ${r?.entry.to} with the call on stdin (exit 0 allow, 1 ask, other reject, 10 s timeout reject); RuleLens cannot run it: at most ask (pin its answer with "delegateExit")`);
        return { decision: 'ask', native: 'delegate', branch: `first match: ${where} delegates to ${r?.entry.to}` };
      }
      const a: AmpAction = exit === 0 ? 'allow' : exit === 1 ? 'ask' : 'reject';
      const o = carryOut(a, r, req, notes);
      return { ...o, branch: `${o.branch.replace(/ (?:allows|rejects|asks)$/, '')} delegates to ${r?.entry.to}, which exits ${exit}: ${a}` };
    }
    case 'ask':
      if (req.rejectPrompts) return { decision: 'deny', native: 'reject', branch: `first match: ${where} asks; rejectPermissionPrompts refuses it` };
      if (!req.interactive) return { decision: 'deny', native: 'ask', branch: `first match: ${where} asks; without a UI (amp -x) the call is refused ("requires user approval")` };
      return { decision: 'ask', native: 'ask', branch: `first match: ${where} asks` };
    default:
      if (req.rejectPrompts) return { decision: 'deny', native: 'reject', branch: 'no entry matches; rejectPermissionPrompts refuses it' };
      return { decision: 'allow', native: 'allow', branch: 'no entry matches: Amp runs the call (A_e: default allow; `amp permissions test` prints action null)' };
  }
}

/** The files a call modifies, for the guarded-files check. */
function modifiedFiles(req: AmpRequest): { files: string[]; unknown?: string } {
  if (req.modifiedFiles) return { files: req.modifiedFiles };
  if (FILE_TOOLS.includes(req.tool) && typeof req.args.path === 'string') return { files: [req.args.path] };
  if (OPAQUE_FILE_TOOLS.includes(req.tool)) return { files: [], unknown: `${req.tool} modifies files RuleLens cannot name from its arguments (give "modifiedFiles")` };
  return { files: [] };
}

/**
 * Amp's decision for a tool call (`A_e` in main.js, @ampcode/cli 0.0.1790142911-g7618fb):
 * `dangerouslyAllowAll` allows everything; without any permission setting the plugin is not
 * running and every call runs; a modified guarded file asks first; then the merged user list,
 * first match, and when nothing there matched (or an invalid regex aborted it) the built-in list;
 * no match at all runs the call. Entries RuleLens cannot decide cap the outcome at ask.
 * @example evaluateAmp(rs, { tool: 'Bash', args: { cmd: 'git status' }, context: 'thread', interactive: true }).decision // 'allow'
 */
export function evaluateAmp(rs: AmpRuleSet, req: AmpRequest, ctx: EvalContext = {}): Verdict {
  const notes: string[] = [];
  const sections: TraceSection[] = [];
  const verdict = (o: Outcome, rule: AmpRule | undefined): Verdict => ({
    decision: o.decision,
    native: o.native,
    code: null,
    rule: rule ? { index: rule.index, id: null, label: rule.label } : null,
    details: { source: rule ? rule.ampLayer : null, matchIndex: rule ? rule.matchIndex : null },
    trace: { dialect: 'amp', branch: o.branch, sections, notes },
  });
  if (rs.unreadable) notes.push('this settings file has a JSON error: Amp reads none of its settings');
  if (req.allowAll || rs.allowAll) {
    notes.push(req.allowAll ? '--dangerously-allow-all' : `amp.dangerouslyAllowAll is true (${rs.allowAllFrom}): every check is off, workspace files included`);
    return verdict({ decision: 'allow', native: 'allow', branch: 'dangerouslyAllowAll: Amp allows every call' }, undefined);
  }
  if (!rs.pluginActive) {
    notes.push('no amp.permissions, amp.guardedFiles.allowlist or amp.dangerouslyAllowAll: false in these settings: the permissions plugin is not registered ("Amp runs tools and commands without asking for confirmation")');
    return verdict({ decision: 'allow', native: 'allow', branch: 'permissions not configured: Amp runs every call' }, undefined);
  }
  if (!rs.rules.some((r) => r.ampLayer !== 'built-in') && rs.rules.some((r) => r.ampLayer === 'built-in')) notes.push('assumed: a permissions setting with no entries still turns the plugin (and its built-in rules) on');

  // Guarded files ask before any rule.
  let guard: Decision | undefined;
  const mod = modifiedFiles(req);
  let guardUnsure = mod.unknown;
  for (const f of mod.files) {
    const abs = f.startsWith('/') ? posix.normalize(f) : ctx.root ? posix.join(ctx.root, f) : undefined;
    if (!abs) {
      guardUnsure ??= `the path ${f} is relative and the workspace is unknown: the guarded-file check cannot be made`;
      continue;
    }
    const g = guardedFile(abs, rs.guardedAllowlist, ctx.home);
    if ('unsure' in g) guardUnsure ??= g.unsure;
    else if (g.guarded) {
      guard = req.interactive && !req.rejectPrompts ? 'ask' : 'deny';
      notes.push(`guarded file ${abs} (${g.guarded}): Amp asks "Guarded File Modification" before any rule${guard === 'deny' ? '; without a UI the call is refused' : ''}`);
      break;
    }
  }

  const userRules = rs.rules.filter((r) => r.ampLayer !== 'built-in');
  const builtins = rs.rules.filter((r) => r.ampLayer === 'built-in');
  const user = walk(userRules, req);
  sections.push({ kind: 'list', subject: 'user and workspace entries', columns: COLUMNS, rows: user.rows, controlling: user.hit?.index ?? null, decision: user.hit ? decisionOf(user.hit.entry.action) : null, branch: user.hit ? 'first match' : user.aborted ? `aborted: ${user.aborted}` : 'no entry matches' });
  if (user.aborted) notes.push(`${user.aborted}: Amp abandons the user list for this call and the built-in rules decide (every other user entry is skipped)`);
  let hit = user.hit;
  const unsure = [...user.unsure];
  if (!hit) {
    const b = walk(builtins, req);
    unsure.push(...b.unsure);
    hit = b.hit;
    if (builtins.length) sections.push({ kind: 'list', subject: 'built-in rules', columns: COLUMNS, rows: b.rows, controlling: b.hit?.index ?? null, decision: b.hit ? decisionOf(b.hit.entry.action) : null, branch: b.hit ? 'first match' : 'no entry matches' });
  }
  let o = carryOut(hit?.entry.action ?? null, hit, req, notes);
  if (hit && hit.ampLayer === 'built-in' && o.decision === 'allow' && typeof (req.args.cmd ?? req.args.command) === 'string' && SHELL_CONTROL.test(String(req.args.cmd ?? req.args.command))) {
    notes.push(`warning: Amp matches the whole command line as one string, so built-in rule ${hit.matchIndex} allows every part of it, whatever follows the first command`);
  }
  // Undecided entries passed over might have decided instead: the stricter of the possibilities, never allow.
  for (const r of unsure) {
    const alt = carryOut(r.entry.action, r, req, []);
    if (stricter(alt.decision, o.decision) !== o.decision) o = { ...alt, branch: `${alt.branch} (an entry RuleLens cannot decide may match first)` };
  }
  if (unsure.length && o.decision === 'allow') o = { decision: 'ask', native: 'ask', branch: `${o.branch}; capped at ask: ${unsure.length} entr${unsure.length === 1 ? 'y' : 'ies'} before it could not be decided` };
  if (guard) o = stricter(guard, o.decision) === o.decision ? o : { decision: guard, native: 'ask', branch: `guarded file: Amp asks before the rules (${o.branch})` };
  else if (guardUnsure && o.decision === 'allow') {
    notes.push(`assumed: ${guardUnsure}`);
    o = { decision: 'ask', native: 'ask', branch: `${o.branch}; capped at ask: the guarded-file check cannot be made` };
  }
  return verdict(o, hit);
}
