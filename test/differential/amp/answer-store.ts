// Remembers what `amp permissions test` answered, by CLI version and case. Two stores: the one kept
// in the repository (test/differential/amp/answers.jsonl, so CI needs no 5-second call per case) and
// the machine's (under the oracle cache), which every new answer is appended to at once.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oracleCacheRoot } from '../oracle-cache';
import type { AmpCase } from './generate';
import type { AmpAnswer } from './oracle';

export const REPO_STORE = join(__dirname, 'answers.jsonl');

export interface AmpAnswers {
  get(c: AmpCase): AmpAnswer | undefined;
  put(c: AmpCase, a: AmpAnswer): void;
  readonly loaded: number;
}

export const answerKey = (version: string, c: AmpCase) => `${version} ${JSON.stringify(c)}`;

function load(file: string, into: Map<string, AmpAnswer>): void {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      const e = JSON.parse(line) as { key: string; answer: AmpAnswer };
      if (typeof e.key === 'string' && e.answer && 'action' in e.answer) into.set(e.key, e.answer);
    } catch {
      // A line cut short by a killed run is skipped.
    }
  }
}

/** @example const s = openAmpAnswers('0.0.1790142911-g7618fb'); s.get(c) ?? (await askAmp(bin, c)) */
export function openAmpAnswers(version: string): AmpAnswers {
  const memory = new Map<string, AmpAnswer>();
  load(REPO_STORE, memory);
  const dir = join(oracleCacheRoot(), 'answers');
  const file = join(dir, `amp@${version}.jsonl`);
  // DIFF_NO_ANSWER_CACHE=1: the machine's store is not read (the repository's still is).
  if (process.env.DIFF_NO_ANSWER_CACHE !== '1') load(file, memory);
  return {
    loaded: memory.size,
    get: (c) => memory.get(answerKey(version, c)),
    put(c, a) {
      const key = answerKey(version, c);
      memory.set(key, a);
      mkdirSync(dir, { recursive: true });
      appendFileSync(file, `${JSON.stringify({ key, answer: a })}\n`);
    },
  };
}
