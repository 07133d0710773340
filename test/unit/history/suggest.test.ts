import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { claude } from '../../../shared/dialects/claude';
import { initShellParser } from '../../../shared/host/shell-parser';
import { bashProposals, pathProposals, runsAnything } from '../../../shared/dialects/claude/history/proposals';
import { suggestClaude } from '../../../shared/dialects/claude/history/suggest';
import { commandPrefix } from '../../../shared/history/prefix';
import type { HistoryEntry } from '../../../shared/history/types';
import { CATALOG } from '../../../shared/programs';

const entry = (tool: string, subject: Partial<HistoryEntry['call']>, outcome: HistoryEntry['call']['outcome'] = 'approved', count = 1): HistoryEntry => ({
  call: { format: 'claude-session', tool, ...subject, outcome },
  count,
  firstSeen: null,
  lastSeen: null,
  redacted: false,
  formats: ['claude-session'],
});

describe('history: suggest building blocks', () => {
  it('command prefixes keep a subcommand, never an option or a path', () => {
    assert.equal(commandPrefix('git push --force origin main'), 'git push');
    assert.equal(commandPrefix('npm run build'), 'npm run');
    assert.equal(commandPrefix('ls -la'), 'ls');
    assert.equal(commandPrefix('cat ./a.txt'), 'cat');
    assert.equal(commandPrefix('make 2'), 'make');
  });

  it('groups of two or more become a narrow prefix; single commands stay exact', () => {
    const p = bashProposals(['npm run build', 'npm run lint', 'npm test', 'git status']);
    assert.deepEqual(p.proposals.map((x) => x.rule), ['Bash(git status)', 'Bash(npm run *)', 'Bash(npm test)']);
    assert.deepEqual(p.left, []);
  });

  it('never proposes an allow for a program of the knowledge base that runs chosen code, exact or wildcard', () => {
    const open = CATALOG.filter((e) => e.anyArguments);
    assert.ok(open.length > 40, `${open.length} programs open to code`);
    for (const e of open) {
      for (const program of e.names) {
        const cmds = e.capabilities.flatMap((c) => c.witnesses).map((w) => w.split('{P}').join(program)).filter((w) => !/[*()]/.test(w));
        const p = bashProposals([...cmds, `${program} a b`, `${program} a c`]);
        assert.deepEqual(p.proposals, [], program);
      }
    }
    // A program that runs code only by certain words: those commands are left, the others proposed.
    const git = CATALOG.find((e) => e.names.includes('git'))!;
    const config = git.capabilities.find((c) => c.id === 'git.config-override')!.witnesses.map((w) => w.split('{P}').join('git')).filter((w) => !/[*()]/.test(w));
    const p = bashProposals([...config, 'git log', 'git log -p']);
    const allowed = p.proposals.flatMap((x) => x.covers);
    for (const w of config) assert.ok(!allowed.includes(w), `${w} must not be allowed`);
    assert.deepEqual(p.proposals.map((x) => x.rule), ['Bash(git log *)']);
    assert.equal(runsAnything('git -c core.pager=x log'), true);
    assert.equal(runsAnything('git -ccore.pager=x log'), true);
    assert.equal(runsAnything('git --config-env=core.pager=PAGER log'), true);
    assert.equal(runsAnything('git -C . log'), false);
    assert.equal(runsAnything('git log'), false);
    assert.equal(runsAnything('/usr/bin/python3 x.py'), true);
    assert.equal(runsAnything('python3.12 x.py'), true);
    assert.equal(runsAnything('find . -name x'), true);
    assert.equal(runsAnything('watch -n 1 ls'), true);
    assert.equal(runsAnything('npm run build'), false);
  });

  it('paths group into project folders; outside the project they stay exact and absolute', () => {
    const p = pathProposals('Edit', ['/p/src/lib/a.ts', '/p/src/lib/deep/b.ts', '/p/README.md', '/etc/hosts', '/p/docs/x.md'], '/p');
    assert.deepEqual(p.proposals.map((x) => x.rule), ['Edit(//etc/hosts)', 'Edit(/README.md)', 'Edit(/docs/x.md)', 'Edit(/src/lib/**)']);
    assert.deepEqual(pathProposals('Read', ['/p/a*.ts'], '/p').left.map((l) => l.subject), ['/p/a*.ts']);
  });
});

