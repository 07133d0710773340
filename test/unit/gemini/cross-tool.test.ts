import { strict as assert } from 'assert';
import { initShellParser } from '../../../shared/dialects/claude';
import { evaluateGemini, lintGemini, parseGemini, type GeminiRequest } from '../../../shared/dialects/gemini';
import { literalRuns } from '../../../shared/dialects/gemini/cross-tool';
import type { Finding } from '../../../shared/model';

const parse = (text: string) => parseGemini({ path: '/home/u/.gemini/policies/p.toml', text }, { home: '/home/u' });
const rule = (fields: string) => `[[rule]]\n${fields}\n`;
const DENY_ENV_READ = rule('toolName = "read_file"\nargsPattern = "\\\\.env"\ndecision = "deny"\npriority = 100');
const ALLOW_CAT = rule('toolName = "run_shell_command"\ncommandPrefix = "cat"\ndecision = "allow"\npriority = 100');

/** The cross-tool findings of a policy, each claim re-decided by Gemini's evaluator as it states. */
function bypasses(text: string): Finding[] {
  const rs = parse(text);
  const fs = lintGemini(rs).filter((f) => f.code === 'cross-tool-bypass');
  for (const f of fs) {
    assert.ok(f.message.length <= 120, f.message);
    for (const c of f.data!.claims as Array<{ request: GeminiRequest; decision: string }>) assert.equal(evaluateGemini(rs, c.request).decision, c.decision, JSON.stringify(c.request));
  }
  return fs;
}

describe('gemini: cross-tool-bypass, both halves decided by Gemini', () => {
  before(initShellParser);

  it('a read_file deny on .env while commandPrefix "cat" allows `cat .env`', () => {
    const text = DENY_ENV_READ + ALLOW_CAT;
    const [f, ...rest] = bypasses(text);
    assert.equal(rest.length, 0, 'one finding per deny');
    assert.equal(f.witness, 'cat .env');
    assert.equal(f.severity, 'warning');
    assert.equal(f.range.start.line, 2, 'on the deny’s argsPattern');
    assert.match(f.message, /^\.env can be read through the shell despite the read_file deny: commandPrefix "cat" allows `cat \.env`/);
    const related = (f.related ?? []).map((r) => r.message).join('\n');
    // The other readers that get through are listed, each with who allows it.
    assert.match(related, /known-safe heuristic allows `head \.env` too/);
    assert.match(related, /never the read_file rules/);
  });

  it('with no shell rule, Gemini’s known-safe heuristic still runs `cat .env` without asking', () => {
    const [f] = bypasses(DENY_ENV_READ);
    assert.equal(f.witness, 'cat .env');
    assert.match(f.message, /the known-safe heuristic allows `cat \.env`/);
  });

  it('every reader a broad shell allow admits is listed (rg, more, base64, xxd, sed -n, awk, tar)', () => {
    const [f] = bypasses(DENY_ENV_READ + rule('toolName = "run_shell_command"\ndecision = "allow"\npriority = 100'));
    const related = (f.related ?? []).map((r) => r.message).join('\n');
    for (const c of ['rg . .env', 'more .env', 'base64 .env', 'xxd .env', 'sed -n p .env', 'awk 1 .env', 'tar -cf - .env']) assert.ok(related.includes(`\`${c}\``), c);
  });

  it('a write deny: the shell writes the file', () => {
    const [f] = bypasses(rule('toolName = "write_file"\nargsPattern = "\\\\.env"\ndecision = "deny"\npriority = 100') + rule('toolName = "run_shell_command"\ncommandPrefix = "tee"\ndecision = "allow"\npriority = 100'));
    assert.equal(f.witness, 'tee .env');
    assert.match(f.message, /can be written through the shell despite the write_file deny/);
  });

  it('the file a pattern names, with the slash it wants (`.*/credentials/.*`)', () => {
    const [f] = bypasses(rule('toolName = "read_file"\nargsPattern = ".*/credentials/.*"\ndecision = "deny"\npriority = 100') + ALLOW_CAT);
    assert.equal(f.witness, 'cat ./credentials/x');
  });

  it('nothing when the shell cannot reach the file: a shell deny on it, or the shell denied', () => {
    assert.deepEqual(bypasses(DENY_ENV_READ + rule('toolName = "run_shell_command"\nargsPattern = "\\\\.env"\ndecision = "deny"\npriority = 200') + ALLOW_CAT), []);
    assert.deepEqual(bypasses(rule('toolName = "read_file"\ndecision = "deny"\npriority = 10') + rule('toolName = "run_shell_command"\ncommandPrefix = ""\ndecision = "deny"\npriority = 10')), []);
  });

  it('nothing when the deny does not really deny the file (a higher allow decides it)', () => {
    const text = rule('toolName = "read_file"\ndecision = "allow"\npriority = 500') + DENY_ENV_READ + ALLOW_CAT;
    assert.deepEqual(bypasses(text), []);
  });

  it('a pattern’s plain runs, escapes resolved', () => {
    assert.deepEqual(literalRuns('.*SKILL\\.md.*'), ['SKILL.md']);
    assert.deepEqual(literalRuns('"file_path":".*\\.env"'), ['file_path', '.env']);
    assert.deepEqual(literalRuns('(\\.env|secrets/)'), ['.env', 'secrets/']);
  });
});
