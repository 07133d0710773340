import type { Deadline } from '../../analysis/budget';
import { changedRules, globFills } from '../../diff/candidates';
import type { Flip } from '../../diff/flips';
import { REALISTIC_PATHS } from '../../diff/realistic';
import { sliced, type Candidate, type SearchArea, type SearchSpec } from '../../diff/search';
import type { EvalContext, Verdict } from '../../model';
import { evaluateBoundsPaths } from './evaluate';
import type { BoundsPathsRequest, PathsRule, PathsRuleSet, ToolConfig } from './types';

/**
 * Change impact for the Bounds file scope: tool calls decided differently by two versions of
 * `.attesso/paths.json`, each confirmed by `evaluateBoundsPaths` under both. A deny glob beats an
 * allow glob of the same access whatever their order, so only a glob one version has and the
 * other lacks can change a decision; candidates are paths those globs name (with the other globs'
 * names in their wildcards), realistic paths, and shell commands reading or writing them.
 */

const ruleKey = (r: PathsRule) => `${r.decision}\u0000${r.access}\u0000${r.glob}`;

/** Paths tried per changed glob. */
const PATHS_PER_GLOB = 12;

function settingsDiffer(a: PathsRuleSet, b: PathsRuleSet): boolean {
  const view = (rs: PathsRuleSet) => JSON.stringify([rs.root, [...rs.tools.values()]]);
  return view(a) !== view(b);
}

/** Literal segments of the globs, put into each other's wildcards. */
function names(rules: readonly PathsRule[]): string[] {
  return [...new Set(rules.flatMap((r) => r.glob.split('/').filter((s) => s && !/[*?[\]{}\\]/.test(s))))];
}

/** A request of one tool for one path: the file tool's path argument, or a shell command on it. */
function call(tool: ToolConfig, p: string, write: boolean): BoundsPathsRequest {
  if (tool.kind === 'file') return { tool: tool.name, args: { [tool.pathArg]: p } };
  return { tool: tool.name, args: { [tool.commandArg]: write ? `echo done > ${p}` : `cat ${p}` } };
}

/**
 * The search of two Bounds file scopes: each tool of either version on the paths the changed
 * globs name (every tool and every realistic path when a tool or the root changed).
 * @example runSlices(searchSlices(boundsPathsSearchSpec(base, current, [], new Deadline(), {}))).flips[0].request // 'file.read .env'
 */
export function boundsPathsSearchSpec(base: PathsRuleSet, current: PathsRuleSet, known: readonly Flip[], deadline: Deadline, ctx: EvalContext): SearchSpec<PathsRuleSet, BoundsPathsRequest> {
  const all = [...base.rules, ...current.rules];
  const ch = changedRules(base.rules, current.rules, ruleKey);
  const broad = settingsDiffer(base, current);
  const changed = broad ? all : [...ch.base, ...ch.current];
  const tools = [...new Map([...base.tools, ...current.tools]).values()];
  const areas: SearchArea<BoundsPathsRequest>[] = [];
  if (changed.length > 0 || broad) {
    areas.push({
      name: 'file and shell tool calls',
      candidates: function* (): Generator<Candidate<BoundsPathsRequest>> {
        const every = names(all);
        const paths: string[] = [];
        for (const r of changed) for (const p of globFills(r.glob, every).slice(0, PATHS_PER_GLOB + every.length * 2)) paths.push(p, `${p}/notes.md`);
        paths.push(...REALISTIC_PATHS.filter((p) => !p.startsWith('~') && !p.startsWith('/')), '../outside.txt');
        const accesses = new Set(changed.map((r) => r.access));
        for (const p of [...new Set(paths)]) {
          for (const tool of tools) {
            // A file tool is judged by its access's globs only; a shell command may read or write.
            if (tool.kind === 'file' && !broad && !accesses.has(tool.access)) continue;
            if (tool.kind === 'shell') {
              if (broad || accesses.has('read')) yield { request: call(tool, p, false), group: tool.name };
              if (broad || accesses.has('write')) yield { request: call(tool, p, true), group: tool.name };
            } else yield { request: call(tool, p, tool.access === 'write'), group: tool.name };
          }
        }
      },
    });
  }
  const decide = (q: BoundsPathsRequest): [Verdict, Verdict] => [evaluateBoundsPaths(base, q, ctx), evaluateBoundsPaths(current, q, ctx)];
  const describe = (q: BoundsPathsRequest) => `${q.tool} ${Object.values(q.args).filter((v) => typeof v === 'string').join(' ')}`;
  const subject = (q: BoundsPathsRequest) => Object.values(q.args).find((v): v is string => typeof v === 'string') ?? null;
  return { base, current, areas, decide, describe, subject, known, deadline };
}

/**
 * The Bounds file scope's witness search (`Dialect.witnesses`).
 * @example boundsPathsWitnesses.flips(base, current, []).flips[0] // { request: 'file.read .env', before: 'deny', after: 'allow', … }
 */
export const boundsPathsWitnesses = sliced(boundsPathsSearchSpec);
