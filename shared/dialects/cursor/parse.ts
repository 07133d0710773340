import type { Node } from 'jsonc-parser';
import { posix } from 'path';
import type { FileInfo } from '../dialect';
import { finding, FILE_START, SourceText, type EvalContext, type Finding, type Range } from '../../model';
import { duplicateKeyFindings, parseJson, prop, rangeOf, typeName } from '../../json/tree';
import { readEntry } from './rule-grammar';
import type { CursorLayer, CursorRule, CursorRuleSet } from './types';

/** The global config by its name (`~/.cursor/cli-config.json`, `$XDG_CONFIG_HOME/cursor/cli-config.json`). */
const GLOBAL_NAME = /(?:^|[/\\])cli-config\.json$/i;

/**
 * The workspace a project file belongs to: the folder holding its `.cursor/` (relative paths of
 * the file's rules and requests are scoped to it).
 * @example workspaceOf('/p/.cursor/cli.json') // '/p'
 */
export function workspaceOf(path: string): string {
  const p = path.replace(/\\/g, '/');
  return posix.dirname(posix.dirname(p.startsWith('/') ? p : posix.resolve(p)));
}

/** @example layerOfPath('/h/.cursor/cli-config.json') // 'global' */
export function layerOfPath(path: string): CursorLayer {
  return GLOBAL_NAME.test(path) ? 'global' : 'project';
}

export const LAYER_NAMES: Readonly<Record<CursorLayer, string>> = { project: 'project .cursor/cli.json', global: 'global cli-config.json' };

/** Strict JSON as `JSON.parse` reads it (a BOM aside): what Cursor's "pure JSON" files must be. */
function isStrictJson(text: string): boolean {
  try {
    JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return true;
  } catch {
    return false;
  }
}

interface Read {
  rules: CursorRule[];
  findings: Finding[];
  ignored: boolean;
}

/**
 * The rules of one Cursor CLI file. The global file is "pure JSON, no comments" and a corrupted
 * one is backed up as `.bad` and recreated (docs: cli/reference/configuration), so a global file
 * that is not strict JSON has no rules in force. The project file's parsing is not documented:
 * when it is not strict JSON, RuleLens keeps its denies and drops its allows (the stricter
 * reading either way) and says so.
 */
function readFile(path: string, text: string, layer: CursorLayer, firstIndex: number, other: boolean): Read {
  const doc = parseJson(text);
  const source = doc.source;
  const findings: Finding[] = [...duplicateKeyFindings(source, doc.root)];
  const rules: CursorRule[] = [];
  const strict = doc.root !== undefined && isStrictJson(text);
  let ignored = false;
  let dropAllows = false;
  if (!doc.root || doc.findings.length) {
    findings.push(...doc.findings);
    if (!doc.root) return { rules, findings, ignored: true };
  }
  if (!strict) {
    if (layer === 'global') {
      findings.push(finding('cursor-json-invalid', 'error', 'cli-config.json must be pure JSON (no comments, no trailing commas): Cursor CLI backs a corrupted file up as .bad and recreates it, so none of these rules is in force', FILE_START, { related: [{ range: FILE_START, message: 'source: cursor.com/docs/cli/reference/configuration ("Pure JSON", ".bad")' }] }));
      ignored = true;
    } else {
      dropAllows = true;
      findings.push(finding('cursor-json-invalid', 'error', 'not strict JSON (a comment or trailing comma): Cursor documents no reading of .cursor/cli.json beyond JSON; assumed: its allow entries are not in force (its deny entries are still counted)', FILE_START));
    }
  }
  if (doc.root.type !== 'object') {
    findings.push(finding('schema', 'error', `the file must be a JSON object, found ${typeName(doc.root)}`, rangeOf(source, doc.root)));
    return { rules, findings, ignored: true };
  }
  const perms = prop(doc.root, 'permissions');
  if (layer === 'global' && !prop(doc.root, 'version')) findings.push(finding('schema', 'warning', 'cli-config.json has no "version" (required, currently 1); Cursor CLI repairs missing fields itself', FILE_START));
  if (layer === 'project') {
    for (const p of doc.root.children ?? []) {
      const key = p.children?.[0];
      if (key && key.value !== 'permissions') findings.push(finding('schema', 'warning', `"${String(key.value)}" has no effect here: only permissions can be configured at the project level (docs: cli/reference/configuration)`, rangeOf(source, key), { unnecessary: true }));
    }
  }
  if (!perms) return { rules, findings, ignored };
  if (perms.type !== 'object') {
    findings.push(finding('schema', 'error', `"permissions" must be an object with "allow" and "deny" lists, found ${typeName(perms)}`, rangeOf(source, perms)));
    return { rules, findings, ignored };
  }
  for (const p of perms.children ?? []) {
    const key = p.children?.[0];
    if (!key) continue;
    const k = String(key.value);
    if (k === 'ask') findings.push(finding('never-matches', 'warning', 'Cursor CLI has no "ask" list (only allow and deny); an unmatched request already asks', rangeOf(source, key)));
    else if (k !== 'allow' && k !== 'deny') findings.push(finding('schema', 'warning', `unknown permissions key "${k}" (Cursor CLI reads "allow" and "deny")`, rangeOf(source, key)));
  }
  for (const native of ['deny', 'allow'] as const) {
    const list = prop(perms, native);
    if (!list) continue;
    if (list.type !== 'array') {
      findings.push(finding('schema', 'error', `"permissions.${native}" must be an array of strings, found ${typeName(list)}`, rangeOf(source, list)));
      continue;
    }
    for (const item of list.children ?? []) {
      if (item.type !== 'string') {
        findings.push(finding('schema', 'error', `a permission entry must be a string like "Shell(git)", found ${typeName(item)}`, rangeOf(source, item)));
        continue;
      }
      rules.push(ruleOf(item, native, source, layer, firstIndex + rules.length, other ? path : undefined, ignored || (native === 'allow' && dropAllows)));
    }
  }
  return { rules, findings, ignored };
}

