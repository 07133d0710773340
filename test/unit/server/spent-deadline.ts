import { Deadline } from '../../../shared/analysis/budget';

/**
 * A budget already spent: a clock the test moves past its end, so a cut is seen on any machine.
 * @example codeLensesFor(a, uriOf, null, 'all', false, spent())
 */
export function spent(): Deadline {
  let now = 0;
  const d = new Deadline(1, () => now);
  now = 10;
  return d;
}

/** A budget no test run reaches. */
export function ample(): Deadline {
  return new Deadline(600_000);
}
