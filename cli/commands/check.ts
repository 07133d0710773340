import * as fs from 'fs';
import * as path from 'path';
import { checkRuleFile, UNREADABLE_FILE, type FileReport } from '../../shared/check/check-file';
import { discoverRuleFiles, looksLikeRules, MAX_DISCOVERED_FILES, type Discovery } from '../../shared/check/discover';
import { DIALECTS, dialectById } from '../../shared/dialects';
import { kindOf } from '../../shared/host/read-file';
import { finding, FILE_START } from '../../shared/model';
import { isExcluded } from '../../shared/config/lint-config';
import { count, format, parse } from '../args';
import { fileJson, summarize } from '../format/json';
import { formatCheckText } from '../format/text';
import { evalContext, findLintConfig, nodeHost, UsageError, type Out } from '../io';

export const CHECK_FORMATS = ['text', 'json', 'sarif'] as const;

/**
 * `rulelens check [PATH...] [--format text|json|sarif] [--max-warnings N]`
 * Exit 0 all good; 1 a failed expectation or an error (or too many warnings); 2 usage/I-O.
 */
export async function checkCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { format: { type: 'string' }, 'max-warnings': { type: 'string' }, dialect: { type: 'string' } });
  const fmt = format(values.format, CHECK_FORMATS, 'text');
  const maxWarnings = count(values['max-warnings'], '--max-warnings');
  const roots = positionals.length ? positionals : ['.'];
  const forced = typeof values.dialect === 'string' ? values.dialect : undefined;
  if (forced !== undefined && !dialectById(forced)) throw new UsageError(`--dialect must be one of ${DIALECTS.map((d) => d.id).join(', ')}`);
  const files: string[] = [];
  const reports: FileReport[] = [];
  for (const r of roots) {
    const found = discoverNamed(r, forced, positionals.length > 0);
    files.push(...found.files.map((f) => path.resolve(f)));
    reports.push(...found.unreadableFolders.map((u) => unreadableFolder(path.resolve(u.path), u.reason)));
  }
  const { config } = findLintConfig(roots[0]);
  const ctx = evalContext();
  for (const f of [...new Set(files)]) {
    if (isExcluded(config, f)) continue;
    reports.push(checkRuleFile(f, nodeHost, { ctx, config, dialect: forced }));
  }
  const summary = summarize(reports);
  if (fmt === 'json') io.out(JSON.stringify({ files: reports.map(fileJson), summary }, null, 2));
  else if (fmt === 'sarif') {
    const { toSarif } = await import('../format/sarif');
    io.out(JSON.stringify(toSarif(reports, process.cwd()), null, 2));
  } else {
    io.out(formatCheckText(reports, process.cwd()));
    io.out(`${summary.files} file${summary.files === 1 ? '' : 's'} · ${summary.errors} error${summary.errors === 1 ? '' : 's'} · ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'} · ${summary.requests} requests: ${summary.passed} passed, ${summary.failed} failed`);
  }
  if (reports.length === 0 && fmt === 'text') io.err('no rule files found');
  const tooManyWarnings = maxWarnings !== undefined && summary.warnings > maxWarnings;
  return summary.errors > 0 || summary.failed > 0 || tooManyWarnings ? 1 : 0;
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
    if (found.truncated) throw new UsageError(`${root}: stopped after ${MAX_DISCOVERED_FILES.toLocaleString('en-US')} files; name the folders that hold rule files`);
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
