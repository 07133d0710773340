import * as fs from 'fs';
import * as path from 'path';
import { checkRuleFile, type FileReport } from '../../shared/check/check-file';
import { clearSharedIndexes } from '../../shared/compiled/index-cache';
import { discoverRuleFiles, looksLikeRules, MAX_DISCOVERED_FILES, SKIP_DIRS } from '../../shared/check/discover';
import { isExcluded } from '../../shared/config/lint-config';
import { detectDialect, isRequestsFile } from '../../shared/dialects';
import { readBase } from '../../shared/diff/base';
import { flipLine } from '../../shared/diff/format';
import { readBounded } from '../../shared/host/read-file';
import { listEntries, readText } from '../../shared/host/node-fs';
import { requestsCandidates, ruleCandidates } from '../../shared/requests/locate';
import { ArgumentError, count, ENGINE_OPTIONS, parse, withEngineOptions } from '../args';
import { addToSummary, emptySummary, fullMessage } from '../format/json';
import { sarifCollector } from '../format/sarif';
import { formatFileText } from '../format/text';
import { evalContext, findLintConfig, nodeHost, reportConfigFindings, UsageError, type Out } from '../io';
import { initDialectOf, warningsOverBudget } from './check';
import { ciMarkdown, MAX_SUMMARY_FINDINGS, type CiFinding, type CiResult } from './ci-summary';
import { compareFile, type FileComparison } from './compare-file';
import { gitChanges, gitRoot } from './git-changes';
import { annotationLine, MAX_ANNOTATIONS, type Annotation } from './github-annotations';
import { thousands } from '../../shared/text/thousands';

/** The rule files `ci` works on, from the PATHs it was given. */
interface Selection {
  /** Rule files (absolute), each once, sorted. */
  files: string[];
  /** Folders named (absolute, real paths): a rule file removed under one is compared too. */
  folders: string[];
  /** Named files no dialect claims, skipped (a hook passes every staged file its filter lets through). */
  skipped: string[];
}

/**
 * `rulelens ci [PATH...] [--base GITREV] [--max-warnings N] [--max-newly-allowed N]
 * [--max-newly-denied N] [--sarif FILE] [--summary FILE] [--no-check]`: `check` over the PATHs
 * and, with a base, `diff` of every rule file changed since the merge base, into one SARIF log and
 * one Markdown summary. Exit 0 all good; 1 the check failed or a budget was exceeded; 2 usage.
 */
