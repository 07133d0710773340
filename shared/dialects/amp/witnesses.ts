import { wildcardLimit } from '../../analysis/classes';
import { changedMiddle } from '../../diff/candidates';
import { realisticCommands } from '../../diff/realistic';
import { sliced, uniqueCandidates, type Candidate, type SearchArea } from '../../diff/search';
import type { EvalContext } from '../../model';
import { evaluateAmp } from './evaluate';
import { describeAmpRequest } from './request';
import type { AmpCondition, AmpRequest, AmpRule, AmpRuleSet } from './types';

/** A rule as both versions compare it: its entry (first match: the order matters too). */
const ruleKey = (r: AmpRule) => JSON.stringify([r.ampLayer, r.entry]);

const FILLS = ['', 'x', 'main', 'status'];
/** Commands tried against a rule with no command pattern. */
const COMMANDS_FOR_TOOL_RULES = 40;

function stringsOf(c: AmpCondition | undefined): string[] {
  if (typeof c === 'string') return [c];
  if (Array.isArray(c)) return c.flatMap(stringsOf);
  return [];
}

/** Members of an Amp glob or the words of a regex (best effort; each candidate is decided by the evaluator). */
function fillsOf(p: string): string[] {
  if (p.length >= 3 && p.startsWith('/') && p.endsWith('/')) {
    const words = p.slice(1, -1).replace(/\\s[+*]?/g, ' ').replace(/\.\*|[$()*+?[\\\]^]/g, '').split('|');
    return words.map((w) => w.trim()).filter(Boolean);
  }
  return [...new Set(FILLS.map((f) => p.replace(/\*/g, f)))];
}

/** Wildcards of a glob (a regex is filled from its words, not walked). */
const starsOf = (p: string) => (p.length >= 3 && p.startsWith('/') && p.endsWith('/') ? 0 : (p.match(/[*?]/g) ?? []).length);

/**
 * The patterns of a rule too large to fill cheaply, each as a "not searched" line: a filled
 * 200-star pattern is a subject hundreds of words long that every entry is then matched against.
 * @example unfilled(rule) // ['cmd "*a*a…": its pattern has 200 wildcards (more than 16)']
 */
function unfilled(r: AmpRule): string[] {
  const m = r.entry.matches ?? {};
  return Object.keys(m).flatMap((k) =>
    stringsOf(m[k]).flatMap((p) => {
      const limit = wildcardLimit(starsOf(p));
      return limit === undefined ? [] : [`${k === 'command' ? 'cmd' : k} "${p.length > 40 ? `${p.slice(0, 40)}…` : p}": ${limit}`];
    }),
  );
}

function candidatesOf(r: AmpRule): AmpRequest[] {
  const base = { context: 'thread' as const, interactive: true };
  const tool = /[*?[{]/.test(r.entry.tool) ? (r.entry.tool.toLowerCase().startsWith('mcp__') ? r.entry.tool.replace(/\*/g, 'x') : 'Bash') : r.entry.tool;
  const out: AmpRequest[] = [];
  const m = r.entry.matches ?? {};
  const keys = Object.keys(m);
  if (keys.length === 0) {
    if (tool === 'Bash') for (const cmd of realisticCommands().slice(0, COMMANDS_FOR_TOOL_RULES)) out.push({ ...base, tool, args: { cmd } });
    else out.push({ ...base, tool, args: {} });
    return out;
  }
  for (const k of keys) {
    for (const p of stringsOf(m[k])) {
      if (wildcardLimit(starsOf(p)) !== undefined) continue;
      for (const f of fillsOf(p)) {
        out.push({ ...base, tool, args: { [k]: f } });
        if (k === 'cmd' || k === 'command') out.push({ ...base, tool, args: { [k]: `${f} && rm -rf build` } }, { ...base, tool, args: { [k]: `rm -rf build\n${f}` } });
      }
    }
  }
  return out;
}

/**
 * Change impact for Amp: tool calls decided differently by two versions of a settings file, each
 * confirmed by `evaluateAmp` under both. The first match decides, so the entries outside the
 * longest start and end both lists share are the changed ones; candidates come from their own
 * patterns, the same with `&& …` and a second line, and realistic commands. A pattern with more
 * than `MAX_WALKED_WILDCARDS` wildcards is not filled: the result says it was not searched.
 */
export const ampWitnesses = sliced<AmpRuleSet, AmpRequest>((base, current, known, deadline, ctx: EvalContext) => {
  const userOf = (rs: AmpRuleSet) => rs.rules.filter((r) => r.ampLayer !== 'built-in');
  const changed = changedMiddle(userOf(base), userOf(current), ruleKey);
  const rules = [...changed.base, ...changed.current];
  const switched = base.pluginActive !== current.pluginActive || base.allowAll !== current.allowAll;
  const area: SearchArea<AmpRequest> = {
    name: 'tool calls the changed entries name',
    candidates: (): Iterable<Candidate<AmpRequest>> =>
      uniqueCandidates([...rules.flatMap(candidatesOf), ...(switched ? realisticCommands().slice(0, COMMANDS_FOR_TOOL_RULES).map((cmd) => ({ tool: 'Bash', args: { cmd }, context: 'thread' as const, interactive: true })) : [])], (q) => q.tool),
  };
  return {
    base,
    current,
    areas: [area],
    decide: (q) => [evaluateAmp(base, q, ctx), evaluateAmp(current, q, ctx)],
    describe: describeAmpRequest,
    subject: (q) => {
      const s = q.args.cmd ?? q.args.command ?? q.args.path;
      return typeof s === 'string' ? s : null;
    },
    known,
    deadline,
    unsearched: [...new Set(rules.flatMap(unfilled))],
  };
});
