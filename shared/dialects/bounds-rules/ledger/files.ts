import { fileExists, readText } from '../../../host/node-fs';
import { MAX_TEXT_FILE_BYTES, readBounded } from '../../../host/read-file';
import { parseBoundsRules } from '../validate';
import { parseBoundsPaths } from '../../bounds-paths';
import type { BoundsRuleSet } from '../types';
import type { PathsRuleSet } from '../../bounds-paths';
import type { Finding } from '../../../model';
import { companionPath, ledgerPath } from './locate';
import { parseLedger } from './parse';
import type { Ledger } from './types';

/** A rule file that was found, read and parsed; `errors` are its schema errors (it must not be used then). */
export interface Loaded<T> {
  path: string;
  value: T;
  errors: Finding[];
}

export interface LedgerFiles {
  ledgerPath: string;
  ledger: Ledger;
  rules?: Loaded<BoundsRuleSet>;
  paths?: Loaded<PathsRuleSet>;
  /** A file named explicitly but unreadable. */
  missing: string[];
}

/**
 * Finds and reads the ledger and its companion files from the real file system.
 * @example loadLedgerFiles({ cwd: process.cwd() }).ledger.entries.length
 */
export function loadLedgerFiles(opts: { cwd: string; ledger?: string; rules?: string; paths?: string }): LedgerFiles {
  const missing: string[] = [];
  const lp = ledgerPath(opts.ledger, opts.cwd, fileExists);
  // No ledger yet is an empty history; a ledger that exists but cannot be read is not: reading it as
  // empty would forget every taint in it and turn a "no send after an untrusted read" into an allow.
  const read = readBounded(lp, MAX_TEXT_FILE_BYTES, { lossy: true });
  if (!read.ok && read.problem !== 'missing') missing.push(`${lp} (${read.reason})`);
  const ledger = parseLedger(read.ok ? read.text : '');
  const out: LedgerFiles = { ledgerPath: lp, ledger, missing };
  const rp = companionPath(opts.rules, lp, 'rules.json', opts.cwd, fileExists);
  if (rp) {
    const text = readText(rp);
    if (text === undefined) missing.push(rp);
    else {
      const value = parseBoundsRules({ path: rp, text });
      out.rules = { path: rp, value, errors: value.findings.filter((f) => f.severity === 'error') };
    }
  }
  const pp = companionPath(opts.paths, lp, 'paths.json', opts.cwd, fileExists);
  if (pp) {
    const text = readText(pp);
    if (text === undefined) missing.push(pp);
    else {
      const value = parseBoundsPaths({ path: pp, text });
      out.paths = { path: pp, value, errors: value.findings.filter((f) => f.severity === 'error') };
    }
  }
  return out;
}

/**
 * `file:line:col error code: message` lines for a file's errors.
 * @example errorLines('rules.json', errors)[0] // 'rules.json:3:5 error schema: unknown capability "mail"…'
 */
export function errorLines(file: string, errors: Finding[]): string[] {
  return errors.map((f) => `${file}:${f.range.start.line + 1}:${f.range.start.character + 1} ${f.severity} ${f.code}: ${f.message}`);
}
