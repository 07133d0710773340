import * as fs from 'fs';
import * as path from 'path';
import { checkRuleFile, UNREADABLE_FILE, type FileReport } from '../../shared/check/check-file';
import { clearSharedIndexes } from '../../shared/compiled/index-cache';
import { discoverRuleFiles, looksLikeRules, MAX_DISCOVERED_FILES, type Discovery } from '../../shared/check/discover';
import { DIALECTS, dialectById } from '../../shared/dialects';
import { findAgentPolicies } from '../../shared/check/agents';
import { filesToCompare } from '../../shared/check/project-agents';
import { agentsDisagree } from '../../shared/check/agents-disagree';
import { kindOf, MAX_RULE_FILE_BYTES, readBounded } from '../../shared/host/read-file';
import { finding, FILE_START, type Finding } from '../../shared/model';
import { isExcluded } from '../../shared/config/lint-config';
import { detectDialect } from '../../shared/dialects';
import { listEntries, readText } from '../../shared/host/node-fs';
import { count, dialectOption, ENGINE_OPTIONS, format, parse, withEngineOptions } from '../args';
import { addToSummary, emptySummary, fileJson } from '../format/json';
import { formatFileText } from '../format/text';
import { evalContext, findLintConfig, nodeHost, reportConfigFindings, stdio, UsageError, type Out } from '../io';
import { thousands } from '../../shared/text/thousands';

export const CHECK_FORMATS = ['text', 'json', 'sarif'] as const;

/** How one output format prints a run: a file at a time, then the end. */
interface Sink {
  file(rep: FileReport): void;
  end(summary: ReturnType<typeof emptySummary>): void;
}

/**
 * `rulelens check [PATH...] [--dialect ID] [--format text|json|sarif] [--max-warnings N] [--trace]`
 * Exit 0 all good; 1 a failed expectation or an error (or too many warnings); 2 usage/I-O.
 * Files are checked and printed one at a time and nothing of a file is kept once printed (only
 * the counts and, for SARIF, its findings), so a run over a thousand files stays in flat memory.
 */
export async function checkCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { format: { type: 'string' }, 'max-warnings': { type: 'string' }, dialect: { type: 'string' }, trace: { type: 'boolean' }, 'report-suppressed': { type: 'boolean' }, ...ENGINE_OPTIONS });
  const withSuppressed = values['report-suppressed'] === true;
  const fmt = format(values.format, CHECK_FORMATS, 'text');
  const maxWarnings = count(values['max-warnings'], '--max-warnings');
  const withTrace = values.trace === true;
  const roots = positionals.length ? positionals : ['.'];
  const forced = dialectOption(values.dialect);
  const files: string[] = [];
  const reports: FileReport[] = [];
  for (const r of roots) {
    const found = discoverNamed(r, forced, positionals.length > 0);
    files.push(...found.files.map((f) => path.resolve(f)));
    reports.push(...found.unreadableFolders.map((u) => unreadableFolder(path.resolve(u.path), u.reason)));
  }
  const { config, path: configPath, findings: configFindings } = findLintConfig(roots[0]);
  reportConfigFindings(io, configPath, configFindings);
  const ctx = withEngineOptions(evalContext(values['user-settings']), values, readText, listEntries, process.env);
  const cwd = process.cwd();
  const sink = fmt === 'json' ? jsonSink(io, withTrace, withSuppressed) : fmt === 'sarif' ? await sarifSink(io, cwd, withSuppressed) : textSink(io, cwd, withTrace, withSuppressed);
  const summary = emptySummary();
  const once = new Set<string>();
  for (const rep of reports) {
    addToSummary(summary, rep);
    sink.file(rep);
  }
  const unique = [...new Set(files)].filter((f) => !isExcluded(config, f));
  // Where the agents a repository holds policies for decide one request differently (agents-disagree).
  let across = new Map<string, Finding[]>();
  if (forced === undefined) {
    // Only projects holding two agents' policies are compared: a run over one agent's files loads nothing more.
    const compared = filesToCompare(unique, nodeHost, { ctx });
    for (const f of compared) await initDialectOf(f, undefined);
    if (compared.length) across = agentsDisagree(findAgentPolicies(compared, nodeHost, { ctx }), ctx);
  }
  for (const f of unique) {
    await initDialectOf(f, forced);
    const rep = onceEach(checkRuleFile(f, nodeHost, { ctx, config, dialect: forced, extraFindings: across.get(f) }), once);
    addToSummary(summary, rep);
    sink.file(rep);
    // Each file is checked once: its pattern indexes, shared so an editor's re-checks can reuse
    // them, would only keep its memory alive here until others pushed them out.
    clearSharedIndexes();
    await drained(io);
  }
  sink.end(summary);
  if (summary.files === 0 && fmt === 'text') io.err('no rule files found');
  const tooManyWarnings = maxWarnings !== undefined && summary.warnings > maxWarnings;
  // Said on stderr whatever the format, so the reason for exit 1 is never left to guess.
  if (tooManyWarnings) io.err(warningsOverBudget(summary.warnings, maxWarnings));
  return summary.errors > 0 || summary.failed > 0 || summary.invalid > 0 || tooManyWarnings ? 1 : 0;
}