export async function ciCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, {
    base: { type: 'string' },
    'max-warnings': { type: 'string' },
    'max-newly-allowed': { type: 'string' },
    'max-newly-denied': { type: 'string' },
    sarif: { type: 'string' },
    summary: { type: 'string' },
    'no-check': { type: 'boolean' },
    'github-annotations': { type: 'boolean' },
    ...ENGINE_OPTIONS,
  });
  const maxWarnings = count(values['max-warnings'], '--max-warnings');
  const maxAllowed = count(values['max-newly-allowed'], '--max-newly-allowed');
  const maxDenied = count(values['max-newly-denied'], '--max-newly-denied');
  const base = typeof values.base === 'string' && values.base !== '' ? values.base : undefined;
  const runCheck = values['no-check'] !== true;
  if (!runCheck && base === undefined) throw new ArgumentError('--no-check needs --base GITREV: without a check there is only the diff to run');
  const roots = positionals.length ? positionals : ['.'];
  const sel = select(roots);
  const { config, path: configPath, findings: configFindings } = findLintConfig(roots[0]);
  reportConfigFindings(io, configPath, configFindings);
  const files = sel.files.filter((f) => !isExcluded(config, f));
  const ctx = withEngineOptions(evalContext(values['user-settings']), values, readText, listEntries, process.env);
  const cwd = process.cwd();
  // Code scanning places results by paths from the repository's top, wherever the job runs.
  const top = gitRoot(cwd) ?? cwd;
  const sarif = typeof values.sarif === 'string' ? sarifCollector(top) : undefined;
  const rel = (p: string) => path.relative(top, p).split(path.sep).join('/') || p;

  const annotations: Annotation[] = [];
  const summary = emptySummary();
  const findings: CiFinding[] = [];
  let findingsTotal = 0;
  if (runCheck) {
    for (const f of files) {
      await initDialectOf(f, undefined);
      const rep = checkRuleFile(f, nodeHost, { ctx, config });
      addToSummary(summary, rep);
      sarif?.add(rep);
      findingsTotal += collectFindings(rep, rel, findings, annotations);
      io.out(formatFileText(rep, cwd));
      clearSharedIndexes();
    }
    for (const s of sel.skipped) io.out(`skipped ${path.relative(cwd, s) || s}: no dialect claims it`);
    io.out(`${summary.files} file${summary.files === 1 ? '' : 's'} · ${summary.errors} error${summary.errors === 1 ? '' : 's'} · ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'} · ${summary.requests} requests: ${summary.passed} passed, ${summary.failed} failed${summary.invalid ? `, ${summary.invalid} invalid` : ''}`);
  }

  const comparisons: FileComparison[] = [];
  const unreadable: string[] = [];
  let baseInfo: CiResult['base'];
  if (base !== undefined) {
    const changes = gitChanges(base, cwd);
    baseInfo = { given: base, commit: changes.commit, ...(changes.note ? { note: changes.note } : {}) };
    if (changes.note) io.err(`note: ${changes.note}`);
    const changed = new Set(changes.changed);
    const real = (p: string) => {
      try {
        return fs.realpathSync(p);
      } catch {
        return path.resolve(p);
      }
    };
    const targets = files.filter((f) => changed.has(real(f)) || requestsCandidates(real(f)).some((r) => changed.has(r)));
    const removed = changes.removed.filter((p) => !isExcluded(config, p) && sel.folders.some((d) => inside(d, p)) && wasRuleFile(p, changes.commit));
    for (const f of [...targets, ...removed]) {
      const gone = !fs.existsSync(f);
      const read = gone ? undefined : readBounded(f);
      if (read && !read.ok) {
        unreadable.push(`${rel(f)} ${read.reason}`);
        continue;
      }
      await initDialectOf(f, undefined);
      const c = compareFile(f, read?.ok ? read.text : null, changes.commit, ctx, io, { shown: rel(f) });
      comparisons.push(c);
      sarif?.addFlips(c.rulePath, c.requestsPath, c.flips);
      flipAnnotations(c, rel, annotations);
      printComparison(c, rel, io);
      clearSharedIndexes();
    }
    if (!targets.length && !removed.length) io.out(`no rule file changed since ${base} (${changes.commit.slice(0, 12)})`);
  }

  const loosened = comparisons.reduce((n, c) => n + c.counts.loosened, 0);
  const tightened = comparisons.reduce((n, c) => n + c.counts.tightened, 0);
  const reasons: string[] = [];
  if (summary.errors) reasons.push(`${summary.errors} error${summary.errors === 1 ? '' : 's'}`);
  if (summary.failed) reasons.push(`${summary.failed} failed request${summary.failed === 1 ? '' : 's'}`);
  if (summary.invalid) reasons.push(`${summary.invalid} invalid request${summary.invalid === 1 ? '' : 's'}`);
  if (maxWarnings !== undefined && summary.warnings > maxWarnings) reasons.push(warningsOverBudget(summary.warnings, maxWarnings));
  if (maxAllowed !== undefined && loosened > maxAllowed) reasons.push(`${loosened} newly allowed > --max-newly-allowed ${maxAllowed}`);
  if (maxDenied !== undefined && tightened > maxDenied) reasons.push(`${tightened} newly denied > --max-newly-denied ${maxDenied}`);
  for (const u of unreadable) reasons.push(`cannot compare ${u}`);
  // Fail closed: a budget is a claim about every decision, and one the search did not examine may be over it.
  if (maxAllowed !== undefined || maxDenied !== undefined) {
    for (const c of comparisons) for (const u of c.unsearched) reasons.push(`search incomplete in ${rel(c.rulePath)}: not searched: ${u}`);
  }

  const result: CiResult = {
    ok: reasons.length === 0,
    reasons,
    checked: runCheck ? summary : null,
    maxWarnings,
    findings,
    findingsTotal,
    skipped: sel.skipped.map(rel),
    base: baseInfo,
    comparisons: comparisons.map((c) => ({ file: rel(c.rulePath), dialect: c.dialect.id, baseLabel: c.baseLabel, absentAtBase: c.absentAtBase, removed: c.removed, requestsFile: c.requestsPath ? rel(c.requestsPath) : null, counts: c.counts, flips: c.flips, notes: c.notes, unsearched: c.unsearched })),
    loosened,
    tightened,
    maxAllowed,
    maxDenied,
  };
  if (values['github-annotations'] === true) {
    // Newly allowed decisions first: they are what a reviewer must see.
    const order = (a: Annotation) => (a.title === 'newly allowed' ? 0 : a.level === 'error' ? 1 : 2);
    const sorted = [...annotations].sort((a, b) => order(a) - order(b));
    for (const a of sorted.slice(0, MAX_ANNOTATIONS)) io.out(annotationLine(a));
    if (sorted.length > MAX_ANNOTATIONS) io.out(`::notice::${sorted.length - MAX_ANNOTATIONS} more findings are in the job log and the SARIF log`);
  }
  if (sarif) write(values.sarif as string, JSON.stringify(sarif.log(), null, 2) + '\n', false);
  if (typeof values.summary === 'string' && values.summary !== '') write(values.summary, ciMarkdown(result), true);
  if (base !== undefined) io.out(`${loosened} newly allowed${maxAllowed === undefined ? '' : ` (budget ${maxAllowed})`}, ${tightened} newly denied${maxDenied === undefined ? '' : ` (budget ${maxDenied})`} in ${comparisons.length} changed rule file${comparisons.length === 1 ? '' : 's'}`);
  if (reasons.length) io.err(`rulelens ci: failed: ${reasons.join('; ')}`);
  return reasons.length ? 1 : 0;
}