function ruleOf(item: Node, native: 'allow' | 'deny', source: SourceText, layer: CursorLayer, index: number, file: string | undefined, notInForce: boolean): CursorRule {
  const text = String(item.value);
  const shape = readEntry(text);
  const range: Range = rangeOf(source, item);
  const rule: CursorRule = {
    index,
    id: null,
    decision: native,
    native,
    label: `${native} ${text}`,
    range,
    text,
    argument: shape.argument,
    cursorLayer: layer,
    valueRange: range,
  };
  if (shape.type) rule.type = shape.type;
  if (shape.commandBase !== undefined) rule.commandBase = shape.commandBase;
  if (shape.args !== undefined) rule.args = shape.args;
  if (shape.server !== undefined) rule.server = shape.server;
  if (shape.tool !== undefined) rule.tool = shape.tool;
  if (shape.never) rule.never = shape.never;
  if (notInForce) rule.never = 'the file is not in force as Cursor CLI reads it';
  if (file) {
    rule.file = file;
    rule.layer = LAYER_NAMES[layer];
  }
  return rule;
}

/**
 * Parses a Cursor CLI file (`.cursor/cli.json` or `cli-config.json`) with exact ranges; a project
 * file is joined by the user's global `cli-config.json` when it is named (`ctx.globalConfig`,
 * never read from this machine's home): deny wins across both, so order does not matter.
 * @example parseCursor({ path: '.cursor/cli.json', text: '{"permissions":{"allow":["Shell(ls)"]}}' }).rules[0].commandBase // 'ls'
 */
export function parseCursor(file: FileInfo, ctx: EvalContext = {}): CursorRuleSet {
  const layer = layerOfPath(file.path);
  const own = readFile(file.path, file.text, layer, 0, false);
  const rs: CursorRuleSet = { dialect: 'cursor', path: file.path, source: new SourceText(file.text), rules: own.rules, findings: own.findings, ignored: own.ignored, layer, layerName: LAYER_NAMES[layer] };
  if (layer === 'project') rs.workspace = workspaceOf(file.path);
  const g = ctx.globalConfig;
  if (layer === 'project' && g && GLOBAL_NAME.test(g.path)) {
    const other = readFile(g.path, g.text, 'global', rs.rules.length, true);
    rs.rules.push(...other.rules);
    if (other.findings.length) rs.memberFindings = [{ path: g.path, findings: other.findings }];
    rs.members = [
      { path: file.path, layer: LAYER_NAMES.project, present: true },
      { path: g.path, layer: LAYER_NAMES.global, present: true },
    ];
  }
  return rs;
}