/**
 * Why a run with only warnings failed.
 * @example warningsOverBudget(4, 0) // '4 warnings > --max-warnings 0'
 */
export function warningsOverBudget(warnings: number, max: number): string {
  return `${warnings} warning${warnings === 1 ? '' : 's'} > --max-warnings ${max}`;
}

/**
 * A report without the notes already printed for an earlier file: a finding whose `data.once`
 * names its scope (a policy folder) is news once per run, not once per file of the folder.
 */
function onceEach(rep: FileReport, seen: Set<string>): FileReport {
  const keep = rep.diagnostics.filter((f) => {
    const k = f.data?.once;
    if (typeof k !== 'string') return true;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return keep.length === rep.diagnostics.length ? rep : { ...rep, diagnostics: keep };
}

/** Requests that ran but had no `expect` to compare with: neither passed nor failed. */
const withoutExpect = (s: { requests: number; passed: number; failed: number; invalid: number }) => s.requests - s.passed - s.failed - s.invalid;

function textSink(io: Out, cwd: string, withTrace: boolean, withSuppressed: boolean): Sink {
  return {
    file: (rep) => io.out(formatFileText(rep, cwd, withTrace, withSuppressed)),
    end: (s) => io.out(`${s.files} file${s.files === 1 ? '' : 's'} · ${s.errors} error${s.errors === 1 ? '' : 's'} · ${s.warnings} warning${s.warnings === 1 ? '' : 's'}${s.suppressed ? ` · ${s.suppressed} suppressed` : ''} · ${s.requests} requests: ${s.passed} passed, ${s.failed} failed${s.invalid ? `, ${s.invalid} invalid` : ''}${withoutExpect(s) ? `, ${withoutExpect(s)} without expect` : ''}`),
  };
}

/** One JSON document, written a file at a time: `{"files": [ …, … ], "summary": {…}}`. */
function jsonSink(io: Out, withTrace: boolean, withSuppressed: boolean): Sink {
  let first = true;
  io.out('{\n"files": [');
  return {
    file: (rep) => {
      io.out(`${first ? '' : ','}${JSON.stringify(fileJson(rep, withTrace, withSuppressed), null, 2)}`);
      first = false;
    },
    end: (s) => io.out(`],\n"summary": ${JSON.stringify(s, null, 2)}\n}`),
  };
}

async function sarifSink(io: Out, cwd: string, withSuppressed: boolean): Promise<Sink> {
  const { sarifCollector } = await import('../format/sarif');
  const c = sarifCollector(cwd, withSuppressed);
  return { file: (rep) => c.add(rep), end: () => io.out(JSON.stringify(c.log(), null, 2)) };
}

/** Readies the dialect of a rule file (its one-time async setup) before the file is checked. */
export async function initDialectOf(file: string, forced: unknown): Promise<void> {
  // Bounded like the check itself: a file over the rule-file limit is refused there, never read here.
  const read = typeof forced === 'string' ? undefined : readBounded(file, MAX_RULE_FILE_BYTES, { lossy: true });
  const d = typeof forced === 'string' ? dialectById(forced) : detectDialect({ path: file, text: read?.ok ? read.text : '' });
  await d?.init?.();
}

/** Waits while stdout's buffer is full, so a slow reader never makes a long run pile output up in memory. */
function drained(io: Out): Promise<void> | undefined {
  if (io !== stdio || !process.stdout.writableNeedDrain) return undefined;
  return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}

/**
 * The rule files of one path given to `check`. A path the user named must hold something to check:
 * a file no dialect claims (unless `--dialect` forces one) or a folder without rule files is a usage
 * error (exit 2), so a mistyped path cannot keep CI green.
 */
function discoverNamed(root: string, forced: string | undefined, named: boolean): Discovery {
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(root);
  } catch {
    if (!isDanglingLink(root)) throw new UsageError(`no such file or folder: ${root}`);
  }
  if (st?.isDirectory()) {
    const found = discoverRuleFiles(root);
    if (found.truncated) throw new UsageError(`${root}: stopped after ${thousands(MAX_DISCOVERED_FILES)} files; name the folders that hold rule files`);
    if (named && found.files.length === 0 && found.unreadableFolders.length === 0) throw new UsageError(`${root}: no rule files found (no file under it is claimed by a dialect)`);
    return found;
  }
  if (forced !== undefined || looksLikeRules(root)) return { files: [root], unreadableFolders: [], truncated: false };
  const kind = st ? kindOf(st) : 'a broken symbolic link';
  throw new UsageError(`${root}: no dialect claims this file${kind ? ` (${kind})` : ''}; name a rule file, or force one with --dialect ${DIALECTS.map((d) => d.id).join('|')}`);
}

function isDanglingLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function unreadableFolder(p: string, reason: string): FileReport {
  return { path: p, dialect: null, ruleSet: null, diagnostics: [finding(UNREADABLE_FILE, 'error', reason, FILE_START)], requestsPath: null, requestsFile: null, requestDiagnostics: [], results: [] };
}