/** The rule files of the PATHs: folders are searched, named files taken when a dialect claims them. */
function select(roots: readonly string[]): Selection {
  const files = new Set<string>();
  const folders: string[] = [];
  const skipped: string[] = [];
  for (const r of roots) {
    let st: fs.Stats;
    try {
      st = fs.statSync(r);
    } catch {
      throw new UsageError(`no such file or folder: ${r}`);
    }
    if (st.isDirectory()) {
      const found = discoverRuleFiles(r);
      if (found.truncated) throw new UsageError(`${r}: stopped after ${thousands(MAX_DISCOVERED_FILES)} files; name the folders that hold rule files`);
      for (const f of found.files) files.add(path.resolve(f));
      folders.push(fs.realpathSync(r));
      continue;
    }
    const abs = path.resolve(r);
    if (isRequestsFile(abs)) {
      // A changed requests file is checked through its rule file, the one that runs it.
      const rule = ruleCandidates(abs).find((c) => fs.existsSync(c) && looksLikeRules(c));
      if (rule) files.add(rule);
      else skipped.push(abs);
    } else if (looksLikeRules(abs)) files.add(abs);
    else skipped.push(abs);
  }
  return { files: [...files].sort(), folders, skipped };
}

function inside(folder: string, p: string): boolean {
  const r = path.relative(folder, p);
  return r !== '' && !r.startsWith('..') && !path.isAbsolute(r) && !r.split(path.sep).some((seg) => SKIP_DIRS.has(seg));
}

/** Whether a path that is gone held rules at the base commit (a dialect claims it there). */
function wasRuleFile(p: string, commit: string): boolean {
  if (isRequestsFile(p)) return false;
  const b = readBase(p, commit);
  return !('error' in b) && !b.missing && detectDialect({ path: p, text: b.text }) !== undefined;
}

