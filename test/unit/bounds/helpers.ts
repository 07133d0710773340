import { SourceText, type Range } from '../../../shared/model';
import { parseBoundsRules } from '../../../shared/dialects/bounds-rules';
import type { NumberedStep, Step } from '../../../shared/dialects/bounds-rules';

/** The range of the `nth` occurrence of `needle` in `text`. */
export function rangeOfText(text: string, needle: string, nth = 0): Range {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" not found`);
  }
  return new SourceText(text).range(at, at + needle.length);
}

export function rulesOf(rules: unknown[]): ReturnType<typeof parseBoundsRules> {
  return parseBoundsRules({ path: '/p/.attesso/rules.json', text: JSON.stringify({ version: 1, rules }, null, 2) });
}

export const T0 = Date.parse('2026-11-29T10:00:00Z');
/** An ISO time `minutes` after T0 (fractions allowed). */
export function at(minutes: number): string {
  return new Date(T0 + minutes * 60_000).toISOString();
}

export function step(n: number, s: Partial<Step> = {}): NumberedStep {
  return { step: n, action: 'web.read', subject: 'docs.example', task: 'job-1', trust: 'untrusted', capability: 'read', at: at(0), ...s };
}

export function proposal(s: Partial<Step> = {}): Step {
  return { action: 'mail.send', subject: 'partner@example.com', task: 'job-1', capability: 'send', at: at(5), ...s };
}

export const SEND_AFTER_UNTRUSTED = { id: 'no-send-after-untrusted-read', deny: { capabilities: ['send'] }, if_path: { trust: 'untrusted', capability: 'read', within_minutes: 30 } };
