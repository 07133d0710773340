import * as os from 'os';
import { posix } from 'path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { finding, type EvalContext, type Finding, type SourceText } from '../../model';
import { duplicateKeyFindings, MAX_NESTING_DEPTH, nestingBeyond, parseJson, properties, prop, rangeOf, typeName } from '../../json/tree';
import type { FileInfo } from '../dialect';
import { literalOffsets, parseRuleText } from './rule-grammar';
import { compileRule } from './rule-compile';
import { CLAUDE_MODES, GUARD_KEYS, LAYER_TITLES, LAYERS, MODE_ALIASES, TIERS, type ClaudeHook, type ClaudeMode, type ClaudeRule, type ClaudeRuleSet, type GuardKey, type LayerName, type SettingSource, type Tier } from './types';
import { readExtras, type SettingsExtras } from './settings-extras';
import { DOMAIN_PREFIX } from './web-mcp';

/** Keys the agent reads under `permissions`; others are reported (probably a typo). */
export const PERMISSION_KEYS: readonly string[] = ['allow', 'ask', 'deny', 'defaultMode', 'additionalDirectories', 'disableBypassPermissionsMode', 'disableAutoMode', ...GUARD_KEYS];
/** Layers whose `defaultMode: "bypassPermissions"` the agent ignores (a repository must not switch prompts off). */
export const BYPASS_IGNORED_IN: readonly LayerName[] = ['project', 'local'];
/** File names of each layer. */
export const SETTINGS_FILE = 'settings.json';
export const LOCAL_SETTINGS_FILE = 'settings.local.json';
export const MANAGED_SETTINGS_FILE = 'managed-settings.json';

/** One settings file read on its own, before layers are merged. */
export interface SettingsFile {
  path: string;
  layer: LayerName;
  source: SourceText;
  rules: Array<Omit<ClaudeRule, 'index'>>;
  findings: Finding[];
  mode: ClaudeMode | undefined;
  additionalDirectories: string[];
  /** `permissions.disableBypassPermissionsMode: "disable"`. */
  disableBypass: boolean;
  /** Top-level `allowManagedPermissionRulesOnly: true` (honoured in managed settings only). */
  managedRulesOnly: boolean;
  /** The file is not valid JSON: the agent skips it whole. */
  ignored: boolean;
  /** Guards, hooks and hook switches (see settings-extras.ts). */
  extras: SettingsExtras;
}

function slashes(p: string): string {
  return p.replace(/\\/g, '/');
}

/**
 * Which settings layer a file is, by its name and place.
 * @example layerOf('/p/.claude/settings.local.json', '/home/u') // 'local'
 */
export function layerOf(path: string, home: string | undefined): LayerName {
  const p = slashes(path);
  const base = posix.basename(p);
  if (base === MANAGED_SETTINGS_FILE || posix.basename(posix.dirname(p)) === 'managed-settings.d') return 'managed';
  if (base === LOCAL_SETTINGS_FILE) return 'local';
  if (home && posix.resolve(posix.dirname(p)) === posix.join(slashes(home), '.claude')) return 'user';
  return 'project';
}

/**
 * The project root a settings file belongs to: the folder holding its `.claude/` folder, or the
 * file's own folder. Relative paths are resolved against the process's working directory.
 * @example projectRootOf('/p/.claude/settings.json') // '/p'
 */
export function projectRootOf(path: string): string {
  const dir = posix.dirname(posix.resolve(slashes(path)));
  return posix.basename(dir) === '.claude' ? posix.dirname(dir) : dir;
}

/**
 * Reads one settings file: schema checks, rule grammar with exact ranges, compiled matchers. Rules
 * come out in evaluation order (deny…, ask…, allow…), each in array order. Never throws.
 * @example readSettingsFile({ path: '.claude/settings.json', text: '{"permissions":{"deny":["Bash(rm *)"]}}' }).rules[0].label // 'Bash(rm *) deny'
 */
