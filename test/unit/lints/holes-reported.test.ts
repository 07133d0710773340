import { strict as assert } from 'assert';
import { initDialects } from '../../../shared/dialects';
import { checkRuleFile, loadRuleSet, lintRuleSet } from '../../../shared/check/check-file';
import { LEXICAL_FS, type Finding } from '../../../shared/model';

/** Lints judge rules on a file system without symlinks: so does the check of their claims. */
const LINT_CTX = { fs: LEXICAL_FS };

/**
 * The holes real configs had that `check` did not report (eval showed each): every one is now a
 * warning or error on its rule's own line, and every request the finding rests on is decided by
 * the dialect's evaluator as the message says.
 */
function check(path: string, text: string): { findings: Finding[]; decide: (req: unknown) => string } {
  const { dialect, ruleSet } = loadRuleSet({ path, text });
  assert.ok(dialect && ruleSet, path);
  return { findings: [...ruleSet.findings, ...lintRuleSet(dialect, ruleSet, {})], decide: (req) => dialect.evaluate(ruleSet, req, LINT_CTX).decision };
}

/** The line (1-based) of the first occurrence of `needle` in `text`. */
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

/** A finding of `code` at warning or error on `line`, every claim it carries confirmed. */
function reported(path: string, text: string, line: number, codes: readonly string[]): Finding {
  const { findings, decide } = check(path, text);
  const f = findings.find((x) => codes.includes(x.code) && x.range.start.line + 1 === line && (x.severity === 'warning' || x.severity === 'error'));
  assert.ok(f, `${path}:${line} — got ${findings.map((x) => `${x.code}@${x.range.start.line + 1}:${x.severity}`).join(', ')}`);
  assert.ok(f.message.length <= 120, f.message);
  const claims = (f.data?.claims as Array<{ request: unknown; decision?: string; notDecision?: string }> | undefined) ?? [];
  for (const c of claims) {
    if (c.decision) assert.equal(decide(c.request), c.decision, `${f.message}: ${JSON.stringify(c.request)}`);
    if (c.notDecision) assert.notEqual(decide(c.request), c.notDecision, `${f.message}: ${JSON.stringify(c.request)}`);
  }
  return f;
}

const claude = (allow: string[], deny: string[] = []) => JSON.stringify({ permissions: { allow, deny } }, null, 2);

