import type { Node } from 'jsonc-parser';
import type { FileInfo } from '../dialect';
import { finding, FILE_START, SourceText, type EvalContext, type Finding, type Range } from '../../model';
import { duplicateKeyFindings, parseJson, properties, rangeOf, typeName, valueOf } from '../../json/tree';
import { AMP_VERSION, BUILTIN_ENTRIES } from './builtins';
import { mirrored, validateEntry } from './schema';
import type { AmpEntry, AmpRule, AmpRuleSet } from './types';

export const BUILTIN_LAYER = `built-in rules, Amp ${AMP_VERSION}`;
export const LAYER_NAMES = { workspace: 'workspace .amp/settings.json', user: 'user settings' } as const;

const WORKSPACE_FILE = /(?:^|\/)\.amp\/settings\.jsonc?$/;
const USER_FILE = /(?:^|\/)amp\/settings\.jsonc?$/;

/** @example layerOf('/p/.amp/settings.json') // 'workspace' */
export function layerOf(path: string): 'workspace' | 'user' {
  return WORKSPACE_FILE.test(path.replace(/\\/g, '/')) ? 'workspace' : 'user';
}

/** One settings file as Amp reads it: the `amp.` keys with the prefix stripped, and where each permission entry is. */
interface Settings {
  path: string;
  source: SourceText;
  findings: Finding[];
  unreadable: boolean;
  /** Present keys (prefix stripped) and their values. */
  values: Map<string, unknown>;
  keyRanges: Map<string, Range>;
  /** `permissions` items with their place, when it is an array. */
  items: Array<{ raw: unknown; range: Range }>;
}

function readSettings(path: string, text: string): Settings {
  const doc = parseJson(text);
  const s: Settings = { path, source: doc.source, findings: [...duplicateKeyFindings(doc.source, doc.root)], unreadable: false, values: new Map(), keyRanges: new Map(), items: [] };
  if (doc.findings.length || !doc.root) {
    s.findings.push(...doc.findings.map((f) => ({ ...f, message: `${f.message} — Amp reports "Invalid JSON in settings file" and reads none of its settings` })));
    s.unreadable = true;
    return s;
  }
  if (doc.root.type !== 'object') {
    s.findings.push(finding('schema', 'error', `settings must be a JSON object, found ${typeName(doc.root)}`, rangeOf(doc.source, doc.root)));
    s.unreadable = true;
    return s;
  }
  let permsNode: Node | undefined;
  for (const p of properties(doc.root)) {
    if (!p.key.startsWith('amp.')) continue;
    const key = p.key.slice(4);
    s.values.set(key, valueOf(p.value));
    s.keyRanges.set(key, rangeOf(doc.source, p.keyNode));
    if (key === 'permissions') permsNode = p.value;
  }
  if (permsNode) {
    if (permsNode.type !== 'array') s.findings.push(finding('schema', 'error', `"amp.permissions" must be an array of entries, found ${typeName(permsNode)}; Amp ignores it`, rangeOf(doc.source, permsNode)));
    else for (const item of permsNode.children ?? []) s.items.push({ raw: valueOf(item), range: rangeOf(doc.source, item) });
  }
  return s;
}

