import { posix } from 'path';
import type { PolicyCapability, PolicyHost, PolicyMember } from '../dialect';
import { finding, FILE_START, type EvalContext } from '../../model';
import { isRequirementsFile, parseCodex } from './parse';
import type { CodexRule, CodexRuleSet } from './types';

/** The layer of the other `.rules` files in the checked file's folder. */
export const FOLDER_LAYER = 'rules folder';
/** The layer of the user's `~/.codex/rules/*.rules`, joined when named. */
export const USER_LAYER = 'user rules';
/** Calls of other files are numbered from here, so a `match` example (`onlyCall`) never picks them. */
const CALL_STRIDE = 1_000_000;

/** A folder path without its trailing slashes (a loop: a `/+$` regex backtracks on long runs). */
function trimSlashes(p: string): string {
  let end = p.length;
  while (end > 1 && p[end - 1] === '/') end--;
  return p.slice(0, end);
}

function slashes(p: string): string {
  return p.replace(/\\/g, '/');
}

/**
 * Whether Codex loads a folder entry as a rules file: a regular file (a symbolic link is skipped)
 * whose extension is exactly `rules` (`collect_policy_files` in codex-rs/core/src/exec_policy.rs).
 * @example isRulesFileName('default.rules') // true; isRulesFileName('.rules') // false
 */
export function isRulesFileName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && name.slice(dot + 1) === 'rules';
}

/**
 * Every other `.rules` file of the checked file's folder, in Codex's load order (sorted by path).
 * Codex reads the whole `rules/` folder of each config layer (`load_exec_policy`): a deny in a
 * sibling file applies to every command.
 * @example codexMembers({ path: '/p/.codex/rules/a.rules' }, host, {}).map((m) => m.path) // ['/p/.codex/rules/b.rules']
 */
export function codexMembers(file: { path: string }, host: PolicyHost, ctx: EvalContext): PolicyMember[] {
  const p = slashes(file.path);
  if (isRequirementsFile(p) || !isRulesFileName(posix.basename(p))) return [];
  const dir = posix.dirname(p);
  // The user's rules folder (when named) loads before the project's: lower precedence first.
  const user = ctx.codexUserRules ? trimSlashes(slashes(ctx.codexUserRules)) : undefined;
  return [...(user && user !== dir ? rulesFiles(user, USER_LAYER, host, p) : []), ...rulesFiles(dir, FOLDER_LAYER, host, p)];
}

/** The `*.rules` regular files of a folder, sorted by path, as members of one layer. */
function rulesFiles(dir: string, layer: string, host: PolicyHost, except: string): PolicyMember[] {
  const entries = host.list?.(dir);
  if (!entries) return [];
  const out: PolicyMember[] = [];
  for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.kind !== 'file' || !isRulesFileName(e.name)) continue;
    const path = posix.join(dir, e.name);
    if (path === except) continue;
    out.push({ path, layer, text: host.readFile(path) });
  }
  return out;
}

/**
 * The checked `.rules` file with the rest of its folder (and the user's rules when named), as one
 * policy: every file's rules combine, the strictest match wins. Codex refuses the whole policy when
 * any file fails to load (`load_exec_policy_with_warning` keeps only the requirements), which
 * `rejectedBy` records.
 * @example parseCodexPolicy(file, codexMembers(file, host, ctx), ctx).rules.map((r) => r.layer)
 */
export function parseCodexPolicy(file: { path: string; text: string }, members: PolicyMember[], ctx: EvalContext = {}): CodexRuleSet {
  const main = parseCodex(file, ctx);
  if (isRequirementsFile(file.path)) return main;
  const others = members.filter((m): m is PolicyMember & { text: string } => m.text !== undefined);
  const rs: CodexRuleSet = { ...main, unmodelled: [...main.unmodelled], layerName: 'this rules file', members: [{ path: file.path, layer: 'this rules file', present: true }], memberFindings: [] };
  // Own rules keep their numbers; the others follow. Requirements rules (already in `main`) stay last.
  const own = main.rules.filter((r) => r.layer === undefined);
  const requirements = main.rules.filter((r) => r.layer !== undefined);
  const joined: CodexRule[] = [...own];
  const parts = new Map<string, CodexRuleSet>([[file.path, main]]);
  let rejected = main.loadErrors > 0 ? { path: file.path, line: firstErrorLine(main) } : undefined;
  others.forEach((m, k) => {
    const part = parseCodex({ path: m.path, text: m.text }, { ...ctx, codexRequirements: undefined });
    parts.set(m.path, part);
    rs.members!.push({ path: m.path, layer: m.layer, present: true });
    rs.memberFindings!.push({ path: m.path, findings: part.findings });
    for (const r of part.rules) joined.push({ ...r, index: joined.length, file: m.path, layer: m.layer, call: (k + 1) * CALL_STRIDE + r.call });
    rs.unmodelled.push(...part.unmodelled.map((u) => `${m.path}: ${u}`));
    if (part.loadErrors > 0 && !rejected) rejected = { path: m.path, line: firstErrorLine(part) };
  });
  for (const m of members) if (m.text === undefined) rs.members!.push({ path: m.path, layer: m.layer, present: false });
  // host_executable: the last definition of a name wins, in Codex's load order: the user's rules,
  // then the folder's files sorted by path (the checked file in its place among them).
  const userPaths = members.filter((m) => m.layer === USER_LAYER).map((m) => m.path);
  const folder = [...parts.keys()].filter((p) => !userPaths.includes(p)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const merged = new Map<string, CodexRuleSet['hostExecutables'] extends Map<string, infer V> ? V : never>();
  for (const p of [...userPaths, ...folder]) for (const [n, d] of parts.get(p)?.hostExecutables ?? []) merged.set(n, d);
  for (const r of requirements) joined.push({ ...r, index: joined.length });
  rs.rules = joined;
  rs.hostExecutables = merged;
  if (rejected) {
    rs.rejectedBy = rejected;
    if (rejected.path !== file.path) {
      rs.findings = [...rs.findings, finding('schema', 'error', `Codex refuses the whole rules folder: ${posix.basename(rejected.path)} fails to load (line ${rejected.line}), so none of the rules of these files apply${requirements.length ? ' (only requirements.toml)' : ''}: every command goes to Codex's own heuristics`, FILE_START, { related: [{ path: rejected.path, range: { start: { line: rejected.line - 1, character: 0 }, end: { line: rejected.line - 1, character: 0 } }, message: 'the load error' }] })];
    }
  }
  return rs;
}

function firstErrorLine(rs: CodexRuleSet): number {
  const e = rs.findings.find((f) => f.severity === 'error');
  return (e?.range.start.line ?? 0) + 1;
}

/** Codex's policy: every `.rules` file of the folder (and the user's, when named), one policy. */
export const codexPolicy: PolicyCapability<CodexRuleSet> = { members: codexMembers, parse: parseCodexPolicy };
