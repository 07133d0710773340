import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';

/** A git repository with `base` committed, then `current` written over it (null deletes a file). */
function repo(base: Record<string, string>, current: Record<string, string | null>, staged: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-diff-policy-'));
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' });
  const write = (files: Record<string, string | null>) => {
    for (const [f, text] of Object.entries(files)) {
      const p = path.join(dir, f);
      if (text === null) fs.rmSync(p);
      else {
        fs.mkdirSync(path.dirname(p), { recursive: true });
        fs.writeFileSync(p, text);
      }
    }
  };
  write(base);
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'base');
  write(current);
  if (staged.length) git('add', ...staged);
  return dir;
}

const json = (x: unknown) => JSON.stringify(x, null, 2);
const DEFAULT_RULES = 'prefix_rule(pattern=["git", "status"], decision="allow")\n';
const GUARD_RULES = 'prefix_rule(pattern=["rm"], decision="forbidden")\n';

describe('cli: diff against a revision compares the whole policy', () => {
  it('codex: a sibling .rules file that drops a forbidden flips the checked file\'s decisions; budget 0 exits 1', () => {
    const dir = repo({ '.codex/rules/default.rules': DEFAULT_RULES, '.codex/rules/guard.rules': GUARD_RULES }, { '.codex/rules/guard.rules': '# nothing forbidden\n' });
    const r = cli(['diff', '.codex/rules/default.rules', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /with the policy's other files at HEAD: \.codex\/rules\/guard\.rules \(rules folder\) changed/);
    // The rule that decided before is named where it is written.
    assert.match(r.stdout, /rm -rf build: deny → ask \(rule 2 \(rules folder, guard\.rules:1\): rm → forbidden → no rule\)/);
    const j = JSON.parse(cli(['diff', '.codex/rules/default.rules', '--base', 'HEAD', '--format', 'json'], { cwd: dir }).stdout);
    assert.equal(j.policyChanges.length, 1, JSON.stringify(j.policyChanges));
    assert.ok(j.policyChanges[0].path.endsWith('/.codex/rules/guard.rules'));
    assert.deepEqual({ layer: j.policyChanges[0].layer, change: j.policyChanges[0].change }, { layer: 'rules folder', change: 'changed' });
    assert.equal(j.counts.loosened, 1);
  });

  it('codex: a sibling added since the base (committed or not) and one removed are compared too', () => {
    const added = repo({ '.codex/rules/default.rules': DEFAULT_RULES }, { '.codex/rules/more.rules': 'prefix_rule(pattern=["git"], decision="allow")\n' });
    const r = cli(['diff', '.codex/rules/default.rules', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: added });
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stdout, /more\.rules \(rules folder\) added/);
    assert.match(r.stdout, /git push origin main: ask → allow \(no rule → rule 2 \(rules folder, more\.rules:1\): git → allow\)/);

    const removed = repo({ '.codex/rules/default.rules': DEFAULT_RULES, '.codex/rules/guard.rules': GUARD_RULES }, { '.codex/rules/guard.rules': null });
    const g = cli(['diff', '.codex/rules/default.rules', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: removed });
    assert.equal(g.code, 1, g.stdout);
    assert.match(g.stdout, /guard\.rules \(rules folder\) removed/);
    assert.match(g.stdout, /rm -rf build: deny → ask/);
  });

  it('claude: a committed settings.local.json that widens Bash and drops a deny is diffed for settings.json', () => {
    const dir = repo(
      { '.claude/settings.json': json({ permissions: { allow: ['Bash(git status)'] } }), '.claude/settings.local.json': json({ permissions: { deny: ['Read(./.env)'] } }) },
      { '.claude/settings.local.json': json({ permissions: { allow: ['Bash(git *)'] } }) },
    );
    const r = cli(['diff', '.claude/settings.json', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /\.claude\/settings\.local\.json \(local settings\) changed/);
    assert.match(r.stdout, /Bash: git push origin main: ask → allow \(no rule → rule 1 \(local settings, settings\.local\.json:\d+\): Bash\(git \*\) allow\)/);
    assert.match(r.stdout, /Read: \.env: deny → allow \(rule 1 \(local settings, settings\.local\.json:\d+\): Read\(\.\/\.env\) deny → no rule\)/);
    // SARIF puts a flip the local settings now decide where that rule is written.
    const sarif = JSON.parse(cli(['diff', '.claude/settings.json', '--base', 'HEAD', '--format', 'sarif'], { cwd: dir }).stdout);
    const push = (sarif.runs[0].results as Array<{ message: { text: string }; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }> }>).find((x) => x.message.text.startsWith('Bash: git push origin main'));
    assert.ok(push, JSON.stringify(sarif.runs[0].results));
    assert.equal(push.locations[0].physicalLocation.artifactLocation.uri, '.claude/settings.local.json');
    assert.ok(push.locations[0].physicalLocation.region.startLine > 1);
  });

  it('claude: an ignored settings.local.json has no base: it decides alike in both versions', () => {
    const dir = repo(
      { '.gitignore': '.claude/settings.local.json\n', '.claude/settings.json': json({ permissions: { allow: ['Bash(git status)'] } }) },
      { '.claude/settings.local.json': json({ permissions: { allow: ['Bash(git *)'] } }) },
    );
    const r = cli(['diff', '.claude/settings.json', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.doesNotMatch(r.stdout, /policy's other files/);
    assert.equal(r.stdout.trim().split('\n').at(-1), '0 newly allowed (budget 0: ok), 0 newly denied');
  });

  it('gemini: another policy file of the tier that drops a deny is diffed for the file checked', () => {
    const team = '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100\n';
    const guard = '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 200\n';
    const dir = repo({ '.gemini/policies/team.toml': team, '.gemini/policies/guard.toml': guard }, { '.gemini/policies/guard.toml': '# no rules\n' });
    const r = cli(['diff', '.gemini/policies/team.toml', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /guard\.toml \(workspace tier, guard\.toml\) changed/);
    assert.match(r.stdout, /run_shell_command: git push origin main: deny → allow \(rule 2 \(workspace tier, guard\.toml:1\): run_shell_command "git push" → deny/);
  });

  it('against a FILE, the other files are as they are now: only the file\'s own change is compared', () => {
    const dir = repo({ '.codex/rules/default.rules': DEFAULT_RULES, '.codex/rules/guard.rules': GUARD_RULES }, { '.codex/rules/guard.rules': '# nothing forbidden\n' });
    fs.writeFileSync(path.join(dir, 'old.rules'), DEFAULT_RULES);
    const r = cli(['diff', '.codex/rules/default.rules', '--base', 'old.rules', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.doesNotMatch(r.stdout, /policy's other files/);
  });
});
