import * as path from 'path';
import { compileGlobs, type GlobAnswer } from '../patterns/glob';
import { finding, type Finding, type Severity } from '../model';
import { parseJson, properties, prop, rangeOf, typeName, valueOf } from '../json/tree';
import { readConfigSuppressions, type ConfigSuppression } from './suppress';
import { LINT_SUMMARIES } from '../docs';
import { nearestWord } from '../text/nearest-word';

/** Every lint id a config may set a level for. */
export const KNOWN_LINT_IDS: readonly string[] = Object.keys(LINT_SUMMARIES);

/** The known id closest to a misspelt one (edit distance at most 3), for the message. */
const closestId = (id: string): string | undefined => nearestWord(id, KNOWN_LINT_IDS, 3);

export type LintLevel = 'off' | Severity;
export const LINT_LEVELS: readonly LintLevel[] = ['off', 'hint', 'information', 'warning', 'error'];
export const CONFIG_FILE = '.rulelens.json';

/** Lint levels and file excludes from `.rulelens.json` and the `rulelens.lints` setting. */
export interface LintConfig {
  levels: Record<string, LintLevel>;
  exclude: string[];
  /** Folder the exclude globs are relative to. */
  base: string;
  /** `.rulelens.json` `"suppress"` entries: single findings hidden by file, lint and rule or request. */
  suppress?: ConfigSuppression[];
  /** The `.rulelens.json` these came from, when one was read. */
  file?: string;
}

export const EMPTY_CONFIG: LintConfig = { levels: {}, exclude: [], base: '' };

/**
 * Reads `.rulelens.json`: `{"lints": {"<id>": "off|information|warning|error"}, "exclude": ["glob"]}`.
 * Problems are findings on the config file itself.
 * @example parseLintConfig('/ws/.rulelens.json', '{"lints": {"dead-rule": "off"}}').config.levels
 */
export function parseLintConfig(filePath: string, text: string): { config: LintConfig; findings: Finding[] } {
  const doc = parseJson(text);
  const findings = [...doc.findings];
  const config: LintConfig = { levels: {}, exclude: [], base: path.dirname(filePath), file: filePath };
  const root = doc.root;
  if (root && root.type !== 'object') findings.push(finding('schema', 'error', `${CONFIG_FILE} must be an object like {"lints": {"dead-rule": "off"}}, found ${typeName(root)}`, rangeOf(doc.source, root)));
  if (!root || root.type !== 'object') return { config, findings };
  const lints = prop(root, 'lints');
  if (lints?.type === 'object') {
    for (const p of properties(lints)) {
      const v = p.value;
      if (!KNOWN_LINT_IDS.includes(p.key)) {
        const near = closestId(p.key);
        findings.push(finding('schema', 'warning', `unknown lint id "${p.key}"${near ? `; did you mean "${near}"?` : ''} (this setting changes nothing)`, rangeOf(doc.source, p.keyNode), { data: near ? { replacement: near } : {} }));
        continue;
      }
      if (v?.type === 'string' && (LINT_LEVELS as readonly string[]).includes(v.value)) config.levels[p.key] = v.value as LintLevel;
      else if (v) findings.push(finding('schema', 'error', `lint level must be one of ${LINT_LEVELS.join(', ')}, found ${typeName(v)}`, rangeOf(doc.source, v)));
    }
  } else if (lints) findings.push(finding('schema', 'error', '"lints" must be an object of lint id → level', rangeOf(doc.source, lints)));
  const exclude = prop(root, 'exclude');
  if (exclude?.type === 'array') {
    for (const e of exclude.children ?? []) {
      if (e.type === 'string') config.exclude.push(e.value);
      else findings.push(finding('schema', 'error', `an exclude entry must be a glob string, found ${typeName(e)}`, rangeOf(doc.source, e)));
    }
  } else if (exclude) findings.push(finding('schema', 'error', '"exclude" must be an array of glob strings', rangeOf(doc.source, exclude)));
  const list = prop(root, 'suppress');
  if (list?.type === 'array') {
    const read = readConfigSuppressions((list.children ?? []).map((n) => ({ value: valueOf(n), range: rangeOf(doc.source, n) })));
    config.suppress = read.entries;
    findings.push(...read.findings);
  } else if (list) findings.push(finding('schema', 'error', '"suppress" must be an array of {"file", "lint"} entries', rangeOf(doc.source, list)));
  return { config, findings };
}

/** Merges settings over file config (the editor setting wins). */
export function mergeConfig(base: LintConfig, over: Partial<LintConfig>): LintConfig {
  const suppress = [...(base.suppress ?? []), ...(over.suppress ?? [])];
  return {
    levels: { ...base.levels, ...(over.levels ?? {}) },
    exclude: [...base.exclude, ...(over.exclude ?? [])],
    base: base.base || over.base || '',
    ...(suppress.length ? { suppress } : {}),
    ...(base.file ?? over.file ? { file: base.file ?? over.file } : {}),
  };
}

/** Exclude lists compiled once per list text (a check asks for every file it finds). */
const EXCLUDES = new Map<string, (rel: string) => GlobAnswer>();
/** Distinct exclude lists kept compiled; the cache starts afresh past it (it only saves work). */
const MAX_EXCLUDE_LISTS = 64;

/**
 * Whether the file is excluded; a glob the matcher cannot decide within its budget excludes
 * nothing (the file is still checked).
 * @example isExcluded(cfg, '/ws/vendor/opencode.json')
 */
export function isExcluded(config: LintConfig, filePath: string): boolean {
  if (!config.exclude.length) return false;
  const rel = path.relative(config.base || '.', filePath).replace(/\\/g, '/');
  const key = config.exclude.join('\0');
  let test = EXCLUDES.get(key);
  if (!test) {
    if (EXCLUDES.size >= MAX_EXCLUDE_LISTS) EXCLUDES.clear();
    EXCLUDES.set(key, (test = compileGlobs(config.exclude, { dot: true })));
  }
  return test(rel) === true;
}

/** Lint codes that are never configurable: they say the file or a request cannot be used. */
const FIXED = new Set(['schema', 'request-invalid', 'unreadable-file']);

/**
 * Applies levels: drops `off` findings, re-grades others.
 * @example applyLevels(findings, { levels: { 'dead-rule': 'off' } })
 */
export function applyLevels(findings: Finding[], config: LintConfig): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const level = FIXED.has(f.code) && f.severity === 'error' ? undefined : config.levels[f.code];
    if (level === 'off') continue;
    out.push(level ? { ...f, severity: level } : f);
  }
  return out;
}
