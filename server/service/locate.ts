import { containsPosition, type Position, type Range, type Rule } from '../../shared/model';
import type { RequestResult } from '../../shared/requests/model';

function size(r: Range): number {
  return (r.end.line - r.start.line) * 1e6 + (r.end.character - r.start.character);
}

/**
 * The innermost rule under a position (V1 maps nest rules inside an action's entry).
 * @example ruleAt(rs.rules, { line: 4, character: 10 })?.label // 'edit secrets/* deny'
 */
export function ruleAt<R extends Rule>(rules: readonly R[], pos: Position): R | undefined {
  let best: R | undefined;
  for (const r of rules) if (r.layer === undefined && containsPosition(r.range, pos) && (!best || size(r.range) < size(best.range))) best = r;
  return best;
}

/** The stored request under a position in its requests file. */
export function resultAt(results: readonly RequestResult[], pos: Position): RequestResult | undefined {
  return results.find((r) => containsPosition(r.request.range, pos));
}