/** Annotations for one file's flips that count: newly allowed as errors, newly denied as warnings. */
function flipAnnotations(c: FileComparison, rel: (p: string) => string, into: Annotation[]): void {
  for (const f of c.flips) {
    if ((f.kind === 'stored' && f.subject !== null) || f.coveredBy !== undefined) continue;
    const onRequest = f.kind === 'stored' && c.requestsPath !== null && f.range !== undefined;
    const witness = f.witness !== undefined ? ` (witness: ${JSON.stringify(f.witness)})` : '';
    into.push({
      level: f.direction === 'loosened' ? 'error' : 'warning',
      file: rel(onRequest ? c.requestsPath! : c.rulePath),
      range: onRequest ? f.range : f.afterRange,
      title: f.direction === 'loosened' ? 'newly allowed' : 'newly denied',
      message: `${flipLine(f).trimStart()}${witness}`,
    });
  }
}

/** Collects a report's errors and warnings for the summary (a bounded number); returns how many there were. */
function collectFindings(rep: FileReport, rel: (p: string) => string, into: CiFinding[], annotations: Annotation[]): number {
  let n = 0;
  const groups: Array<[string, FileReport['diagnostics']]> = [[rep.path, rep.diagnostics]];
  if (rep.requestsPath) groups.push([rep.requestsPath, rep.requestDiagnostics]);
  for (const [file, list] of groups) {
    for (const f of list) {
      if (f.code === 'request-failed' || (f.severity !== 'error' && f.severity !== 'warning')) continue;
      n++;
      const message = fullMessage(f).message;
      if (into.length < MAX_SUMMARY_FINDINGS) into.push({ file: rel(file), line: f.range.start.line + 1, column: f.range.start.character + 1, severity: f.severity, code: f.code, message, witness: f.witness });
      annotations.push({ level: f.severity, file: rel(file), range: f.range, title: f.code, message: f.witness !== undefined ? `${message} (witness: ${JSON.stringify(f.witness)})` : message });
    }
  }
  for (const r of rep.results) {
    if (r.pass !== false) continue;
    n++;
    const message = `${r.request.name}: ${r.mismatches.join('; ')}`;
    if (into.length < MAX_SUMMARY_FINDINGS) into.push({ file: rel(rep.requestsPath ?? rep.path), line: (r.request.range?.start.line ?? 0) + 1, column: (r.request.range?.start.character ?? 0) + 1, severity: 'error', code: 'request-failed', message });
    annotations.push({ level: 'error', file: rel(rep.requestsPath ?? rep.path), range: r.request.range, title: 'request-failed', message });
  }
  return n;
}

function printComparison(c: FileComparison, rel: (p: string) => string, io: Out): void {
  const state = c.removed ? ' (removed)' : c.absentAtBase ? ' (absent at the base)' : '';
  io.out(`${rel(c.rulePath)} (${c.dialect.id}) vs ${c.baseLabel.replace(/^([0-9a-f]{12})[0-9a-f]{28}:/, '$1:')}${state}: ${c.counts.loosened} newly allowed, ${c.counts.tightened} newly denied`);
  // A stored request's subject lines sit under the request they explain, as in `diff`.
  for (const f of c.flips) io.out(`  ${f.kind === 'stored' && f.subject !== null ? '    ' : f.direction === 'loosened' ? 'newly allowed: ' : 'newly denied: '}${flipLine(f).trimStart()}`);
  for (const n of c.notes) io.out(`  note: ${n}`);
}

/** Writes (or appends to) an output file; a file that cannot be written is a usage error. */
function write(file: string, text: string, append: boolean): void {
  try {
    if (append) fs.appendFileSync(file, text);
    else fs.writeFileSync(file, text);
  } catch (e) {
    throw new UsageError(`cannot write ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
