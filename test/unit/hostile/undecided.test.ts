import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import { MAX_GLOB_CHARS } from '../../../shared/patterns/glob';
import { decide, initDialects, withDialect } from './helpers';

/**
 * A match the linear matcher cannot decide (a backreference, a glob past its length limit, a work
 * budget spent) is never guessed: every dialect fails closed, and the trace says which rule went
 * undecided.
 */
describe('hostile input: an undecided match fails closed, with a trace note', () => {
  before(() => initDialects());
  const longGlob = `${'x*'.repeat((MAX_GLOB_CHARS >> 1) + 1)}`;

  withDialect('gemini', 'gemini', (gemini) => {
    const text = [
      '[[rule]]\ntoolName = "run_shell_command"\ncommandRegex = "(a+)\\\\1"\ndecision = "deny"\npriority = 300\n',
      '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100\n',
    ].join('\n');
    const rs = () => gemini.parse({ path: '/p/.gemini/policies/p.toml', text });

    it('a deny whose pattern needs a backreference does not let a later allow through: ask_user', () => {
      const v = decide(gemini, rs(), { tool: 'run_shell_command', args: { command: 'git aa' } });
      assert.equal(v.decision, 'ask');
      const rows = v.trace.sections[0].rows;
      assert.match(rows[0].note ?? '', /undecided: .*backtracking/);
      assert.match(v.trace.sections[0].branch, /went undecided: at most ask_user \(fail closed\)/);
    });

    it('a request the undecided rule cannot concern is decided as usual', () => {
      assert.equal(decide(gemini, rs(), { tool: 'read_file', args: { path: 'a' } }).native, 'ask_user');
    });
  });

  withDialect('claude', 'claude', (claude) => {
    const rs = () => claude.parse({ path: '/p/.claude/settings.json', text: JSON.stringify({ permissions: { deny: [`Read(${longGlob})`], allow: ['Read(//etc/**)'] } }) }, { root: '/p', home: '/h' });

    it('an undecided Read deny caps the allow at ask, and its row says why', () => {
      // A plain file system (no symlinks), so the undecided rule is the only reason to cap the allow.
      const v = decide(claude, rs(), { tool: 'Read', path: '/etc/hosts', cwd: '/p' }, { root: '/p', home: '/h', fs: LEXICAL_FS });
      assert.equal(v.decision, 'ask');
      const row = v.trace.sections[0].rows.find((r) => /undecided/.test(r.note ?? ''));
      assert.ok(row, 'the undecided rule is marked in the trace');
      assert.match(v.trace.sections[0].branch, /fail closed \(could not decide within the matcher's budget whether rule 1/);
    });
  });

  withDialect('bounds-paths', 'bounds', (bp) => {
    const paths = JSON.stringify({ version: 1, root: '.', tools: { 'file.read': { path_arg: 'path', access: 'read' } }, allow: { read: ['**'] }, deny: { read: [longGlob] } });

    it('an undecided deny glob refuses (the runtime could deny), with the reason in the branch', () => {
      const rs = bp.parse({ path: '/p/.attesso/paths.json', text: paths }, { root: '/p' });
      const v = decide(bp, rs, { tool: 'file.read', args: { path: 'src/a.ts' } }, { root: '/p', fs: { realpath: (p) => p } });
      assert.equal(v.decision, 'deny');
      assert.match(v.trace.branch, /undecided within the matcher's budget, refused \(fail closed\)/);
    });
  });
});
