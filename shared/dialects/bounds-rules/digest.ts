import type * as Crypto from 'crypto';
import { parseJson, valueOf } from '../../json/tree';

/** Loaded on first use: only bounds ledgers hash, and loading the module is a tenth of a small run. */
const createHash = (algorithm: string) => (require('crypto') as typeof Crypto).createHash(algorithm);

/** Prefix of every digest, so a later change of hash is visible in old ledgers. */
export const DIGEST_PREFIX = 'sha256:';

/**
 * The canonical form of a JSON value: `JSON.stringify` with object keys sorted (recursively) and no
 * whitespace; arrays keep their order. Reformatting or reordering keys leaves it unchanged, so the
 * digest changes only when what the rules say changes.
 * @example canonicalJson({ b: 1, a: [2, { d: 0, c: 1 }] }) // '{"a":[2,{"c":1,"d":0}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

/**
 * `sha256:<hex>` of the canonical rules file. Text that does not parse has no canonical form; its
 * raw text is hashed instead, so two different broken files still differ.
 * @example rulesDigest('{"version":1,"rules":[]}') // 'sha256:…'
 */
export function rulesDigest(text: string): string {
  const doc = parseJson(text);
  const body = doc.root && !doc.findings.some((f) => f.severity === 'error') ? canonicalJson(valueOf(doc.root)) : text;
  return DIGEST_PREFIX + createHash('sha256').update(body, 'utf8').digest('hex');
}
