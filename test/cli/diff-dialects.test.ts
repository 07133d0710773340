import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';

/** A git repository holding `file` with `base`, committed, then `current` written over it. */
function repo(file: string, base: string, current: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-diff-'));
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' });
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), base);
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'base');
  fs.writeFileSync(path.join(dir, file), current);
  return dir;
}

const json = (x: unknown) => JSON.stringify(x, null, 2);

/** The change for each agent: a widened git rule and a dropped deny. */
const SCENARIOS: Array<{ dialect: string; file: string; base: string; current: string; allowed: RegExp[] }> = [
  {
    dialect: 'claude',
    file: '.claude/settings.json',
    base: json({ permissions: { allow: ['Bash(git status)'], deny: ['Read(./.env)'] } }),
    current: json({ permissions: { allow: ['Bash(git *)'] } }),
    allowed: [/Bash: git push origin main: ask → allow \(no rule → rule 1: Bash\(git \*\) allow\)/, /Read: \.env: deny → allow \(rule 1: Read\(\.\/\.env\) deny → no rule\)/],
  },
  {
    dialect: 'codex',
    file: '.codex/rules/default.rules',
    base: 'prefix_rule(pattern=["git", "status"], decision="allow")\nprefix_rule(pattern=["rm"], decision="forbidden")\n',
    current: 'prefix_rule(pattern=["git"], decision="allow")\n',
    allowed: [/git push origin main: ask → allow \(no rule → rule 1: git → allow\)/, /rm -rf build: deny → ask \(rule 2: rm → forbidden → no rule\)/],
  },
  {
    dialect: 'gemini',
    file: '.gemini/policies/team.toml',
    base: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git status"\ndecision = "allow"\npriority = 100\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 200\n',
    current: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100\n',
    allowed: [/run_shell_command: git push origin main: ask → allow \(no rule → rule 1: run_shell_command "git" → allow/, /run_shell_command: rm -rf build: deny → ask \(rule 2: run_shell_command "rm" → deny/],
  },
  {
    dialect: 'omp',
    file: '.omp/config.yml',
    base: 'tools:\n  approvalMode: always-ask\nbash:\n  patterns:\n    - match: "rm *"\n      approval: deny\n    - match: "git status"\n      approval: allow\n',
    current: 'tools:\n  approvalMode: always-ask\nbash:\n  patterns:\n    - match: "git *"\n      approval: allow\n',
    allowed: [/bash: git push origin main: ask → allow \(no rule → rule 1: git \* allow\)/, /bash: rm -rf build: deny → ask \(rule 1: rm \* deny → no rule\)/],
  },
];

describe('cli: diff finds what a change newly allows for every agent', () => {
  for (const s of SCENARIOS) {
    it(`${s.dialect}: the widened rule and the dropped deny are newly allowed, with witnesses; budget 0 exits 1`, () => {
      const dir = repo(s.file, s.base, s.current);
      const r = cli(['diff', s.file, '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, new RegExp(`\\(${s.dialect}\\) vs HEAD`));
      assert.match(r.stdout, /newly allowed \(witness requests found by searching both versions\):/);
      for (const line of s.allowed) assert.match(r.stdout, line);
      assert.match(r.stdout, /budget exceeded: \d+ newly allowed > --max-newly-allowed 0/);
      assert.doesNotMatch(r.stdout, /not searched|no witness search/);

      const j = JSON.parse(cli(['diff', s.file, '--base', 'HEAD', '--format', 'json'], { cwd: dir }).stdout);
      assert.deepEqual(j.unsearched, []);
      assert.equal(j.searchIncomplete, false);
      const witnesses = j.flips.filter((f: { kind: string }) => f.kind === 'witness');
      assert.ok(witnesses.length >= 2);
      for (const f of witnesses) assert.ok(f.witness, JSON.stringify(f));
      assert.equal(j.counts.loosened, witnesses.filter((f: { direction: string }) => f.direction === 'loosened').length);

      // SARIF: one result per flip, newly allowed as errors, a witness at the rule that now decides.
      const sarif = JSON.parse(cli(['diff', s.file, '--base', 'HEAD', '--format', 'sarif'], { cwd: dir }).stdout);
      const results = sarif.runs[0].results as Array<{ ruleId: string; level: string; message: { text: string }; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>; properties: { witness: unknown } }>;
      assert.equal(results.length, witnesses.length);
      for (const res of results) {
        assert.equal(res.ruleId, 'decision-flip');
        assert.ok(res.properties.witness);
        assert.equal(res.locations[0].physicalLocation.artifactLocation.uri, s.file);
      }
      const push = results.find((x) => /git push origin main: ask → allow$/.test(x.message.text));
      assert.ok(push, results.map((x) => x.message.text).join('\n'));
      assert.equal(push.level, 'error');
      assert.ok(push.locations[0].physicalLocation.region.startLine >= 1);
    });
  }

  it('no change: nothing to search, exit 0 under a zero budget', () => {
    const s = SCENARIOS[0];
    const dir = repo(s.file, s.base, s.base);
    const r = cli(['diff', s.file, '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(r.code, 0, r.stdout);
    assert.equal(r.stdout.trim().split('\n').at(-1), '0 newly allowed (budget 0: ok), 0 newly denied');
  });

  it('a tightening alone passes --max-newly-allowed 0 and fails --max-newly-denied 0', () => {
    const dir = repo('.claude/settings.json', json({ permissions: { allow: ['Bash(npm *)'] } }), json({ permissions: { allow: ['Bash(npm test)'] } }));
    const allowed = cli(['diff', '.claude/settings.json', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(allowed.code, 0, allowed.stdout);
    assert.match(allowed.stdout, /newly denied \(witness requests found by searching both versions\):\n {4}Bash: npm install: allow → ask/);
    assert.equal(cli(['diff', '.claude/settings.json', '--base', 'HEAD', '--max-newly-denied', '0'], { cwd: dir }).code, 1);
  });
});

describe('cli: diff fails closed on a change it did not examine', () => {
  it('a dialect without a witness search: a budgeted diff exits 1 and says what was not searched', () => {
    const rules = (drop: boolean) => json({ version: 1, rules: [{ id: 'no-send', when: { action: 'mail.send' }, decision: 'deny' }].filter(() => !drop) });
    const dir = repo('.attesso/rules.json', rules(false), rules(true));
    const r = cli(['diff', '.attesso/rules.json', '--base', 'HEAD', '--max-newly-allowed', '0', '--dialect', 'bounds-rules'], { cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /not searched: no witness search for bounds-rules rule sets yet/);
    assert.match(r.stdout, /search incomplete: a budgeted diff fails on a change it did not examine/);
    assert.equal(r.stdout.trim().split('\n').at(-1), '0 newly allowed (budget 0: search incomplete), 0 newly denied');
    // Without a budget nothing is claimed, so nothing fails.
    assert.equal(cli(['diff', '.attesso/rules.json', '--base', 'HEAD', '--dialect', 'bounds-rules'], { cwd: dir }).code, 0);
    const j = JSON.parse(cli(['diff', '.attesso/rules.json', '--base', 'HEAD', '--dialect', 'bounds-rules', '--max-newly-allowed', '5', '--format', 'json'], { cwd: dir }).stdout);
    assert.equal(j.searchIncomplete, true);
    assert.match(j.unsearched[0], /no witness search/);
  });

  it('a rule no request can be found for: the budgeted diff exits 1 naming it', () => {
    const base = '[[rule]]\ntoolName = "read_file"\ndecision = "deny"\npriority = 100\n';
    const current = `${base}\n[[rule]]\ntoolName = "read_file"\nargsPattern = '"file_path":"x{20000}"'\ndecision = "allow"\npriority = 200\n`;
    const dir = repo('.gemini/policies/team.toml', base, current);
    const r = cli(['diff', '.gemini/policies/team.toml', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /not searched: rule 2 \(read_file args .* → allow \(priority 200\)\): no request matching its pattern was found/);
  });
});