export function readSettingsFile(file: FileInfo, ctx: EvalContext = {}, forcedLayer?: LayerName): SettingsFile {
  const home = ctx.home ?? os.homedir();
  const doc = parseJson(file.text);
  const { source } = doc;
  const findings: Finding[] = [...doc.findings, ...duplicateKeyFindings(source, doc.root)];
  const layer = forcedLayer ?? layerOf(file.path, home);
  const root = ctx.root ?? projectRootOf(file.path);
  const sourceRoot = layer === 'user' ? posix.join(slashes(home), '.claude') : root;
  const out: SettingsFile = { path: file.path, layer, source, rules: [], findings, mode: undefined, additionalDirectories: [], disableBypass: false, managedRulesOnly: false, ignored: false, extras: { guards: {}, hooks: [], managedHooksOnly: false } };
  const error = (node: Node, message: string) => findings.push(finding('schema', 'error', message, rangeOf(source, node)));
  const root_ = doc.root;
  const strict = strictJsonError(file.text);
  if (strict) {
    out.ignored = true;
    findings.push(finding('schema', 'error', `Claude Code ignores this file: it is not strict JSON (${strict.message}), so none of its settings or rules are in force`, source.range(strict.offset, strict.offset + strict.length)));
    findings.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    return out;
  }
  if (!root_) return out;
  if (root_.type !== 'object') {
    error(root_, `a settings file must be an object, found ${typeName(root_)}`);
    return out;
  }
  const managedOnly = prop(root_, 'allowManagedPermissionRulesOnly');
  if (managedOnly?.type === 'boolean' && managedOnly.value === true) out.managedRulesOnly = true;
  const perms = prop(root_, 'permissions');
  out.extras = readExtras(root_, perms, source, layer, file.path, findings);
  if (!perms) {
    findings.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    return out;
  }
  if (perms.type !== 'object') {
    error(perms, `"permissions" must be an object with "allow", "ask", "deny" arrays, found ${typeName(perms)}`);
    return out;
  }
  for (const p of properties(perms)) {
    if (!PERMISSION_KEYS.includes(p.key)) {
      findings.push(finding('schema', 'warning', `unknown key "${p.key}" under "permissions" (the agent ignores it; expected one of ${PERMISSION_KEYS.join(', ')})`, rangeOf(source, p.keyNode)));
    }
  }
  for (const tier of TIERS) {
    const list = prop(perms, tier);
    if (!list) continue;
    if (list.type !== 'array') {
      error(list, `"${tier}" must be an array of rule strings, found ${typeName(list)}`);
      continue;
    }
    for (const item of list.children ?? []) {
      if (item.type !== 'string') error(item, `a rule must be a string like "Bash(npm test)", found ${typeName(item)}`);
      else out.rules.push(readRule(item, tier, source, findings, file.path, layer, sourceRoot));
    }
  }
  const modeNode = prop(perms, 'defaultMode');
  if (modeNode) {
    const allowed = [...CLAUDE_MODES, ...Object.keys(MODE_ALIASES)];
    if (modeNode.type !== 'string' || !allowed.includes(modeNode.value)) {
      error(modeNode, `"defaultMode" must be one of ${allowed.map((m) => `"${m}"`).join(', ')}, found ${modeNode.type === 'string' ? `"${modeNode.value}"` : typeName(modeNode)}`);
    } else out.mode = normalizeMode(modeNode.value);
    if (out.mode === 'bypassPermissions' && BYPASS_IGNORED_IN.includes(layer)) {
      // In the shared project file the lint bypass-mode-committed says this (with its quick fix): one finding per line.
      if (layer !== 'project') findings.push(finding('schema', 'warning', `Claude Code ignores "bypassPermissions" in ${layer} settings (only user settings or the command line turn prompts off): the mode stays "default"`, rangeOf(source, modeNode)));
      out.mode = undefined;
    }
  }
  const disable = prop(perms, 'disableBypassPermissionsMode');
  if (disable?.type === 'string' && disable.value === 'disable') out.disableBypass = true;
  const dirs = prop(perms, 'additionalDirectories');
  if (dirs) {
    if (dirs.type !== 'array') error(dirs, `"additionalDirectories" must be an array of paths, found ${typeName(dirs)}`);
    else
      for (const d of dirs.children ?? []) {
        if (d.type !== 'string') error(d, `"additionalDirectories" entries must be strings, found ${typeName(d)}`);
        else out.additionalDirectories.push(resolveDir(d.value, root, home));
      }
  }
  // Tiers are read deny-first; report in reading order of the file instead.
  findings.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return out;
}

