import * as path from 'path';
import { DIALECTS, type AnyDialect } from '../../shared/dialects';
import { loadRuleSet } from '../../shared/check/check-file';
import { readBase } from '../../shared/diff/base';
import { readText } from '../../shared/host/node-fs';
import { loadHistory } from '../../shared/history';
import type { EvalContext, RuleSet } from '../../shared/model';
import { UsageError, type Out } from '../io';
import { progressBar } from '../progress';

/** A rule file read for replay or suggest: its dialect, text and parsed rules. */
export interface LoadedRules {
  path: string;
  text: string;
  dialect: AnyDialect;
  ruleSet: RuleSet;
}

/**
 * Reads a rule file whose dialect judges agent tool calls; usage errors otherwise.
 * @example readRules('.claude/settings.json', ctx).dialect.id // 'claude'
 */
export function readRules(file: string, ctx: EvalContext, forced?: string, textOverride?: string): LoadedRules {
  const p = path.resolve(file);
  const text = textOverride ?? readText(p);
  if (text === undefined) throw new UsageError(`cannot read ${file}`);
  const r = loadRuleSet({ path: p, text }, { ctx, dialect: forced });
  if (!r.dialect || !r.ruleSet) throw new UsageError(`${file}: not a rule file of any known dialect (use --dialect)`);
  if (!r.dialect.history) throw new UsageError(`${file}: ${r.dialect.title} rules do not judge agent tool calls (for the Bounds ledger use the form without --history)`);
  const errors = r.ruleSet.findings.filter((f) => f.severity === 'error' && f.data?.syntax === true);
  if (errors.length) throw new UsageError(`${file}:${errors[0].range.start.line + 1}: ${errors[0].message}; fix it first`);
  return { path: p, text, dialect: r.dialect, ruleSet: r.ruleSet };
}

/** The base version of a rule file (`--base GITREV|FILE`), parsed in the current file's dialect. */
export function readBaseRules(cur: LoadedRules, base: string, ctx: EvalContext): LoadedRules & { label: string } {
  const b = readBase(cur.path, base);
  if ('error' in b) throw new UsageError(b.error);
  const rs = cur.dialect.parse({ path: cur.path, text: b.text }, ctx);
  return { path: cur.path, text: b.text, dialect: cur.dialect, ruleSet: rs, label: b.label };
}

/** History for a command, with unreadable lines reported on stderr. */
export async function historyFor(given: string | string[] | undefined, io: Out) {
  const paths = Array.isArray(given) ? given : typeof given === 'string' ? [given] : [];
  if (!paths.length) throw new UsageError('--history PATH is required (an imported requests file, or session files/folders)');
  const bar = progressBar('reading history');
  const h = await loadHistory(paths, DIALECTS, { progress: bar.update });
  bar.done();
  if (h.missing.length) throw new UsageError(`cannot read ${h.missing.join(', ')}`);
  if (!h.files.length) throw new UsageError(`no history files under ${paths.join(', ')}`);
  for (const e of h.errors) io.err(`${e.file}:${e.line}: ${e.message}`);
  if (h.moreErrors) io.err(`… and ${h.moreErrors} more unreadable lines`);
  return h;
}
