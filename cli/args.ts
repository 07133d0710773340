import { parseArgs, type ParseArgsConfig } from 'util';
import { UsageError } from './io';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A mistake in the command line itself (not in a file it names): the usage line is repeated. */
export class ArgumentError extends UsageError {}

/**
 * Strict option parsing for one command: unknown options and missing values are usage errors.
 * @example parse(['a', '--format', 'json'], { format: { type: 'string' } })
 */
export function parse(argv: string[], options: Options): { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] } {
  try {
    const r = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: r.values as Record<string, string | boolean | string[] | undefined>, positionals: r.positionals };
  } catch (e) {
    throw new ArgumentError(e instanceof Error ? e.message.replace(/\. To specify a positional argument.*$/s, '') : String(e));
  }
}

/** A `--format` value among the allowed ones. */
export function format<T extends string>(v: unknown, allowed: readonly T[], fallback: T): T {
  if (v === undefined) return fallback;
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  throw new ArgumentError(`--format must be one of ${allowed.join(', ')}`);
}

/** A non-negative whole number option. */
export function count(v: unknown, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n)) throw new ArgumentError(`${name} takes a whole number ≥ 0, got ${JSON.stringify(v)}`);
  return n;
}