/** Where strict `JSON.parse` (what the agent uses) rejects the text, if it does; a leading BOM is allowed. */
function strictJsonError(text: string): { message: string; offset: number; length: number } | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return undefined;
  try {
    JSON.parse(body);
    return undefined;
  } catch (e) {
    // The parser recurses per level: a text nested too deep is refused before it is called.
    const deep = nestingBeyond(text, MAX_NESTING_DEPTH);
    if (deep >= 0) return { message: `nesting deeper than ${MAX_NESTING_DEPTH} levels`, offset: deep, length: 1 };
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
    const first = errors[0];
    const message = first ? printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : (e instanceof Error ? e.message : String(e));
    return { message, offset: first?.offset ?? 0, length: Math.max(1, first?.length ?? 1) };
  }
}

/** @example normalizeMode('manual') // 'default' */
export function normalizeMode(mode: string): ClaudeMode {
  return MODE_ALIASES[mode] ?? (mode as ClaudeMode);
}

function resolveDir(dir: string, root: string, home: string): string {
  const d = slashes(dir);
  if (d === '~' || d.startsWith('~/')) return posix.join(slashes(home), d.slice(1));
  return posix.resolve(root, d);
}

function readRule(item: Node, tier: Tier, source: SourceText, findings: Finding[], path: string, layer: LayerName, sourceRoot: string): Omit<ClaudeRule, 'index'> {
  const text: string = item.value;
  const offsets = literalOffsets(source.text.slice(item.offset, item.offset + item.length));
  const at = (i: number) => item.offset + offsets[Math.max(0, Math.min(i, offsets.length - 1))];
  const textRange = source.range(at(0), at(text.length));
  const parsed = parseRuleText(text);
  const problems = [...parsed.errors];
  let matcher = problems.length ? ({ kind: 'invalid' } as const) : compileRule(parsed.tool, parsed.specifier);
  if (!problems.length && matcher.kind === 'invalid') {
    const open = text.indexOf('(');
    const message = parsed.tool === 'WebFetch'
      ? `WebFetch rules take "${DOMAIN_PREFIX}host" (e.g. "WebFetch(domain:example.com)")`
      : `MCP rules take no specifier: write "${parsed.tool}" or "${parsed.tool}__tool"`;
    problems.push({ start: open, end: text.length, message });
    matcher = { kind: 'invalid' };
  }
  for (const e of problems) findings.push(finding('schema', 'error', e.message, source.range(at(e.start), at(Math.max(e.end, e.start + 1)))));
  return {
    id: null,
    decision: tier,
    native: tier,
    label: `${text} ${tier}`,
    range: rangeOf(source, item),
    scope: layer,
    tier,
    text,
    tool: parsed.tool,
    specifier: parsed.specifier,
    matcher,
    file: path,
    sourceRoot,
    textRange,
  };
}

/**
 * Merges settings layers into one rule set: rules of every layer, deny tier first, then ask, then
 * allow; within a tier, layers by precedence (managed, local, project, user) and each in array
 * order. `Rule.index` is the position in that order; `scope` names the layer. A deny in any layer
 * therefore wins. `defaultMode` comes from the highest-precedence layer that sets it.
 * @example mergeSettings([readSettingsFile(project), readSettingsFile(local)], project.path).rules.map((r) => r.scope)
 */
