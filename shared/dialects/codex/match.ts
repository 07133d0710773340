import type { CodexRule, CodexRuleSet } from './types';

/**
 * Whether a rule's prefix pattern matches a command: at least as many words as the pattern and
 * each position equal to the token or one of its alternatives. No globs, no case folding.
 * @example prefixMatches(rule /* git status *\/, ['git', 'status', '-s']) // true
 */
export function prefixMatches(rule: CodexRule, argv: readonly string[]): boolean {
  if (argv.length < rule.pattern.length) return false;
  for (let i = 0; i < rule.pattern.length; i++) if (!rule.pattern[i].alts.includes(argv[i])) return false;
  return true;
}

/** How a command's program was looked up: as written, or through a `host_executable` path. */
export interface Lookup {
  argv: string[];
  /** Set when the absolute program path was resolved to this bare name. */
  resolvedFrom?: string;
  note?: string;
}

/**
 * The commands whose rules apply to `argv`: the argv itself; when its program is an absolute
 * path that no rule matches as written, the bare name's rules too — unless a `host_executable`
 * for that name does not list the path (`paths=[]` disables the fallback). Codex's own tests
 * (execpolicy tests/basic.rs, host_executable_resolution_*) fix these cases.
 * @example lookups(rs, rs.rules, ['/usr/bin/git', 'status'])
 */
export function lookups(rs: CodexRuleSet, rules: readonly CodexRule[], argv: readonly string[]): Lookup[] {
  const out: Lookup[] = [{ argv: [...argv] }];
  const program = argv[0] ?? '';
  if (!program.startsWith('/') || rules.some((r) => r.program === program && prefixMatches(r, argv))) return out;
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (!base) return out;
  const host = rs.hostExecutables.get(base);
  if (host && !host.paths.includes(program)) {
    out[0].note = host.paths.length === 0 ? `host_executable "${base}" has paths=[]: rules for "${base}" do not apply to ${program}` : `host_executable "${base}" does not list ${program}: rules for "${base}" do not apply`;
    return out;
  }
  return [{ argv: [base, ...argv.slice(1)], resolvedFrom: program }];
}