function label(e: AmpEntry): string {
  const m = e.matches && Object.keys(e.matches).length ? ` ${JSON.stringify(e.matches)}` : '';
  const extra = [e.context ? `context ${e.context}` : '', e.to ? `to ${e.to}` : ''].filter(Boolean).join(', ');
  const text = `${e.action} ${e.tool}${m}${extra ? ` (${extra})` : ''}`;
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/**
 * Parses an Amp settings file (`.amp/settings.json` of a workspace, or the user's
 * `~/.config/amp/settings.json`) into the list Amp walks: workspace entries, then the user's
 * (when named: `ctx.userSettings`, never read from this machine's home), de-duplicated by their
 * JSON text, each shell-tool entry followed by its mirrored copies; then Amp's built-in list.
 * @example parseAmp({ path: '.amp/settings.json', text: '{"amp.permissions":[{"tool":"Bash","action":"allow"}]}' }).rules.length // 3 + 195 built-ins
 */
export function parseAmp(file: FileInfo, ctx: EvalContext = {}): AmpRuleSet {
  const layer = layerOf(file.path);
  const own = readSettings(file.path, file.text);
  const layers: Array<{ s: Settings; layer: 'workspace' | 'user'; other: boolean }> = [{ s: own, layer, other: false }];
  const named = ctx.userSettings;
  if (layer === 'workspace' && named && USER_FILE.test(named.path.replace(/\\/g, '/'))) layers.push({ s: readSettings(named.path, named.text), layer: 'user', other: true });
  const rs: AmpRuleSet = {
    dialect: 'amp',
    path: file.path,
    source: own.source,
    rules: [],
    findings: own.findings,
    layer,
    layerName: LAYER_NAMES[layer],
    pluginActive: false,
    allowAll: false,
    guardedAllowlist: [],
    dropped: [],
    unreadable: own.unreadable,
  };
  const readable = layers.filter((l) => !l.s.unreadable);
  // Merged arrays (`Znt`): workspace entries first, then the user's, the first of equal JSON texts kept.
  const seen = new Set<string>();
  const merged: Array<{ raw: unknown; range: Range; layer: 'workspace' | 'user'; other: boolean; path: string }> = [];
  for (const l of readable) {
    for (const it of l.s.items) {
      const key = JSON.stringify(it.raw);
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push({ ...it, layer: l.layer, other: l.other, path: l.s.path });
    }
  }
  let index = 0;
  for (const m of merged) {
    const v = validateEntry(m.raw);
    if ('why' in v) {
      const f = finding('schema', 'error', `Amp drops this entry: ${v.why} ("Permission entry … is invalid"; \`amp permissions test\` refuses the whole list)`, m.range);
      if (m.other) (rs.memberFindings ??= []).push({ path: m.path, findings: [f] });
      else rs.findings.push(f);
      rs.dropped.push({ range: m.range, why: v.why });
      continue;
    }
    for (const [k, e] of mirrored(v.entry).entries()) {
      const rule: AmpRule = { index, id: null, decision: decisionOf(e.action), native: e.action, label: k === 0 ? label(e) : `${label(e)} (mirrored from ${v.entry.tool})`, range: m.range, entry: e, ampLayer: m.layer, matchIndex: index };
      if (k > 0) rule.mirroredFrom = v.entry.tool;
      if (m.other) {
        rule.file = m.path;
        rule.layer = LAYER_NAMES[m.layer];
      }
      rs.rules.push(rule);
      index++;
    }
  }
  // Everything else: workspace ?? user (`tst`).
  const first = (key: string): { value: unknown; from: string } | undefined => {
    for (const l of readable) {
      const v = l.s.values.get(key);
      if (v !== undefined && v !== null) return { value: v, from: l.s.path };
    }
    return undefined;
  };
  const allowAll = first('dangerouslyAllowAll');
  rs.allowAll = allowAll?.value === true;
  if (rs.allowAll) rs.allowAllFrom = allowAll!.from;
  for (const l of readable) {
    const g = l.s.values.get('guardedFiles.allowlist');
    if (Array.isArray(g)) for (const p of g) if (typeof p === 'string' && !rs.guardedAllowlist.includes(p)) rs.guardedAllowlist.push(p);
  }
  rs.pluginActive = readable.some((l) => l.s.values.has('permissions') || l.s.values.has('guardedFiles.allowlist')) || allowAll?.value === false;
  const withoutBuiltins: AmpRuleSet = { ...rs, rules: [...rs.rules] };
  for (const [i, e] of BUILTIN_ENTRIES.entries()) {
    rs.rules.push({ index: index + i, id: null, decision: decisionOf(e.action), native: e.action, label: `built-in ${i}: ${label(e)}`, range: FILE_START, entry: e, ampLayer: 'built-in', matchIndex: i, layer: BUILTIN_LAYER });
  }
  rs.withoutBuiltins = withoutBuiltins;
  if (readable.length > 1 || layers.length > 1) {
    rs.members = layers.map((l) => ({ path: l.s.path, layer: LAYER_NAMES[l.layer], present: true }));
    const otherFindings = layers.filter((l) => l.other && l.s.findings.length).map((l) => ({ path: l.s.path, findings: l.s.findings }));
    if (otherFindings.length) (rs.memberFindings ??= []).push(...otherFindings);
  }
  return rs;
}

/** The normalized decision an action stands for (delegate: at most ask, its helper decides). */
export function decisionOf(a: AmpEntry['action']): 'allow' | 'ask' | 'deny' {
  return a === 'allow' ? 'allow' : a === 'reject' ? 'deny' : 'ask';
}
