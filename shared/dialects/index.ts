import type { AnyDialect, FileInfo } from './dialect';
import type { DialectId } from '../model';
import { opencode } from './opencode';
import { boundsRules } from './bounds-rules';
import { boundsPaths } from './bounds-paths';
import { omp } from './omp';
import { claude } from './claude';
import { codex } from './codex';
import { gemini } from './gemini';
import { copilot } from './copilot';
import { qwen } from './qwen';
import { cursor } from './cursor';
import { amp } from './amp';

/**
 * Every dialect RuleLens knows. Order breaks ties in detection (earlier wins).
 * Adding a dialect: implement `Dialect` in `dialects/<id>/` and list it here.
 */
export const DIALECTS: readonly AnyDialect[] = [opencode, boundsRules, boundsPaths, omp, claude, codex, gemini, copilot, qwen, cursor, amp];

/**
 * The dialect `rulelens import` writes requests in when no rule file names one: the neutral call
 * already names its tools as Claude Code does.
 */
export const DEFAULT_HISTORY_DIALECT: AnyDialect = claude;

/** @example dialectById('opencode')?.title // 'OpenCode' */
export function dialectById(id: string): AnyDialect | undefined {
  return DIALECTS.find((d) => d.id === id);
}

/**
 * The highest score a detector gives: the file's path names the dialect's own file. No other can
 * outrank it (ties go to the dialect listed first), so detection stops there and no other
 * detector sniffs a large file's content.
 */
export const DETECT_CERTAIN = 10;

/**
 * The dialect a file belongs to, by name and content; undefined when none claims it.
 * @example detectDialect({ path: 'opencode.json', text: '{}' })?.id // 'opencode'
 */
export function detectDialect(file: FileInfo): AnyDialect | undefined {
  if (isRequestsFile(file.path)) return undefined;
  let best: AnyDialect | undefined;
  let bestScore = 0;
  for (const d of DIALECTS) {
    let score = 0;
    try {
      score = d.detect(file);
    } catch {
      score = 0;
    }
    if (score > bestScore) {
      best = d;
      bestScore = score;
      if (score >= DETECT_CERTAIN) break;
    }
  }
  return best;
}

/**
 * Runs every dialect's one-time setup; safe to call more than once.
 * @example await initDialects()
 */
export async function initDialects(): Promise<void> {
  await Promise.all(DIALECTS.flatMap((d) => (d.init ? [d.init()] : [])));
}

/** @example isRequestsFile('a/opencode.requests.json') // true */
export function isRequestsFile(path: string): boolean {
  return /\.requests\.jsonc?$/i.test(path);
}

export type { DialectId };
export type * from './dialect';