describe('history: suggest on Claude Code settings, proved by the evaluator', () => {
  before(() => initShellParser());
  let dir: string;
  let settingsPath: string;
  const setup = (settings: object, files: string[] = []) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-sugg-'));
    fs.mkdirSync(path.join(dir, '.claude'));
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), '');
    }
    settingsPath = path.join(dir, '.claude', 'settings.json');
    const text = JSON.stringify(settings, null, 2) + '\n';
    const parse = (t: string) => claude.parse({ path: settingsPath, text: t }, { home: os.homedir() });
    return { text, parse, rs: parse(text) };
  };

  it('an observed denial inside a suggested prefix is denied exactly; unobserved commands lose their allow', () => {
    const { text, parse, rs } = setup({ permissions: { allow: ['Bash(git *)'] } });
    const entries = [entry('Bash', { command: 'git push origin a' }), entry('Bash', { command: 'git push origin b' }), entry('Bash', { command: 'git push --force origin main' }, 'denied')];
    const s = suggestClaude(claude, rs, text, parse, entries, { home: os.homedir() });
    const next = parse(s.text);
    const decide = (command: string) => claude.evaluate(next, { tool: 'Bash', command }, { fs: LEXICAL_FS }).decision;
    assert.equal(decide('git push origin a'), 'allow');
    assert.equal(decide('git push origin b'), 'allow');
    assert.equal(decide('git push --force origin main'), 'deny');
    assert.notEqual(decide('git reset --hard'), 'allow', 'unobserved git commands are no longer allowed');
    assert.deepEqual(s.proof.deniedAllowed, []);
    assert.deepEqual(s.proof.approvedChanged, []);
  });

  it('an approved runs-anything call is left to ask, never allowed; a failing proof is reported, not hidden', () => {
    const { text, parse, rs } = setup({ permissions: { allow: ['Bash(python3 *)', 'Bash(npm *)'] } });
    const entries = [entry('Bash', { command: 'python3 scripts/gen.py' }, 'approved', 5), entry('Bash', { command: 'npm test' })];
    const s = suggestClaude(claude, rs, text, parse, entries, { fs: LEXICAL_FS });
    assert.deepEqual(s.left.map((l) => [l.subject, l.calls]), [['python3 scripts/gen.py', 5]]);
    assert.ok(!s.rules.some((r) => r.tier === 'allow' && r.rule.startsWith('Bash(python3')));
    assert.equal(claude.evaluate(parse(s.text), { tool: 'Bash', command: 'python3 scripts/gen.py' }, {}).decision, 'ask');
    assert.deepEqual(s.proof.approvedChanged, []);
  });

  it('keeps narrow rules and rules it does not replace, in place', () => {
    const { text, parse, rs } = setup({ permissions: { allow: ['Bash(npm test)', 'Bash(npm *)', 'Read(/docs/**)'], deny: ['Bash(rm *)'] } });
    const s = suggestClaude(claude, rs, text, parse, [entry('Bash', { command: 'npm run build' })], { fs: LEXICAL_FS });
    const after = JSON.parse(s.text).permissions;
    // The unused broad Read allow goes too: nothing observed needed it.
    assert.deepEqual(after.allow, ['Bash(npm test)', 'Bash(npm run build)']);
    assert.deepEqual(s.removed, [{ rule: 'Bash(npm *)', calls: 1 }, { rule: 'Read(/docs/**)', calls: 0 }]);
    assert.deepEqual(after.deny, ['Bash(rm *)']);
  });

  it('a wildcard is proposed only inside the allow it replaces; otherwise exact rules (never a broader allow)', () => {
    const { text, parse, rs } = setup({ permissions: { allow: ['Bash(git * main)', 'Edit(*.ts)'] } }, ['src/lib/a.ts', 'src/lib/b.ts']);
    const entries = [
      entry('Bash', { command: 'git push origin main' }),
      entry('Bash', { command: 'git push upstream main' }),
      entry('Edit', { path: path.join(dir, 'src/lib/a.ts') }),
      entry('Edit', { path: path.join(dir, 'src/lib/b.ts') }),
    ];
    const s = suggestClaude(claude, rs, text, parse, entries, { fs: LEXICAL_FS });
    assert.deepEqual(JSON.parse(s.text).permissions.allow, ['Bash(git push origin main)', 'Bash(git push upstream main)', 'Edit(/src/lib/a.ts)', 'Edit(/src/lib/b.ts)']);
    const next = parse(s.text);
    assert.notEqual(claude.evaluate(next, { tool: 'Bash', command: 'git push origin dev' }, {}).decision, 'allow');
    assert.deepEqual(s.proof.approvedChanged, []);
  });
});
