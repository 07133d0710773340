import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fileExists, readText } from '../../../shared/host/node-fs';
import { createLanguageService, type LanguageService } from '../../../server/service/language-service';
import { pathToUri } from '../../../server/service/uri';
import type { EvalContext } from '../../../shared/model';

export const EXAMPLES = path.resolve(__dirname, '../../fixtures/server/opencode');

/** A temp copy of the opencode example pair (tests edit it freely). */
export function tempExample(): { dir: string; rules: string; requests: string; ruleUri: string; requestsUri: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-ls-'));
  for (const f of fs.readdirSync(EXAMPLES)) fs.copyFileSync(path.join(EXAMPLES, f), path.join(dir, f));
  const rules = path.join(dir, 'opencode.json');
  const requests = path.join(dir, 'opencode.requests.json');
  return { dir, rules, requests, ruleUri: pathToUri(rules), requestsUri: pathToUri(requests) };
}

export function service(): LanguageService {
  return createLanguageService({ readFile: readText, exists: fileExists, ctx: { home: '/home/test' }, docsBase: 'https://rulelens.dev/docs/lints/' });
}

/**
 * How many stored requests of a rule file pass and fail when a fresh service checks it with this
 * context (the context is read at each call, so a test can change its engine settings between).
 */
export async function storedCounts(ctx: EvalContext, rulePath: string): Promise<{ passed?: number; failed?: number }> {
  const ls = createLanguageService({ readFile: readText, exists: fileExists, ctx, docsBase: 'https://rulelens.dev/docs/lints/' });
  const uri = open(ls, rulePath);
  await ls.ready(uri);
  const status = ls.validate(uri).status;
  return { passed: status?.passed, failed: status?.failed };
}

/** Opens a file of the example in the service, with optional replaced text. */
export function open(ls: LanguageService, p: string, text?: string, version = 1): string {
  const uri = pathToUri(p);
  ls.setDocument(uri, text ?? fs.readFileSync(p, 'utf8'), version);
  return uri;
}

/** The example rule file with a rule appended to its `permissions`. */
export function withRule(text: string, rule: string): string {
  return text.replace(/\}\n {2}\]/, `},\n    ${rule}\n  ]`);
}

/** Position of the first occurrence of a needle (its first character, plus `delta`). */
export function posOf(text: string, needle: string, delta = 1): { line: number; character: number } {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`not found: ${needle}`);
  const before = text.slice(0, i + delta);
  const lines = before.split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

/** A diagnostic message as plain text (LSP allows Markdown messages too). */
export function plainText(m: string | { value: string }): string {
  return typeof m === 'string' ? m : m.value;
}
