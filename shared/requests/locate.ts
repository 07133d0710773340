import * as path from 'path';

const RULE_EXTENSIONS = ['.json', '.jsonc', '.yaml', '.yml', '.rules', '.toml', '.flags', '.sh'];

/**
 * Candidate requests files for a rule file, most preferred first.
 * @example requestsCandidates('/p/opencode.json') // ['/p/opencode.requests.json', '/p/opencode.requests.jsonc']
 */
export function requestsCandidates(rulePath: string): string[] {
  const ext = path.extname(rulePath);
  const stem = RULE_EXTENSIONS.includes(ext.toLowerCase()) ? rulePath.slice(0, -ext.length) : rulePath;
  return [`${stem}.requests.json`, `${stem}.requests.jsonc`];
}

/**
 * Candidate rule files for a requests file (when it does not name one with `"rules"`).
 * @example ruleCandidates('/p/opencode.requests.json')[0] // '/p/opencode.json'
 */
export function ruleCandidates(requestsPath: string): string[] {
  const stem = requestsPath.replace(/\.requests\.jsonc?$/i, '');
  return RULE_EXTENSIONS.map((e) => stem + e);
}

/** The requests file beside a rule file, if one exists. */
export function findRequestsFile(rulePath: string, exists: (p: string) => boolean): string | undefined {
  return requestsCandidates(rulePath).find(exists);
}
