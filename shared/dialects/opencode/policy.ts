import { posix } from 'path';
import type { FileInfo, PolicyCapability, PolicyHost, PolicyMember } from '../dialect';
import type { EvalContext } from '../../model';
import { parseOpencodeLayers, type OpencodeLayerText } from './parse';
import type { OpencodeRuleSet } from './rules';

/** The config file names OpenCode reads in a folder, in the order it merges them (the later wins). */
export const CONFIG_NAMES = ['opencode.json', 'opencode.jsonc'] as const;
const DOT_DIR = '.opencode';
/** Folders searched upwards for the repository root (`.git`) before the project stands alone. */
export const MAX_UPWARD = 32;

function slashes(p: string): string {
  return p.replace(/\\/g, '/');
}

/** The project folder of a config file: its own folder, or the one holding its `.opencode/`. */
export function projectDirOf(path: string): string {
  const dir = posix.dirname(slashes(path));
  return posix.basename(dir) === DOT_DIR ? posix.dirname(dir) : dir;
}

/**
 * Every config file OpenCode (opencode-ai 1.18.33, observed with `opencode debug agent`) merges for
 * a project, in its order, the checked one among them: each folder from the repository root down
 * to the project's `opencode.json` then `opencode.jsonc`; then each `.opencode/` folder from the
 * project up to the repository root, `opencode.json` then `opencode.jsonc` (so the project's own
 * `.opencode/` comes first and the root's last). Without a repository (no `.git` above) only the
 * project's folder counts: RuleLens does not read the machine's folders above it (OpenCode does,
 * up to `/`). Files that do not exist are listed too (creating one changes decisions).
 * @example opencodeOrder('/r/sub/opencode.json', host) // ['/r/opencode.json', …, '/r/sub/.opencode/opencode.jsonc', '/r/.opencode/opencode.jsonc']
 */
export function opencodeOrder(path: string, host: PolicyHost): string[] {
  const project = projectDirOf(path);
  const dirs = [project];
  let found = hasGit(project, host);
  for (let d = project, k = 0; !found && k < MAX_UPWARD && posix.dirname(d) !== d; k++) {
    d = posix.dirname(d);
    dirs.push(d);
    found = hasGit(d, host);
  }
  const chain = found ? dirs : [project];
  const down = [...chain].reverse();
  return [...down.flatMap((d) => CONFIG_NAMES.map((n) => posix.join(d, n))), ...chain.flatMap((d) => CONFIG_NAMES.map((n) => posix.join(d, DOT_DIR, n)))];
}

function hasGit(dir: string, host: PolicyHost): boolean {
  return host.list?.(dir)?.some((e) => e.name === '.git') ?? false;
}

function layerName(path: string, project: string): string {
  const rel = posix.relative(project, path);
  return rel.startsWith('..') ? `config ${path}` : rel.startsWith(`${DOT_DIR}/`) ? `${rel} (.opencode folder)` : rel === posix.basename(path) ? rel : `${rel} (a folder above)`;
}

/**
 * The other config files of the checked file's project, each with its layer; a global config,
 * `OPENCODE_CONFIG`, `OPENCODE_CONFIG_CONTENT` and `OPENCODE_PERMISSION` join only when named
 * (`ctx.globalConfig`, `ctx.opencodeEnv`), never read from the environment or the home folder.
 */
export function opencodeMembers(file: { path: string }, host: PolicyHost, _ctx: EvalContext): PolicyMember[] {
  const p = slashes(file.path);
  const project = projectDirOf(p);
  return opencodeOrder(p, host)
    .filter((x) => x !== p)
    .map((x) => ({ path: x, layer: layerName(x, project), text: host.readFile(x) }));
}

/**
 * The checked config merged with its project's other configs and the named layers, in OpenCode's
 * order: global config, `OPENCODE_CONFIG`, the project's files, `OPENCODE_CONFIG_CONTENT`, then
 * `OPENCODE_PERMISSION` over `permission`.
 * @example parseOpencodePolicy(file, opencodeMembers(file, host, ctx), ctx).rules.filter((r) => r.file)
 */
export function parseOpencodePolicy(file: FileInfo, members: PolicyMember[], ctx: EvalContext = {}): OpencodeRuleSet {
  const p = slashes(file.path);
  const project = projectDirOf(p);
  const env = ctx.opencodeEnv ?? {};
  const before: OpencodeLayerText[] = [];
  const after: OpencodeLayerText[] = [];
  if (ctx.globalConfig) before.push({ name: `global config ${ctx.globalConfig.path}`, text: ctx.globalConfig.text, path: ctx.globalConfig.path, kind: 'config' });
  if (env.config) before.push({ name: `OPENCODE_CONFIG ${env.config.path}`, text: env.config.text, path: env.config.path, kind: 'config' });
  const order = members.length ? opencodeOrderOf(p, members) : [p];
  let seen = false;
  for (const x of order) {
    if (x === p) {
      seen = true;
      continue;
    }
    const m = members.find((y) => y.path === x);
    if (!m || m.text === undefined) continue;
    (seen ? after : before).push({ name: m.layer, text: m.text, path: m.path, kind: 'config' });
  }
  if (env.content !== undefined) after.push({ name: 'OPENCODE_CONFIG_CONTENT', text: env.content, kind: 'config' });
  if (env.permission !== undefined) after.push({ name: 'OPENCODE_PERMISSION', text: env.permission, kind: 'permission' });
  const rs = parseOpencodeLayers(file, before, after, ctx);
  // The parse object itself (its fields are set from the start): caches keyed on it stay valid.
  rs.layerName = layerName(p, project);
  rs.members = [{ path: p, layer: layerName(p, project), present: true }, ...members.map((m) => ({ path: m.path, layer: m.layer, present: m.text !== undefined }))];
  rs.memberFindings = [];
  return rs;
}

/**
 * Where a config file comes in OpenCode's load order: folder files before `.opencode/` files;
 * folder files shallow first, `.opencode/` files deep first; `opencode.json` before `opencode.jsonc`.
 */
function loadKey(path: string): [number, number, number] {
  const dir = posix.dirname(path);
  const dot = posix.basename(dir) === DOT_DIR;
  const depth = (dot ? posix.dirname(dir) : dir).split('/').length;
  const name = CONFIG_NAMES.indexOf(posix.basename(path) as (typeof CONFIG_NAMES)[number]);
  return [dot ? 1 : 0, dot ? -depth : depth, name];
}

/** The members' paths with the checked file, in load order. */
function opencodeOrderOf(p: string, members: PolicyMember[]): string[] {
  const all = [p, ...members.map((m) => m.path)];
  return all.sort((a, b) => {
    const x = loadKey(a);
    const y = loadKey(b);
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
}

/** OpenCode's policy: the project's root and `.opencode/` configs merged, named layers around them. */
export const opencodePolicy: PolicyCapability<OpencodeRuleSet> = { members: opencodeMembers, parse: parseOpencodePolicy };
