import * as fs from 'fs';
import * as path from 'path';
import { checkRuleFile, type FileReport } from '../../shared/check/check-file';
import { discoverRuleFiles } from '../../shared/check/discover';
import { isExcluded } from '../../shared/config/lint-config';
import { detectDialect, dialectById } from '../../shared/dialects';
import { readText } from '../../shared/host/node-fs';
import { count, format, parse } from '../args';
import { addToSummary, emptySummary, fileJson } from '../format/json';
import { formatFileText } from '../format/text';
import { evalContext, findLintConfig, nodeHost, stdio, UsageError, type Out } from '../io';

export const CHECK_FORMATS = ['text', 'json', 'sarif'] as const;

/** How one output format prints a run: a file at a time, then the end. */
interface Sink {
  file(rep: FileReport): void;
  end(summary: ReturnType<typeof emptySummary>): void;
}

/**
 * `rulelens check [PATH...] [--format text|json|sarif] [--max-warnings N] [--trace]`
 * Exit 0 all good; 1 a failed expectation or an error (or too many warnings); 2 usage/I-O.
 * Files are checked and printed one at a time and nothing of a file is kept once printed (only
 * the counts and, for SARIF, its findings), so a run over a thousand files stays in flat memory.
 */
export async function checkCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { format: { type: 'string' }, 'max-warnings': { type: 'string' }, dialect: { type: 'string' }, trace: { type: 'boolean' } });
  const fmt = format(values.format, CHECK_FORMATS, 'text');
  const maxWarnings = count(values['max-warnings'], '--max-warnings');
  const withTrace = values.trace === true;
  const roots = positionals.length ? positionals : ['.'];
  const files: string[] = [];
  for (const r of roots) {
    if (!fs.existsSync(r)) throw new UsageError(`no such file or folder: ${r}`);
    files.push(...discoverRuleFiles(r).map((f) => path.resolve(f)));
  }
  const { config } = findLintConfig(roots[0]);
  const ctx = evalContext();
  const cwd = process.cwd();
  const sink = fmt === 'json' ? jsonSink(io, withTrace) : fmt === 'sarif' ? await sarifSink(io, cwd) : textSink(io, cwd, withTrace);
  const summary = emptySummary();
  for (const f of [...new Set(files)]) {
    if (isExcluded(config, f)) continue;
    await initDialectOf(f, values.dialect);
    const rep = checkRuleFile(f, nodeHost, { ctx, config, dialect: typeof values.dialect === 'string' ? values.dialect : undefined });
    addToSummary(summary, rep);
    sink.file(rep);
    await drained(io);
  }
  sink.end(summary);
  if (summary.files === 0 && fmt === 'text') io.err('no rule files found');
  const tooManyWarnings = maxWarnings !== undefined && summary.warnings > maxWarnings;
  return summary.errors > 0 || summary.failed > 0 || summary.invalid > 0 || tooManyWarnings ? 1 : 0;
}

function textSink(io: Out, cwd: string, withTrace: boolean): Sink {
  return {
    file: (rep) => io.out(formatFileText(rep, cwd, withTrace)),
    end: (s) => io.out(`${s.files} file${s.files === 1 ? '' : 's'} · ${s.errors} error${s.errors === 1 ? '' : 's'} · ${s.warnings} warning${s.warnings === 1 ? '' : 's'} · ${s.requests} requests: ${s.passed} passed, ${s.failed} failed${s.invalid ? `, ${s.invalid} invalid` : ''}`),
  };
}

/** One JSON document, written a file at a time: `{"files": [ …, … ], "summary": {…}}`. */
function jsonSink(io: Out, withTrace: boolean): Sink {
  let first = true;
  io.out('{\n"files": [');
  return {
    file: (rep) => {
      io.out(`${first ? '' : ','}${JSON.stringify(fileJson(rep, withTrace), null, 2)}`);
      first = false;
    },
    end: (s) => io.out(`],\n"summary": ${JSON.stringify(s, null, 2)}\n}`),
  };
}

async function sarifSink(io: Out, cwd: string): Promise<Sink> {
  const { sarifCollector } = await import('../format/sarif');
  const c = sarifCollector(cwd);
  return { file: (rep) => c.add(rep), end: () => io.out(JSON.stringify(c.log(), null, 2)) };
}

/** Readies the dialect of a rule file (its one-time async setup) before the file is checked. */
async function initDialectOf(file: string, forced: unknown): Promise<void> {
  const d = typeof forced === 'string' ? dialectById(forced) : detectDialect({ path: file, text: readText(file) ?? '' });
  await d?.init?.();
}

/** Waits while stdout's buffer is full, so a slow reader never makes a long run pile output up in memory. */
function drained(io: Out): Promise<void> | undefined {
  if (io !== stdio || !process.stdout.writableNeedDrain) return undefined;
  return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}
