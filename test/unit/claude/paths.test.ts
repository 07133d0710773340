import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import type { Decision, EvalContext } from '../../../shared/model';
import { evaluateClaude, parseClaude } from '../../../shared/dialects/claude';
import { fakeFs } from './fake-fs';

const SETTINGS = {
  permissions: {
    deny: ['Read(./secrets/**)', 'Read(.env)', 'Edit(//etc/**)', 'Read(~/.ssh/**)'],
    allow: ['Read(/**)', 'Edit(/**)', 'Read(//**)', 'Edit(//**)'],
  },
};
const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify(SETTINGS) }, { home: '/home/u' });
const fs = fakeFs(
  ['/proj', '/proj/.claude', '/proj/docs', '/proj/docs/a.md', '/proj/secrets', '/proj/secrets/prod.key', '/proj/.env', '/proj/sub', '/proj/sub/dir',
    '/proj/sub/dir/.env', '/home', '/home/u', '/home/u/.ssh', '/home/u/.ssh/id_rsa', '/etc', '/etc/passwd', '/elsewhere', '/elsewhere/file'],
  {
    '/proj/docs/link': '/proj/secrets',
    '/proj/docs/keylink': '../secrets/prod.key',
    '/proj/docs/envlink': '/proj/sub/dir/.env',
    '/proj/loop': 'loop2',
    '/proj/loop2': 'loop',
    '/proj/docs/out': '/elsewhere/file',
  },
);
const ctx: EvalContext = { root: '/proj', home: '/home/u', fs };

/** Paths that all land on something a deny covers: none may reach allow. */
const HOSTILE: Array<[tool: string, path: string]> = [
  ['Read', 'secrets/prod.key'],
  ['Read', './secrets/prod.key'],
  ['Read', 'docs/../secrets/prod.key'],
  ['Read', 'docs/./../secrets//prod.key'],
  ['Read', './/secrets/prod.key'],
  ['Read', 'secrets/../secrets/prod.key'],
  ['Read', '/proj/secrets/prod.key'],
  ['Read', '//proj/secrets/prod.key'],
  ['Read', '/proj/docs/../secrets/prod.key'],
  ['Read', '../proj/secrets/prod.key'],
  ['Read', 'docs/link/prod.key'],
  ['Read', 'docs/keylink'],
  ['Read', 'docs/envlink'],
  ['Read', 'secrets'],
  ['Read', '.env'],
  ['Read', 'sub/dir/.env'],
  ['Read', 'docs/../../proj/.env'],
  ['Read', '~/.ssh/id_rsa'],
  ['Read', '/home/u/.ssh/id_rsa'],
  ['Read', '/home/u/../u/.ssh/id_rsa'],
  ['Edit', 'secrets/prod.key'],
  ['Edit', 'docs/link/new.key'],
  ['Write', 'docs/../secrets/new.key'],
  ['MultiEdit', '.env'],
  ['Edit', '/etc/passwd'],
  ['Edit', '//etc/passwd'],
  ['Edit', '/etc/../etc/passwd'],
  ['Grep', 'secrets'],
];

describe('claude: safe path evaluation', () => {
  for (const [tool, path] of HOSTILE) {
    it(`${tool} ${path} never reaches allow`, () => {
      const v = evaluateClaude(rs, { tool, path }, ctx);
      assert.notEqual(v.decision, 'allow', v.trace.sections.map((s) => `${s.subject}: ${s.decision} — ${s.branch}`).join('\n'));
    });
  }

  const EXACT: Array<[tool: string, path: string, expected: Decision, why: string]> = [
    ['Read', 'docs/a.md', 'allow', 'every view inside the project and allowed'],
    ['Edit', 'docs/new.md', 'allow', 'a new file: its folder is resolved'],
    ['Read', 'docs/link/prod.key', 'deny', 'symlink into a denied folder: the resolved view is denied'],
    ['Read', 'docs/../secrets/prod.key', 'deny', 'the normalized view is denied'],
    ['Edit', 'secrets/prod.key', 'deny', 'a Read deny also blocks Edit'],
    ['Read', 'loop/x', 'ask', 'a symlink loop: where it lands is unknown, so no allow stands (fail closed)'],
    ['Read', 'missing.txt', 'allow', 'a missing file is judged like a present one: never dependent on the checking machine'],
    ['Read', '../outside.txt', 'allow', 'outside the project, but `Read(//**)` allows it explicitly (the real CLI allows reads outside with an allow rule)'],
    ['Read', 'docs/out', 'allow', 'a symlink out of the project, allowed by `Read(//**)` in every view'],
    ['Read', '/etc/passwd', 'allow', 'absolute, outside the project, allowed by `Read(//**)`'],
    ['Edit', '/etc/passwd', 'deny', '//etc/** deny'],
    ['Read', '~/.ssh/id_rsa', 'deny', '~ expands to the home directory'],
  ];
  for (const [tool, path, expected, why] of EXACT) {
    it(`${tool} ${path} → ${expected} (${why})`, () => {
      assert.equal(evaluateClaude(rs, { tool, path }, ctx).decision, expected);
    });
  }

  it('without a file system, a traversal still meets the deny', () => {
    assert.equal(evaluateClaude(rs, { tool: 'Read', path: 'docs/../secrets/prod.key' }, { root: '/proj', home: '/home/u' }).decision, 'deny');
  });

  it('relative rules resolve against the request cwd; a bare name matches at any depth', () => {
    const r = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify({ permissions: { deny: ['Read(*.pem)', 'Read(build/out)'] } }) });
    const c = { root: '/proj', home: '/home/u', fs: LEXICAL_FS };
    assert.equal(evaluateClaude(r, { tool: 'Read', path: 'a/b/c.pem' }, c).decision, 'deny');
    assert.equal(evaluateClaude(r, { tool: 'Read', path: 'build/out/x' }, c).decision, 'deny');
    // Not denied, and inside the project: the built-in read-only layer allows them.
    assert.equal(evaluateClaude(r, { tool: 'Read', path: 'out/x', cwd: 'build' }, c).decision, 'allow');
    assert.equal(evaluateClaude(r, { tool: 'Read', path: '../build/out/x', cwd: 'sub' }, c).decision, 'allow');
    assert.equal(evaluateClaude(r, { tool: 'Read', path: '/etc/hosts' }, c).decision, 'ask');
    assert.equal(evaluateClaude(r, { tool: 'Read', path: 'build/out/x', cwd: 'sub' }, c).decision, 'deny');
  });

  it('one trace section per view', () => {
    const v = evaluateClaude(rs, { tool: 'Read', path: 'docs/link/prod.key' }, ctx);
    assert.deepEqual(v.trace.sections.map((s) => s.subject), ['as given: /proj/docs/link/prod.key', 'resolved: /proj/secrets/prod.key']);
    assert.deepEqual(v.trace.sections.map((s) => s.decision), ['allow', 'deny']);
  });
});
