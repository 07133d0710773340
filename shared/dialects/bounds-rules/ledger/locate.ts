import * as path from 'path';
import { LEDGER_FILE } from './types';

/** The folder that holds the rules, the scope and the ledger. */
export const ATTESSO = '.attesso';

/**
 * The nearest `.attesso/<name>` at or above `start`.
 * @example findUp('/p/src', 'ledger.jsonl', exists) // '/p/.attesso/ledger.jsonl'
 */
export function findUp(start: string, name: string, exists: (p: string) => boolean): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    const p = path.join(dir, ATTESSO, name);
    if (exists(p)) return p;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * Where the ledger is (or will be created): `--ledger`, else the nearest existing one, else beside
 * the nearest `.attesso/rules.json`, else `./.attesso/ledger.jsonl`.
 * @example ledgerPath(undefined, '/p/src', exists) // '/p/.attesso/ledger.jsonl'
 */
export function ledgerPath(given: string | undefined, cwd: string, exists: (p: string) => boolean): string {
  if (given) return path.resolve(cwd, given);
  const found = findUp(cwd, LEDGER_FILE, exists);
  if (found) return found;
  const rules = findUp(cwd, 'rules.json', exists);
  return rules ? path.join(path.dirname(rules), LEDGER_FILE) : path.join(path.resolve(cwd), ATTESSO, LEDGER_FILE);
}

/**
 * A companion file (`rules.json`, `paths.json`): `given`, else beside the ledger, else found upward.
 * @example companionPath(undefined, '/p/.attesso/ledger.jsonl', 'rules.json', '/p', exists) // '/p/.attesso/rules.json'
 */
export function companionPath(given: string | undefined, ledger: string, name: string, cwd: string, exists: (p: string) => boolean): string | undefined {
  if (given) return path.resolve(cwd, given);
  const beside = path.join(path.dirname(ledger), name);
  if (exists(beside)) return beside;
  return findUp(cwd, name, exists);
}