export function mergeSettings(files: SettingsFile[], primary: string, ctx: EvalContext = {}): ClaudeRuleSet {
  const ordered = [...files].sort((a, b) => LAYERS.indexOf(a.layer) - LAYERS.indexOf(b.layer));
  const main = files.find((f) => f.path === primary) ?? files[0];
  const rules: ClaudeRule[] = [];
  // `allowManagedPermissionRulesOnly` in managed settings: the rules of every other layer are not in force.
  const managedOnly = ordered.some((f) => f.layer === 'managed' && f.managedRulesOnly);
  const inForce = ordered.filter((f) => !managedOnly || f.layer === 'managed');
  for (const tier of TIERS) {
    for (const f of inForce) {
      // A rule of another file of the policy names its layer: it has no place in the checked file.
      const other = f !== main ? { layer: LAYER_TITLES[f.layer] } : {};
      for (const r of f.rules) if (r.tier === tier) rules.push({ ...r, ...other, index: rules.length });
    }
  }
  let mode = ordered.find((f) => f.mode !== undefined)?.mode ?? 'default';
  if (mode === 'bypassPermissions' && ordered.some((f) => f.disableBypass)) mode = 'default';
  const root = ctx.root ?? projectRootOf(main?.path ?? '.');
  return {
    dialect: 'claude',
    path: main?.path ?? primary,
    source: main?.source ?? parseJson('').source,
    rules,
    findings: main?.findings ?? [],
    mode,
    root,
    additionalDirectories: [...new Set(ordered.flatMap((f) => f.additionalDirectories))],
    layers: ordered.map((f) => ({ name: f.layer, path: f.path })),
    layerFindings: ordered.filter((f) => f !== main).map((f) => ({ path: f.path, findings: f.findings })),
    layerName: main ? LAYER_TITLES[main.layer] : undefined,
    members: ordered.map((f) => ({ path: f.path, layer: LAYER_TITLES[f.layer], present: true })),
    memberFindings: ordered.filter((f) => f !== main).map((f) => ({ path: f.path, findings: f.findings })),
    guards: guardsOf(ordered),
    ...hooksOf(ordered),
  };
}

/** Each guard from the highest layer that switches it on: "true in any settings source wins". */
function guardsOf(ordered: SettingsFile[]): Partial<Record<GuardKey, SettingSource>> {
  const out: Partial<Record<GuardKey, SettingSource>> = {};
  for (const key of GUARD_KEYS) {
    const at = ordered.find((f) => !f.ignored && f.extras.guards[key])?.extras.guards[key];
    if (at) out[key] = at;
  }
  return out;
}

/**
 * The hooks in force: every layer's, unless `disableAllHooks` (any layer) turns all off, or
 * managed `allowManagedHooksOnly` keeps only the managed ones (observed on 2.1.328).
 */
function hooksOf(ordered: SettingsFile[]): { hooks: ClaudeHook[]; hooksOff?: SettingSource } {
  const live = ordered.filter((f) => !f.ignored);
  const off = live.find((f) => f.extras.disableAllHooks)?.extras.disableAllHooks;
  if (off) return { hooks: [], hooksOff: off };
  const managedOnly = live.some((f) => f.layer === 'managed' && f.extras.managedHooksOnly);
  return { hooks: live.filter((f) => !managedOnly || f.layer === 'managed').flatMap((f) => f.extras.hooks) };
}

/**
 * Parses one settings file on its own (pure: no other layer is read).
 * @example parseClaude({ path: '.claude/settings.json', text }).rules
 */
export function parseClaude(file: FileInfo, ctx: EvalContext = {}): ClaudeRuleSet {
  const files = [readSettingsFile(file, ctx)];
  // The user's settings join only when named (`--user-settings`), and never twice.
  const user = ctx.userSettings;
  if (user && posix.resolve(slashes(user.path)) !== posix.resolve(slashes(file.path))) files.push(readSettingsFile(user, ctx, 'user'));
  return mergeSettings(files, file.path, ctx);
}

/**
 * Parses several layers (e.g. `settings.json` and `settings.local.json`) into one merged rule set;
 * the first file is the primary one (its path, source and findings head the result).
 * @example parseLayers([{ path: 'p/.claude/settings.json', text: a }, { path: 'p/.claude/settings.local.json', text: b }])
 */
export function parseLayers(files: FileInfo[], ctx: EvalContext = {}): ClaudeRuleSet {
  return mergeSettings(files.map((f) => readSettingsFile(f, ctx)), files[0]?.path ?? '', ctx);
}
