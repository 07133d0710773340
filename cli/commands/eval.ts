import { ruleNumber } from '../../shared/model';
import * as path from 'path';
import { loadRuleSet } from '../../shared/check/check-file';
import { detectDialect, dialectById } from '../../shared/dialects';
import { parseJson } from '../../shared/json/tree';
import { parseRequestsFile } from '../../shared/requests/parse';
import { runRequest, runRequests } from '../../shared/requests/run';
import { countResults, resultsLine } from '../../shared/requests/summary';
import type { RequestResult } from '../../shared/requests/model';
import { renderTraceText, ruleText } from '../../shared/trace/render';
import { withNearMisses } from '../../shared/trace/near-miss';
import { listEntries, readText } from '../../shared/host/node-fs';
import { ArgumentError, dialectOption, ENGINE_OPTIONS, format, parse, withEngineOptions } from '../args';
import { hookJson, requestJson, ruleJson, traceJson } from '../format/json';
import { placeIn, requestLines } from '../format/text';
import { outputWidth, wrapLine } from '../format/wrap';
import { withSources } from '../../shared/trace/sources';
import { evalAllAgents } from './eval-agents';
import { evalContext, nodeHost, readInput, UsageError, type Out } from '../io';

/**
 * `rulelens eval RULEFILE (--request JSON | --requests FILE) [--trace] [--format text|json]`
 * Exit 0 when every request with an expectation met it, 1 otherwise, 2 on usage/I-O errors.
 * A single `--request` with an `expect` is compared too; `--requests` ends with a summary line.
 */
