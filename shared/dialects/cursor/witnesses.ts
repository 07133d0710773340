import { changedRules, globFills } from '../../diff/candidates';
import { realisticCommands, REALISTIC_HOSTS, REALISTIC_PATHS } from '../../diff/realistic';
import { sliced, uniqueCandidates, type Candidate, type SearchArea } from '../../diff/search';
import type { EvalContext } from '../../model';
import { evaluateCursor } from './evaluate';
import { describeCursorRequest } from './request';
import type { CursorRequest, CursorRule, CursorRuleSet } from './types';

/** A rule as both versions compare it (deny wins and order never matters: a multiset of these). */
const ruleKey = (r: CursorRule) => JSON.stringify([r.native, r.text, r.never ? 1 : 0]);

/** Stand-ins for a glob's wildcards. */
const FILL = ['', 'x', 'main'];

function fillsOf(glob: string): string[] {
  return [...new Set(FILL.map((f) => glob.replace(/\*+/g, f).replace(/\?/g, 'a')))].filter((s) => s.trim() !== '');
}

/** Requests one changed rule may decide: its own words, realistic neighbours, and the same with wrappers and joins. */
function candidatesOf(r: CursorRule): CursorRequest[] {
  const base = { printMode: false, force: false };
  switch (r.type) {
    case 'Shell': {
      const heads = fillsOf(r.commandBase ?? '');
      const args = r.args !== undefined ? fillsOf(r.args) : ['', 'status', '-rf build'];
      const out: string[] = [];
      for (const h of heads) for (const a of args) out.push(a ? `${h} ${a}` : h);
      for (const c of realisticCommands()) if (heads.some((h) => c.split(' ')[0] === h)) out.push(c);
      for (const c of out.slice(0, 4)) out.push(`sudo ${c}`, `ls && ${c}`);
      return out.map((command) => ({ ...base, tool: 'Shell', command }));
    }
    case 'Read':
    case 'Write':
      return [...globFills(r.argument), ...REALISTIC_PATHS.slice(0, 4)].map((path) => ({ ...base, tool: r.type!, path }));
    case 'WebFetch': {
      const host = r.argument.replace(/^\*\./, '');
      return [host, `docs.${host}`, ...REALISTIC_HOSTS.slice(0, 3)].map((h) => ({ ...base, tool: 'WebFetch', url: `https://${h}/` }));
    }
    case 'Mcp':
      return [{ ...base, tool: 'Mcp', server: r.server === '*' ? 'github' : r.server ?? 'github', mcpTool: r.tool === '*' ? 'create_issue' : r.tool ?? 'create_issue' }];
    default:
      return [];
  }
}

/**
 * Change impact for Cursor CLI: tool calls decided differently by two versions of a file, each
 * confirmed by `evaluateCursor` under both. Deny wins whatever the order, so only the rules one
 * version has and the other lacks can change a decision; candidates come from their own words.
 */
export const cursorWitnesses = sliced<CursorRuleSet, CursorRequest>((base, current, known, deadline, ctx: EvalContext) => {
  const changed = changedRules(base.rules, current.rules, ruleKey);
  const rules = [...changed.base, ...changed.current];
  const area: SearchArea<CursorRequest> = {
    name: 'tool calls the changed rules name',
    candidates: (): Iterable<Candidate<CursorRequest>> => uniqueCandidates(rules.flatMap(candidatesOf), (q) => q.tool),
  };
  return {
    base,
    current,
    areas: [area],
    decide: (q) => [evaluateCursor(base, q, ctx), evaluateCursor(current, q, ctx)],
    describe: describeCursorRequest,
    subject: (q) => q.command ?? q.path ?? q.url ?? (q.server ? `${q.server}/${q.mcpTool}` : null),
    known,
    deadline,
  };
});
