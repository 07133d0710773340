import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { initDialects } from '../../../shared/dialects';
import { fileExists, listEntries, readText } from '../../../shared/host/node-fs';
import type { ShowFlipsArgs } from '../../../shared/protocol';
import { createLanguageService } from '../../../server/service/language-service';
import { open } from './helpers';

/** The change for each agent: the base text, the edited text, and a witness the lens must show. */
const CASES: Array<{ dialect: string; file: string; base: string; current: string; witness: string }> = [
  {
    dialect: 'claude',
    file: '.claude/settings.json',
    base: JSON.stringify({ permissions: { allow: ['Bash(git status)'], deny: ['Read(./.env)'] } }, null, 2),
    current: JSON.stringify({ permissions: { allow: ['Bash(git *)'] } }, null, 2),
    witness: '- Bash: git push origin main: ask → allow (no rule → rule 1: `Bash(git *) allow`)',
  },
  {
    dialect: 'codex',
    file: '.codex/rules/default.rules',
    base: 'prefix_rule(pattern=["git", "status"], decision="allow")\nprefix_rule(pattern=["rm"], decision="forbidden")\n',
    current: 'prefix_rule(pattern=["git"], decision="allow")\n',
    witness: '- git push origin main: ask → allow (no rule → rule 1: `git → allow`)',
  },
  {
    dialect: 'gemini',
    file: '.gemini/policies/team.toml',
    base: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git status"\ndecision = "allow"\npriority = 100\n',
    current: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100\n',
    witness: '- run\\_shell\\_command: git push origin main: ask → allow',
  },
  {
    dialect: 'omp',
    file: '.omp/config.yml',
    base: 'tools:\n  approvalMode: always-ask\nbash:\n  patterns:\n    - match: "git status"\n      approval: allow\n',
    current: 'tools:\n  approvalMode: always-ask\nbash:\n  patterns:\n    - match: "git *"\n      approval: allow\n',
    witness: '- bash: git push origin main: ask → allow (no rule → rule 1: `git * allow`)',
  },
];

describe('language service: "vs HEAD" lenses show what a change newly allows for every agent', () => {
  before(async () => {
    await initDialects();
  });

  for (const c of CASES) {
    it(`${c.dialect}: the lens counts the witnesses the search found, and its page lists them`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-lens-'));
      const file = path.join(dir, c.file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, c.current);
      const ls = createLanguageService({ readFile: readText, exists: fileExists, ctx: { home: '/home/test' }, docsBase: 'https://rulelens.dev/docs/lints/', baseText: (p) => (p === file ? { text: c.base } : undefined) });
      const uri = open(ls, file, c.current);
      await ls.ready(uri);
      const lens = ls.codeLenses(uri).find((l) => l.command?.title.startsWith('vs HEAD'));
      assert.ok(lens, JSON.stringify(ls.codeLenses(uri).map((l) => l.command?.title)));
      assert.match(lens.command!.title, /^vs HEAD: \d+ decisions? flipped \(\d+ newly allowed\)$/);
      const args = lens.command!.arguments![0] as ShowFlipsArgs;
      assert.ok(args.flips.some((f) => f.kind === 'witness' && f.after === 'allow'));
      assert.ok(args.markdown.includes('## Newly allowed (witness requests found by searching both versions)'), args.markdown);
      assert.ok(args.markdown.includes(c.witness), args.markdown);
      assert.ok(!args.markdown.includes('not searched'), args.markdown);
    });
  }

  it('a change to another file of the policy: the unchanged rule file\'s lens shows what it flips', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-lens-'));
    const rules = path.join(dir, '.codex/rules/default.rules');
    const guard = path.join(dir, '.codex/rules/guard.rules');
    fs.mkdirSync(path.dirname(rules), { recursive: true });
    const text = 'prefix_rule(pattern=["git", "status"], decision="allow")\n';
    fs.writeFileSync(rules, text);
    fs.writeFileSync(guard, '# nothing forbidden\n');
    const heads = new Map([[rules, text], [guard, 'prefix_rule(pattern=["rm"], decision="forbidden")\n']]);
    const baseText = (p: string) => (heads.has(p) ? { text: heads.get(p)! } : undefined);
    const ls = createLanguageService({ readFile: readText, exists: fileExists, list: listEntries, ctx: { home: '/home/test' }, docsBase: 'https://rulelens.dev/docs/lints/', baseText });
    const uri = open(ls, rules, text);
    await ls.ready(uri);
    const lens = ls.codeLenses(uri).find((l) => l.command?.title.startsWith('vs HEAD'));
    assert.ok(lens, JSON.stringify(ls.codeLenses(uri).map((l) => l.command?.title)));
    assert.equal(lens.command!.title, 'vs HEAD: 1 decision flipped (1 newly allowed)');
    const args = lens.command!.arguments![0] as ShowFlipsArgs;
    assert.ok(args.markdown.includes('- rm -rf build: deny → ask (rule 2 (rules folder, guard.rules:1): `rm → forbidden` → no rule)'), args.markdown);
    // The same sibling at its HEAD text: nothing differs, so there is no lens.
    heads.set(guard, '# nothing forbidden\n');
    const same = createLanguageService({ readFile: readText, exists: fileExists, list: listEntries, ctx: { home: '/home/test' }, docsBase: 'https://rulelens.dev/docs/lints/', baseText });
    const u2 = open(same, rules, text);
    await same.ready(u2);
    assert.ok(!same.codeLenses(u2).some((l) => l.command?.title.startsWith('vs HEAD')));
  });
});
