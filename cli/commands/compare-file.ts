import * as path from 'path';
import { loadRuleSet, type CheckHost } from '../../shared/check/check-file';
import { readBase } from '../../shared/diff/base';
import { baseTree } from '../../shared/diff/base-tree';
import { policyChanges, type PolicyChange } from '../../shared/diff/policy-changes';
import { compareVersions, type Comparison } from '../../shared/diff/compare';
import type { AnyDialect, RecordedSteps } from '../../shared/dialects';
import { fileExists, readText } from '../../shared/host/node-fs';
import type { EvalContext } from '../../shared/model';
import { findRequestsFile } from '../../shared/requests/locate';
import { parseRequestsFile } from '../../shared/requests/parse';
import { nodeHost, UsageError, type Out } from '../io';

/** One rule file compared with its base: what `diff` prints and `ci` sums over the changed files. */
export interface FileComparison extends Comparison {
  rulePath: string;
  dialect: AnyDialect;
  /** `REV:path` or the base file as given. */
  baseLabel: string;
  /** The file did not exist at the base: everything it decides is new. */
  absentAtBase: boolean;
  /** The file no longer exists: compared as empty, so what it decided reverts to the agent's own defaults. */
  removed: boolean;
  requestsPath: string | null;
  /** Against a revision: the policy's other files that differ from it (they flip this file's decisions too). */
  changedFiles: PolicyChange[];
  /** The records re-judged under both versions (Bounds' ledger), when there are any. */
  ledger?: { name: string; path: string; entries: number };
}

/**
 * The records beside a rule file (Bounds' ledger, or `--ledger FILE`); corrupt lines are reported
 * by number on stderr and skipped, never silently. Undefined when there is none.
 */
function loadRecords(records: RecordedSteps, rulePath: string, given: string | undefined, io: Out): { path: string; entries: unknown[] } | undefined {
  const file = given ? path.resolve(given) : records.fileBeside(rulePath);
  const text = readText(file);
  if (text === undefined) {
    if (given) throw new UsageError(`cannot read ${given}`);
    return undefined;
  }
  const parsed = records.read(text);
  for (const f of parsed.findings) io.err(`${file}:${f.range.start.line + 1}: ${f.message} (line skipped)`);
  return { path: file, entries: parsed.steps };
}

/**
 * Compares a rule file (its current text, or `null` when it was removed) with its version at
 * `base`: stored requests under both, recorded steps, and the dialect's witness search.
 * @example compareFile('/repo/opencode.json', text, 'HEAD~1', ctx, io).counts.loosened
 */
export function compareFile(rulePath: string, text: string | null, base: string, ctx: EvalContext, io: Out, opts: { dialect?: string; ledger?: string; shown?: string } = {}): FileComparison {
  const shown = opts.shown ?? rulePath;
  const b = readBase(rulePath, base);
  if ('error' in b) throw new UsageError(b.error);
  const cur = loadRuleSet({ path: rulePath, text: text ?? b.text }, { ctx, dialect: opts.dialect }, nodeHost);
  if (!cur.dialect || !cur.ruleSet) throw new UsageError(`${shown}: not a rule file of any known dialect (use --dialect)`);
  const dialect = cur.dialect;
  // Against a revision, the base is the whole policy as it was then (a sibling `.rules` file, the
  // local settings): a change to any of its files flips decisions. Against a FILE, the policy's
  // other files are as they are now.
  const tree = b.git ? baseTree(rulePath, base, nodeHost) : undefined;
  const baseHost: CheckHost = tree ? { readFile: tree.readFile, exists: tree.exists, list: tree.list } : nodeHost;
  const version = (t: string, host: CheckHost) => loadRuleSet({ path: rulePath, text: t }, { ctx, dialect: dialect.id, overlay: new Map([[rulePath, t]]) }, host).ruleSet!;
  const current = text === null ? version('', nodeHost) : cur.ruleSet;
  const old = version(b.text, baseHost);
  const changedFiles = tree ? policyChanges(old, current, tree.readFile, readText) : [];
  const requestsPath = findRequestsFile(rulePath, fileExists) ?? null;
  const requests = requestsPath ? parseRequestsFile(requestsPath, readText(requestsPath) ?? '', dialect) : null;
  const records = dialect.recordedSteps;
  const ledger = records ? loadRecords(records, rulePath, opts.ledger, io) : undefined;
  const c = compareVersions(dialect, old, current, requests, ctx, undefined, ledger?.entries);
  return {
    ...c,
    rulePath,
    dialect,
    baseLabel: b.label,
    absentAtBase: b.missing === true,
    removed: text === null,
    requestsPath,
    changedFiles,
    ...(ledger && records ? { ledger: { name: records.name, path: ledger.path, entries: ledger.entries.length } } : {}),
  };
}
