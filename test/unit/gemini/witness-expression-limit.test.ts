import * as assert from 'assert';
import { Deadline } from '../../../shared/analysis/budget';
import { gemini, type GeminiRuleSet } from '../../../shared/dialects/gemini';
import { MAX_READ_REPEATS, readLimit, regexWords } from '../../../shared/dialects/gemini/witnesses';
import { initShellParser } from '../../../shared/host/shell-parser';

const CTX = { home: '/h' };
const policy = (regex: string, decision: string): GeminiRuleSet =>
  gemini.parse({ path: '/h/.gemini/policies/team.toml', text: `[[rule]]\ntoolName = "run_shell_command"\ncommandRegex = ${JSON.stringify(regex)}\ndecision = "${decision}"\npriority = 300\n` }, CTX);
/** A clock that never moves: only the expression limit can stop the search. */
const still = () => new Deadline(1_000, () => 0);

describe('gemini: an expression too large to read is reported as not searched', () => {
  before(async () => {
    await initShellParser();
  });

  it('200 repeats: its words are not read (no heap exhausted), the gap names the rule', () => {
    const hostile = `${'.*a'.repeat(200)}b`;
    assert.strictEqual(regexWords(hostile), undefined);
    const r = gemini.witnesses!.flips(policy(hostile, 'allow'), policy(hostile, 'deny'), [], { ctx: CTX, deadline: still() });
    const gaps = r.unsearched ?? [];
    assert.ok(gaps.length >= 1);
    assert.match(gaps[0], /^rule 1 \(.*\): its expression repeats 200 parts \(more than 8\), too many to read its words/);
  });

  it('an expression at the limit is read; nested and bounded repeats count, a single character does not', () => {
    const atLimit = `git ${'.*a'.repeat(MAX_READ_REPEATS)}`;
    assert.strictEqual(readLimit(atLimit), undefined);
    assert.ok(regexWords(atLimit)?.length);
    assert.match(readLimit(`(a+b{2,3}){2,}${'x*'.repeat(MAX_READ_REPEATS)}`) ?? '', /repeats 11 parts/);
    assert.strictEqual(readLimit('a?b?c?d?e?f?g?h?i?j?'), undefined);
  });
});
