import type { EvalContext, Verdict } from '../../../model';
import { judgeStep } from '../evaluate';
import type { BoundsRuleSet, NumberedStep, Step } from '../types';
import { evaluateBoundsPaths } from '../../bounds-paths';
import type { PathsRuleSet } from '../../bounds-paths';

/** A step that may carry the tool's own arguments (otherwise its subject stands for the path or command). */
export interface ScopedStep extends Step {
  args?: Record<string, unknown>;
}

/**
 * The arguments the scope sees for a step: its own `args`, else its subject under the tool's
 * configured argument name.
 * @example scopeArgs(paths, { action: 'file.read', subject: 'src/a.ts', … }) // { path: 'src/a.ts' }
 */
export function scopeArgs(paths: PathsRuleSet, s: ScopedStep): Record<string, unknown> {
  if (s.args) return s.args;
  const tool = paths.tools.get(s.action);
  if (!tool) return {};
  return tool.kind === 'file' ? { [tool.pathArg]: s.subject } : { [tool.commandArg]: s.subject };
}

/**
 * Judges a step against both files in the fixed order: paths.json scope first, then rules.json
 * path rules; the first refusal wins and its code is reported. Either file may be absent.
 * @example judgeBoundsStep({ paths, rules }, history, { action: 'file.read', subject: '.env', … }, ctx).code // 'PATH_SCOPE_DENIED'
 */
export function judgeBoundsStep(files: { paths?: PathsRuleSet; rules?: BoundsRuleSet }, history: readonly NumberedStep[], proposal: ScopedStep, ctx: EvalContext = {}): Verdict {
  const scope = files.paths ? evaluateBoundsPaths(files.paths, { tool: proposal.action, args: scopeArgs(files.paths, proposal) }, ctx) : null;
  if (scope && scope.native === 'DENY') {
    scope.details = { ...scope.details, tainted_by: null };
    scope.trace.notes.push('paths.json refused first: rules.json was not consulted');
    return scope;
  }
  const { args: _args, ...step } = proposal;
  const v = judgeStep(files.rules?.rules ?? [], history, step);
  if (scope) {
    v.trace.sections.unshift(...scope.trace.sections);
    v.trace.notes.unshift(`paths.json: ${scope.trace.branch}`, ...scope.trace.notes);
  }
  if (!files.rules) v.trace.notes.push('no rules.json: no path rules apply');
  return v;
}