describe('holes of real configs are reported on their rule line, proved by the evaluator', function () {
  before(initDialects);

  describe('Claude Code', () => {
    const CASES: Array<[string, RegExp]> = [
      ['Bash(git -C *)', /git -C \. -c core\.fsmonitor=/],
      ['Bash(git config:*)', /git config core\.fsmonitor/],
      ['Bash(gh:*)', /gh alias set --shell/],
      ['Bash(rg:*)', /rg --pre/],
      ['Bash(curl:*)', /curl -o ~\/\.bashrc/],
      ["Bash(.venv/bin/python -c ' *)", /\.venv\/bin\/python -c ' \\n/],
      ['Bash(adb shell *)', /adb shell id/],
      ['Bash(git push:*)', /git push --force origin main/],
    ];
    for (const [rule, witness] of CASES) {
      it(rule, () => {
        const text = claude(['Bash(ls:*)', rule]);
        const f = reported('/p/.claude/settings.json', text, lineOf(text, JSON.stringify(rule)), ['allow-runs-anything']);
        assert.match(f.message, witness);
        assert.equal(check('/p/.claude/settings.json', text).decide({ tool: 'Bash', command: f.witness }), 'allow');
      });
    }
  });

  describe('OpenCode', () => {
    const oc = (permission: object) => JSON.stringify({ $schema: 'https://opencode.ai/config.json', permission }, null, 2);
    it('"make test*": "allow" runs any makefile or --eval', () => {
      const text = oc({ bash: { '*': 'ask', 'make test*': 'allow' } });
      const f = reported('/p/opencode.json', text, lineOf(text, '"make test*"'), ['allow-runs-anything']);
      assert.match(f.witness!, /^make test /);
    });
    it('a read deny on *.env* with "cat*": "allow" in bash', () => {
      const text = oc({ read: { '*.env*': 'deny' }, bash: { 'cat*': 'allow' } });
      const f = reported('/p/opencode.json', text, lineOf(text, '"*.env*"'), ['cross-tool-bypass']);
      assert.equal(f.witness, 'cat .env');
    });
    it('an edit allow that reaches .git/hooks/', () => {
      const text = oc({ edit: { '*': 'allow' } });
      reported('/p/opencode.json', text, lineOf(text, '"*": "allow"'), ['broad-catch-all', 'allow-runs-anything']);
      const some = oc({ edit: { 'src/*': 'allow', '.*': 'allow' } });
      reported('/p/opencode.json', some, lineOf(some, '".*"'), ['allow-runs-anything']);
    });
  });

  describe('Codex', () => {
    const PROGRAMS = ['npm', 'npx', 'make', 'find', 'awk', 'sed', 'docker', 'uv', 'go', 'pytest', 'tar', 'ssh'];
    for (const p of PROGRAMS) {
      it(`["${p}"] allow`, () => {
        const text = `prefix_rule(pattern=["ls"], decision="allow")\nprefix_rule(pattern=["${p}"], decision="allow")\n`;
        reported('/home/u/.codex/rules/default.rules', text, 2, ['allow-runs-anything']);
      });
    }
    it('an alternatives list: every program that runs code is named', () => {
      const text = 'prefix_rule(pattern=[["cat", "find", "sed", "awk"]], decision="allow")\n';
      reported('/home/u/.codex/rules/default.rules', text, 1, ['allow-runs-anything']);
      // find runs a command by a flag, sed and awk are interpreters: two root causes, both on the line.
      const fs = check('/home/u/.codex/rules/default.rules', text).findings.filter((x) => x.code === 'allow-runs-anything');
      const named = fs.flatMap((f) => [f.message, ...(f.related ?? []).map((r) => r.message)]).join('\n');
      for (const p of ['find', 'sed', 'awk']) assert.match(named, new RegExp(`\\b${p}\\b`), p);
    });
    it('["rm", "-rf"] forbidden lets `rm -fr /` prompt', () => {
      const text = 'prefix_rule(pattern=["rm", "-rf"], decision="forbidden")\n';
      const f = reported('/home/u/.codex/rules/default.rules', text, 1, ['deny-narrower-than-it-looks']);
      assert.equal(f.witness, 'rm -fr');
    });
    it('an unknown argument is an error at the argument; in requirements.toml an error at the ignored field', () => {
      const text = 'prefix_rule(pattern=["ls"], decision="allow", comment="x")\n';
      const { findings } = check('/home/u/.codex/rules/default.rules', text);
      const f = findings.find((x) => x.code === 'schema')!;
      assert.equal(f.severity, 'error');
      assert.equal(f.range.start.character, text.indexOf('comment'));
      const req = '[rules]\nprefix_rules = [{ pattern = [{ token = "rm" }], decision = "forbidden", paths = ["/srv"] }]\n';
      const r = check('/etc/codex/requirements.toml', req).findings.find((x) => x.code === 'schema')!;
      assert.equal(r.severity, 'error');
      assert.match(r.message, /^Codex ignores `paths`/);
      assert.deepEqual(r.range.start, { line: 1, character: req.split('\n')[1].indexOf('paths') });
    });
  });

  describe('Gemini CLI', () => {
    const rule = (fields: string) => `[[rule]]\n${fields}\n`;
    const POLICY = '/home/u/.gemini/policies/p.toml';
    const PROGRAMS = ['npm', 'npx', 'make', 'find', 'awk', 'sed', 'docker', 'uv', 'go', 'pytest', 'tar', 'ssh'];
    for (const p of PROGRAMS) {
      it(`commandPrefix "${p}" allow`, () => {
        const text = rule(`toolName = "run_shell_command"\ncommandPrefix = "${p}"\ndecision = "allow"\npriority = 100`);
        reported(POLICY, text, lineOf(text, 'commandPrefix'), ['allow-runs-anything']);
      });
    }
    it('commandPrefix "rm -rf" deny lets `rm -fr` through', () => {
      const text = rule('toolName = "run_shell_command"\ncommandPrefix = "rm -rf"\ndecision = "deny"\npriority = 100');
      reported(POLICY, text, lineOf(text, 'commandPrefix'), ['deny-narrower-than-it-looks']);
    });
    it('a read_file deny on .env while commandPrefix "cat" allows `cat .env`', () => {
      const text = rule('toolName = "read_file"\nargsPattern = "\\\\.env"\ndecision = "deny"\npriority = 100') + rule('toolName = "run_shell_command"\ncommandPrefix = "cat"\ndecision = "allow"\npriority = 100');
      const f = reported(POLICY, text, lineOf(text, 'argsPattern'), ['cross-tool-bypass']);
      assert.equal(f.witness, 'cat .env');
    });
    it('a web_fetch allow for every URL', () => {
      const text = rule('toolName = "web_fetch"\ndecision = "allow"\npriority = 100');
      reported(POLICY, text, lineOf(text, 'toolName'), ['broad-catch-all']);
    });
    it('a field Gemini does not know is an error at the field', () => {
      const text = rule('toolName = "read_file"\npathPattern = "\\\\.env"\ndecision = "deny"\npriority = 100');
      const f = reported(POLICY, text, lineOf(text, 'pathPattern'), ['schema']);
      assert.match(f.message, /^Gemini ignores `pathPattern`: this rule matches every call of tool "read_file"/);
      // Gemini reads the rule without it: every read is denied, not only the .env file's.
      const { decide } = check(POLICY, text);
      assert.equal(decide({ tool: 'read_file', args: { file_path: 'README.md' }, mode: 'default', interactive: true }), 'deny');
    });
  });
});

describe('an allowed curl writes a file the agent then runs, in every shell dialect', function () {
  before(initDialects);
  const gemini = (prefix: string) => `[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "${prefix}"\ndecision = "allow"\npriority = 100\n`;
  const opencode = (pattern: string) => JSON.stringify({ $schema: 'https://opencode.ai/config.json', permission: { bash: { '*': 'ask', [pattern]: 'allow' } } }, null, 2);
  const CASES: Array<[string, string, string, string]> = [
    ['Claude', '/p/.claude/settings.json', claude(['Bash(curl:*)']), '"Bash(curl:*)"'],
    ['OpenCode', '/p/opencode.json', opencode('curl *'), '"curl *"'],
    ['omp', '/p/.omp/config.json', JSON.stringify({ bash: { patterns: [{ match: 'curl *', approval: 'allow' }] } }, null, 2), '"curl *"'],
    ['Codex', '/home/u/.codex/rules/default.rules', 'prefix_rule(pattern=["curl"], decision="allow")\n', 'prefix_rule'],
    // As a real allowlist has it: the rule fixes a URL, and `-o` with a second URL still writes the file.
    ['Codex, a fixed URL', '/home/u/.codex/rules/default.rules', 'prefix_rule(pattern=["curl", "-fsSL", "https://docs.example.com/sitemap.xml"], decision="allow")\n', 'prefix_rule'],
    ['Gemini CLI', '/home/u/.gemini/policies/p.toml', gemini('curl'), 'commandPrefix'],
    ['Gemini CLI, a fixed URL', '/home/u/.gemini/policies/p.toml', gemini('curl -fsSL https://docs.example.com/x'), 'commandPrefix'],
  ];
  for (const [name, path, text, needle] of CASES) {
    it(name, () => {
      const f = reported(path, text, lineOf(text, needle), ['allow-runs-anything']);
      assert.match(f.message, /^Files outside the project can be overwritten: /);
      assert.equal(f.data?.capability, 'curl.output');
      assert.match(f.witness!, /^curl .*-o (?:~|\/home\/user)\/\.bashrc /);
    });
  }
});

describe('every finding a file shows fits a headline', function () {
  before(initDialects);
  it('a parse finding too: at most 120 characters, the rest in related information', () => {
    const text = '[[rule]]\ntoolName = "run_command"\ncommandRegex = "^git status"\ndecision = "allow"\npriority = 10\n';
    const rep = checkRuleFile('/home/u/.gemini/policies/p.toml', { readFile: () => text, exists: () => false });
    const long = rep.diagnostics.filter((f) => f.message.length > 120);
    assert.deepEqual(long.map((f) => f.message), []);
    assert.ok(rep.diagnostics.some((f) => f.code === 'schema' && f.related?.length), 'the cut detail is related information');
  });
});
