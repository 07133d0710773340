// Remembers what the Claude Code CLI answered, so a rerun of the same seed (after a fix) asks only
// the cases it has not seen. Key: CLI version + the case as generated (placeholders unfilled, so the
// temp folders of one run do not make the key unique). Each answer is appended the moment it
// arrives: a run killed half-way keeps what it learnt. A clean machine (CI) simply starts empty.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oracleCacheRoot } from '../oracle-cache';
import type { OracleAnswer, OracleCase } from './oracle';

/** One JSONL line of the store. */
interface Entry {
  key: string;
  decision: OracleAnswer['decision'];
  evidence: string;
}

const DECISIONS = new Set(['allow', 'ask', 'deny']);

/** A persistent map from case to CLI answer, one file per CLI version. */
export interface AnswerCache {
  get(c: OracleCase): OracleAnswer | undefined;
  put(c: OracleCase, answer: OracleAnswer): void;
  /** Answers loaded from disk when the cache was opened. */
  readonly loaded: number;
  /**
   * Every case answered so far, with its answer and whether it was read the current way (an answer
   * read an older way tells allow from the rest, not ask from deny), for replaying the store.
   */
  entries(): Array<{ c: OracleCase; answer: OracleAnswer; current: boolean }>;
}

/** The key of a case: the JSON of the case before `{{project}}`/`{{home}}` are filled in. */
export function answerKey(version: string, c: OracleCase): string {
  return `${version} ${CLASSIFIER} ${JSON.stringify(c)}`;
}

/**
 * How answers are read (see `readOutcome`): answers read another way are asked again. v2: an ask
 * is a call the CLI would have prompted for, a refusal without a prompt is a deny. v3: plan mode's
 * refusal by the unavailable auto-mode check is an ask.
 */
const CLASSIFIER = 'v3';

/**
 * Opens (creating when absent) the answer store of one CLI version under
 * `<oracle cache>/answers/`; `DIFF_NO_ANSWER_CACHE=1` turns it off (every case asks the CLI).
 *
 * @example const cache = openAnswerCache('claude-code', '2.1.328'); cache.get(c) ?? (await ask(c));
 */
export function openAnswerCache(agent: string, version: string): AnswerCache {
  const memory = new Map<string, OracleAnswer>();
  if (process.env.DIFF_NO_ANSWER_CACHE === '1') {
    return { get: () => undefined, put: () => undefined, loaded: 0, entries: () => [] };
  }
  const dir = join(oracleCacheRoot(), 'answers');
  const file = join(dir, `${agent}@${version}.jsonl`);
  mkdirSync(dir, { recursive: true });
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      // A line cut short by a killed run is skipped, not fatal.
      let e: Entry;
      try {
        e = JSON.parse(line);
      } catch {
        continue;
      }
      if (typeof e?.key === 'string' && DECISIONS.has(e.decision)) memory.set(e.key, { decision: e.decision, evidence: String(e.evidence ?? '') });
    }
  }
  const loaded = memory.size;
  return {
    loaded,
    entries: () =>
      [...memory].flatMap(([k, answer]) => {
        const m = /^(\S+) (?:(v\d+) )?(\{.*)$/s.exec(k);
        return m && m[1] === version ? [{ c: JSON.parse(m[3]) as OracleCase, answer, current: m[2] === CLASSIFIER }] : [];
      }),
    get: (c) => memory.get(answerKey(version, c)),
    put(c, answer) {
      const key = answerKey(version, c);
      memory.set(key, answer);
      appendFileSync(file, `${JSON.stringify({ key, decision: answer.decision, evidence: answer.evidence } satisfies Entry)}\n`);
    },
  };
}
