import { parseArgs, type ParseArgsConfig } from 'util';
import type { EvalContext } from '../shared/model';
import { DIALECTS, dialectById, type AnyDialect } from '../shared/dialects';
import { meant } from './did-you-mean';
import { UsageError } from './io';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A mistake in the command line itself (not in a file it names): the usage line is repeated. */
export class ArgumentError extends UsageError {}

/**
 * Strict option parsing for one command: unknown options and missing values are usage errors; an
 * unknown option close to a known one says which (`unknown option '--max-warning'; did you mean
 * '--max-warnings'?`).
 * @example parse(['a', '--format', 'json'], { format: { type: 'string' } })
 */
export function parse(argv: string[], options: Options): { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] } {
  try {
    const r = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: r.values as Record<string, string | boolean | string[] | undefined>, positionals: r.positionals };
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const message = e instanceof Error ? e.message : String(e);
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
      const typed = unknown[1].split('=')[0];
      throw new ArgumentError(`unknown option '${typed}'${meant(typed, [...Object.keys(options).map((k) => `--${k}`), '--help'])}`);
    }
    throw new ArgumentError(message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

/**
 * A `--format` value among the allowed ones.
 * @example format('jsn', ['text', 'json'], 'text') // throws "--format must be one of text, json; did you mean 'json'?"
 */
export function format<T extends string>(v: unknown, allowed: readonly T[], fallback: T): T {
  if (v === undefined) return fallback;
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  throw new ArgumentError(`--format must be one of ${allowed.join(', ')}${typeof v === 'string' ? meant(v, allowed) : ''}`);
}

/**
 * The dialect `--dialect` names, among those `fits` accepts (default: every dialect); an unknown
 * id is a usage error that suggests the closest one and lists the rest.
 * @example dialectOption('claud') // throws "unknown dialect 'claud'; did you mean 'claude'? (…)"
 */
export function dialectOption(v: unknown, fits: (d: AnyDialect) => boolean = () => true): string | undefined {
  if (v === undefined) return undefined;
  const ids = DIALECTS.filter(fits).map((d) => d.id);
  if (typeof v === 'string' && (ids as readonly string[]).includes(v)) return v;
  const typed = typeof v === 'string' ? v : JSON.stringify(v);
  if (dialectById(typed)) throw new ArgumentError(`--dialect ${typed} cannot be used here (it takes ${ids.join(', ')})`);
  throw new ArgumentError(`unknown dialect '${typed}'${meant(typed, ids)} (--dialect takes ${ids.join(', ')})`);
}

/** A non-negative whole number option. */
export function count(v: unknown, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n)) throw new ArgumentError(`${name} takes a whole number ≥ 0, got ${JSON.stringify(v)}`);
  return n;
}

/**
 * Options that shape what the agent would evaluate: its built-in layers, the policy's other files,
 * and the layers of the user's or admin's own (read only when named).
 */
export const ENGINE_OPTIONS: Options = {
  'no-builtins': { type: 'boolean' },
  'file-alone': { type: 'boolean' },
  'global-config': { type: 'string' },
  'user-settings': { type: 'string' },
  'managed-settings': { type: 'string' },
  'codex-requirements': { type: 'string' },
  'codex-user-rules': { type: 'string' },
  'opencode-env': { type: 'boolean' },
};

/**
 * The evaluation context with the engine options applied: each named layer is read from the given
 * path (or, for `--opencode-env`, from `env`) only, never from the checking machine's home implicitly.
 * @example withEngineOptions(evalContext(), { 'no-builtins': true }, readText).builtins // false
 */
export function withEngineOptions(ctx: EvalContext, values: Record<string, unknown>, readText: (p: string) => string | undefined, list: (d: string) => Array<{ name: string; kind: string }> | undefined = () => undefined, env: Record<string, string | undefined> = {}): EvalContext {
  const out: EvalContext = { ...ctx };
  if (values['no-builtins'] === true) out.builtins = false;
  if (values['file-alone'] === true) out.policy = false;
  const g = values['global-config'];
  if (typeof g === 'string') {
    const text = readText(g);
    if (text === undefined) throw new UsageError(`--global-config: cannot read ${JSON.stringify(g)}`);
    out.globalConfig = { path: g, text };
  }
  const r = values['codex-requirements'];
  if (typeof r === 'string') {
    const text = readText(r);
    if (text === undefined) throw new UsageError(`--codex-requirements: cannot read ${JSON.stringify(r)}`);
    out.codexRequirements = { path: r, text };
  }
  const m = values['managed-settings'];
  if (typeof m === 'string') {
    const text = readText(m);
    if (text === undefined) throw new UsageError(`--managed-settings: cannot read ${JSON.stringify(m)}`);
    out.managedSettings = { path: m, text };
  }
  const u = values['codex-user-rules'];
  if (typeof u === 'string') {
    if (!list(u)) throw new UsageError(`--codex-user-rules: cannot list the folder ${JSON.stringify(u)}`);
    out.codexUserRules = u;
  }
  // OpenCode's environment layers: read from this process's environment only when asked to.
  if (values['opencode-env'] === true) {
    const o: NonNullable<EvalContext['opencodeEnv']> = {};
    const cfg = env.OPENCODE_CONFIG;
    if (cfg) {
      const text = readText(cfg);
      if (text === undefined) throw new UsageError(`--opencode-env: cannot read OPENCODE_CONFIG ${JSON.stringify(cfg)}`);
      o.config = { path: cfg, text };
    }
    if (env.OPENCODE_CONFIG_CONTENT !== undefined) o.content = env.OPENCODE_CONFIG_CONTENT;
    if (env.OPENCODE_PERMISSION !== undefined) o.permission = env.OPENCODE_PERMISSION;
    out.opencodeEnv = o;
  }
  return out;
}
