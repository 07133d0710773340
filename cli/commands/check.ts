import * as fs from 'fs';
import * as path from 'path';
import { checkRuleFile, type FileReport } from '../../shared/check/check-file';
import { discoverRuleFiles } from '../../shared/check/discover';
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
  const files: string[] = [];
  for (const r of roots) {
    if (!fs.existsSync(r)) throw new UsageError(`no such file or folder: ${r}`);
    files.push(...discoverRuleFiles(r).map((f) => path.resolve(f)));
  }
  const { config } = findLintConfig(roots[0]);
  const ctx = evalContext();
  const reports: FileReport[] = [];
  for (const f of [...new Set(files)]) {
    if (isExcluded(config, f)) continue;
    reports.push(checkRuleFile(f, nodeHost, { ctx, config, dialect: typeof values.dialect === 'string' ? values.dialect : undefined }));
  }
  const summary = summarize(reports);
  if (fmt === 'json') io.out(JSON.stringify({ files: reports.map(fileJson), summary }, null, 2));
  else if (fmt === 'sarif') {
    const { toSarif } = await import('../format/sarif');
    io.out(JSON.stringify(toSarif(reports, process.cwd()), null, 2));
  } else {
    io.out(formatCheckText(reports, process.cwd()));
    io.out(`${summary.files} file${summary.files === 1 ? '' : 's'} · ${summary.errors} error${summary.errors === 1 ? '' : 's'} · ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'} · ${summary.requests} requests: ${summary.passed} passed, ${summary.failed} failed${summary.invalid ? `, ${summary.invalid} invalid` : ''}`);
  }
  if (reports.length === 0 && fmt === 'text') io.err('no rule files found');
  const tooManyWarnings = maxWarnings !== undefined && summary.warnings > maxWarnings;
  return summary.errors > 0 || summary.failed > 0 || summary.invalid > 0 || tooManyWarnings ? 1 : 0;
}