export async function evalCommand(argv: string[], io: Out): Promise<number> {
  if (argv.includes('--all-agents')) return evalAllAgents(argv, io);
  const { values, positionals } = parse(argv, { request: { type: 'string' }, requests: { type: 'string' }, trace: { type: 'boolean' }, format: { type: 'string' }, dialect: { type: 'string' }, ...ENGINE_OPTIONS });
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  if (positionals.length !== 1) throw new ArgumentError('eval takes exactly one RULEFILE');
  if ((values.request === undefined) === (values.requests === undefined)) throw new ArgumentError('give exactly one of --request JSON or --requests FILE');
  const rulePath = path.resolve(positionals[0]);
  const text = readInput(rulePath, positionals[0]);
  const ctx = withEngineOptions(evalContext(values['user-settings']), values, readText, listEntries, process.env);
  // A dialect's one-time setup (a WebAssembly parser) runs before its file is parsed, and only for it.
  const forcedId = dialectOption(values.dialect);
  const forced = forcedId !== undefined ? dialectById(forcedId) : undefined;
  await (forced ?? detectDialect({ path: rulePath, text }))?.init?.();
  const { dialect, ruleSet } = loadRuleSet({ path: rulePath, text }, { ctx, dialect: forcedId }, nodeHost);
  if (!dialect || !ruleSet) throw new UsageError(`${positionals[0]}: not a rule file of any known dialect (use --dialect)`);
  const schemaErrors = ruleSet.findings.filter((f) => f.severity === 'error');
  for (const f of schemaErrors) io.err(`${positionals[0]}:${f.range.start.line + 1}:${f.range.start.character + 1} error ${f.code}: ${f.message}`);

  if (typeof values.request === 'string') {
    const wrapped = `{"requests": [${values.request}]}`;
    const probe = parseJson(values.request);
    if (probe.findings.length || probe.root?.type !== 'object') throw new UsageError(`--request must be one JSON object: ${probe.findings[0]?.message ?? 'not an object'}`);
    const file = parseRequestsFile('<--request>', wrapped, dialect);
    const stored = file.requests[0];
    const invalid = stored.findings.filter((f) => f.severity === 'error' && f.message !== 'missing "name" (a unique string)');
    if (invalid.length || stored.request === undefined) {
      const fieldErrors = invalid.length ? invalid : stored.findings.filter((f) => f.severity === 'error');
      // Offsets inside the wrapper are shifted by the 14-character prefix; report the message only.
      throw new UsageError(`invalid request: ${fieldErrors.map((f) => f.message).join('; ') || 'not evaluable'}`);
    }
    const result = runRequest(dialect, ruleSet, stored, ctx);
    if (!result.verdict) throw new UsageError(result.error ?? 'evaluation failed');
    const verdict = withNearMisses(result.verdict);
    if (fmt === 'json') {
      const checked = stored.expect ? { expect: requestJson(result, false).expect, pass: result.pass, mismatches: result.mismatches } : {};
      const hook = hookJson(verdict);
      io.out(JSON.stringify({ dialect: dialect.id, decision: verdict.decision, native: verdict.native, code: verdict.code, rule: ruleJson(verdict, ruleSet), ...(hook ? { hook } : {}), details: verdict.details, ...checked, ...(ruleSet.members ? { policy: ruleSet.members } : {}), trace: traceJson(withSources(verdict, ruleSet).trace) }, null, 2));
    } else {
      const where = verdict.rule ? placeIn(ruleSet, process.cwd())(verdict.rule.index) : undefined;
      io.out(`${verdict.native}${verdict.code ? ` ${verdict.code}` : ''} — ${ruleText(verdict)}${where ? ` [${where}]` : ''}`);
      io.out(renderTraceText(withSources(verdict, ruleSet)));
      if (result.pass === true) io.out(`✓ as expected (${expectText(result)})`);
      else if (result.pass === false) io.out(`✗ not as expected: ${result.mismatches.join('; ')}`);
    }
    return result.pass === false ? 1 : 0;
  }

  const reqPath = path.resolve(String(values.requests));
  const reqText = readInput(reqPath, String(values.requests));
  const file = parseRequestsFile(reqPath, reqText, dialect);
  for (const f of file.findings) if (f.severity === 'error') io.err(`${values.requests}:${f.range.start.line + 1}:${f.range.start.character + 1} error ${f.code}: ${f.message}`);
  // A file that is not valid JSON (a raw control character in a string, a missing comma) is an input
  // error: what the recovering parser made of it is no request of the user's, so no verdict is printed.
  const broken = file.findings.find((f) => f.severity === 'error' && (f.data as { syntax?: boolean } | undefined)?.syntax === true);
  if (broken) throw new UsageError(`${values.requests}:${broken.range.start.line + 1}:${broken.range.start.character + 1}: not valid JSON (${broken.message}); no request was evaluated`);
  const results = runRequests(dialect, ruleSet, file, ctx);
  const withTrace = values.trace === true;
  if (fmt === 'json') {
    for (const r of results) io.out(JSON.stringify(requestJson(r, withTrace, ruleSet)));
  } else {
    const labelOf = (i: number) => ruleSet.rules[i]?.label;
    const placeOf = placeIn(ruleSet, process.cwd());
    for (const r of results) {
      io.out(requestLines(r, labelOf, (i) => (ruleSet.rules[i] ? ruleNumber(ruleSet.rules[i]) : undefined), placeOf).flatMap((l) => wrapLine(l, outputWidth())).join('\n'));
      if (withTrace && r.verdict) io.out(renderTraceText(withSources(r.verdict, ruleSet)).replace(/^/gm, '      '));
    }
  }
  const counts = countResults(results);
  if (fmt === 'json') io.out(JSON.stringify({ summary: counts }));
  else io.out(resultsLine(counts));
  return counts.failed > 0 || counts.invalid > 0 ? 1 : 0;
}

/** The expectation as written: `deny`, or `deny, rule "edit secrets/* deny"`. */
function expectText(r: RequestResult): string {
  const e = r.request.expect;
  if (!e) return '';
  return [e.decision, ...Object.entries(e.fields).map(([k, v]) => `${k} ${JSON.stringify(v)}`)].filter((x) => x !== null).join(', ');
}
