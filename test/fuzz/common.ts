import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { DECISIONS, SourceText, type Finding, type Range, type Verdict } from '../../shared/model';
import type { AnyDialect } from '../../shared/dialects';

/** Iterations per property: `FUZZ_RUNS` (run.mjs sets it; `--runs N` for long runs). */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/** Seed shared by every property of one run, so a failure replays with `--seed`. */
export const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** fast-check options for one property; `scale` trims targets that cost more per iteration. */
export function fuzzOptions(scale = 1): fc.Parameters<unknown> {
  return { numRuns: Math.max(1, Math.round(RUNS * scale)), seed: SEED, endOnFailure: true };
}

/** The file name each dialect is detected by, so parsers see the file as their own. */
export const FILE_NAME: Record<string, string> = {
  opencode: 'opencode.json',
  claude: '.claude/settings.json',
  omp: '.omp/config.yml',
  'bounds-rules': '.attesso/rules.json',
  'bounds-paths': '.attesso/paths.json',
  codex: '.codex/rules/default.rules',
  gemini: '.gemini/policies/policy.toml',
  copilot: '.github/copilot/permissions.flags',
  qwen: '.qwen/settings.json',
  cursor: '.cursor/cli.json',
  amp: '.amp/settings.json',
};

export const fileNameOf = (d: AnyDialect): string => FILE_NAME[d.id] ?? `${d.id}.json`;

/** Asserts a range lies inside the document (positions as LSP counts them). */
export function assertRangeIn(src: SourceText, r: Range, what: string): void {
  for (const p of [r.start, r.end]) {
    assert.ok(Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0, `${what}: bad position ${JSON.stringify(p)}`);
    assert.ok(p.line < src.lineCount, `${what}: line ${p.line} past the end (${src.lineCount} lines)`);
    const back = src.positionAt(src.offsetAt(p));
    assert.deepStrictEqual(back, p, `${what}: position ${JSON.stringify(p)} is not inside its line`);
  }
  assert.ok(r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character), `${what}: range ends before it starts`);
}

/** Every finding is a diagnostic with a code, a known severity, a message and a range in the text. */
export function assertFindings(findings: Finding[], text: string, what: string): void {
  const src = new SourceText(text);
  for (const f of findings) {
    assert.ok(typeof f.code === 'string' && f.code.length > 0, `${what}: finding without a code`);
    assert.ok(['error', 'warning', 'information', 'hint'].includes(f.severity), `${what}: severity ${f.severity}`);
    assert.ok(typeof f.message === 'string' && f.message.length > 0, `${what}: finding without a message`);
    assertRangeIn(src, f.range, `${what} ${f.code}`);
    for (const r of f.related ?? []) if (r.path === undefined) assertRangeIn(src, r.range, `${what} ${f.code} related`);
  }
}

export function assertVerdict(v: Verdict, what: string): void {
  assert.ok(DECISIONS.includes(v.decision), `${what}: decision ${String(v.decision)}`);
  assert.ok(typeof v.native === 'string', `${what}: native ${String(v.native)}`);
  assert.ok(v.trace && Array.isArray(v.trace.sections), `${what}: no trace`);
  for (const s of v.trace.sections) assert.ok(s.decision === null || DECISIONS.includes(s.decision), `${what}: section decision ${String(s.decision)}`);
}

/** Rule and requests files shipped as examples and fixtures, read once. */
export interface CorpusFile {
  path: string;
  text: string;
}

const ROOT = path.resolve(__dirname, '../..');
const CORPUS_DIRS = [path.resolve(ROOT, '../shared/examples'), path.join(ROOT, 'examples'), path.join(ROOT, 'test/fixtures')];
const CORPUS_FILE = /\.(?:jsonc?|ya?ml|jsonl)$/i;
/** Larger files are left out of the corpus: mutation works on small documents. */
const CORPUS_MAX_BYTES = 256 * 1024;

function walk(dir: string, out: CorpusFile[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && CORPUS_FILE.test(e.name) && fs.statSync(p).size <= CORPUS_MAX_BYTES) out.push({ path: p, text: fs.readFileSync(p, 'utf8') });
  }
}

export const CORPUS: CorpusFile[] = (() => {
  const out: CorpusFile[] = [];
  for (const d of CORPUS_DIRS) walk(d, out);
  return out;
})();

export const isRequestsPath = (p: string): boolean => /\.requests\.jsonc?$/i.test(p);
