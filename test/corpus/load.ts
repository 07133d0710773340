import * as fs from 'fs';
import * as path from 'path';
import { initDialects } from '../../shared/dialects';
import { loadRuleSet, lintRuleSet } from '../../shared/check/check-file';
import type { AnyDialect, LintContext } from '../../shared/dialects/dialect';
import { Deadline } from '../../shared/analysis/budget';

/**
 * The corpus is linted without the editor's time budget: a snapshot must not depend on how busy
 * the machine is. (The budget itself is measured by `npm run bench`.)
 */
const UNHURRIED_MS = 30 * 60_000;
import type { Finding, RuleSet } from '../../shared/model';

/** The corpus folder: real rule files collected from public repositories, kept verbatim. */
export const CORPUS_DIR = __dirname;

export interface ManifestEntry {
  /** Path of the copy, relative to the corpus folder. */
  file: string;
  repo: string;
  path: string;
  commit: string;
}

/** Every corpus file the manifest lists, in manifest order. */
export function corpusEntries(): ManifestEntry[] {
  const m = JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, 'manifest.json'), 'utf8')) as { files: ManifestEntry[] };
  return m.files;
}

export interface CorpusResult {
  entry: ManifestEntry;
  dialect: AnyDialect | null;
  ruleSet: RuleSet | null;
  /** Parse findings and lints, before any `.rulelens.json` levels. */
  findings: Finding[];
}

/**
 * Parses and lints one corpus file the way `rulelens check` does (detected dialect, no config).
 * The file is named by its original repository path so path-based detection sees what a user's
 * editor sees.
 * @example lintCorpusFile(corpusEntries()[0]).findings.map((f) => f.code)
 */
export function lintCorpusFile(entry: ManifestEntry): CorpusResult {
  const text = fs.readFileSync(path.join(CORPUS_DIR, entry.file), 'utf8');
  const virtual = path.join('/corpus', entry.repo, entry.path);
  const { dialect, ruleSet } = loadRuleSet({ path: virtual, text });
  if (!dialect || !ruleSet) return { entry, dialect, ruleSet, findings: [] };
  const ctx: LintContext = { deadline: new Deadline(UNHURRIED_MS) };
  return { entry, dialect, ruleSet, findings: [...ruleSet.findings, ...lintRuleSet(dialect, ruleSet, ctx)] };
}

let cached: CorpusResult[] | undefined;

/** Loads the dialects' parsers, then lints every corpus file (once per process: tests share it). */
export async function lintCorpus(): Promise<CorpusResult[]> {
  await initDialects();
  cached ??= corpusEntries().map(lintCorpusFile);
  return cached;
}

/** How long the corpus may take to lint on a busy machine (a limit for mocha, not an assertion). */
export const CORPUS_TIMEOUT_MS = 600_000;
