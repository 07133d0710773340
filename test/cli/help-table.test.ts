import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { cli, ensureBuilt, ROOT, SHARED_EXAMPLES } from './helpers';
import { LspClient } from '../protocol/lsp-client';
import { commandHelp, HELP } from '../../cli/help';
import { renderReadme } from '../../cli/readme';
import { DIALECTS } from '../../shared/dialects';
import { parseJson } from '../../shared/json/tree';
import { COMMANDS } from '../../cli/main';

/** One way to make a command return one exit code. */
interface Scenario {
  args: string[];
  cwd?: string;
  /** A language-server session instead of a run: whether the editor sends shutdown before exit. */
  lsp?: { shutdown: boolean };
}

const scratch = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `rulelens-exit-${prefix}-`));

function write(dir: string, rel: string, text: string): string {
  const p = path.join(dir, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  return p;
}

const opencode = (permissions: unknown[]) => JSON.stringify({ permissions }, null, 2);
const ASK_ALL = opencode([{ action: 'edit', resource: '*', effect: 'ask' }]);
const ALLOW_SRC = opencode([{ action: 'edit', resource: '*', effect: 'ask' }, { action: 'edit', resource: 'src/*', effect: 'allow' }]);

/** A repository whose base commit asks for every edit and whose HEAD allows edits under src/. */
function widenedRepo(): string {
  const dir = scratch('git');
  const git = (...a: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...a], { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  write(dir, 'opencode.json', ASK_ALL);
  git('add', '.');
  git('commit', '-qm', 'base');
  git('tag', 'base');
  write(dir, 'opencode.json', ALLOW_SRC);
  git('commit', '-qam', 'widen');
  return dir;
}

const toolUse = (id: string, command: string) => JSON.stringify({ type: 'assistant', cwd: '/p', sessionId: 's', timestamp: '2026-11-01T10:00:00Z', message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] } });
const toolResult = (id: string, denied: boolean) => JSON.stringify({ type: 'user', cwd: '/p', sessionId: 's', message: { content: [{ type: 'tool_result', tool_use_id: id, content: denied ? "The user doesn't want to proceed with this tool use." : 'ok', is_error: denied }] } });

/** A Claude Code session: each call with whether the user refused it. */
function session(dir: string, calls: Array<[string, boolean]>, extra = ''): string {
  return write(dir, 'session.jsonl', calls.flatMap(([c, d], i) => [toolUse(`t${i}`, c), toolResult(`t${i}`, d)]).join('\n') + '\n' + extra);
}

/** A project with Bounds history rules (the balanced profile) and a ledger of one allowed step. */
function boundsProject(): string {
  const dir = scratch('bounds');
  cli(['rules', 'set-profile', 'balanced'], { cwd: dir });
  cli(['log', '--action', 'web.read', '--subject', 'docs.example', '--task', 'job-1', '--trust', 'untrusted', '--capability', 'read'], { cwd: dir });
  return dir;
}

/** An editor's session with `rulelens lsp --stdio`: initialize, maybe shutdown, then exit; the server's exit code. */
async function lspSession(args: string[], shutdown: boolean): Promise<number | null> {
  ensureBuilt();
  // An empty workspace: the server looks through its folder for rule files.
  const dir = scratch('lsp');
  const client = new LspClient({ file: process.execPath, args: [path.join(ROOT, 'bin/rulelens.js'), ...args], cwd: dir });
  const exited = new Promise<number | null>((resolve) => client.proc.on('exit', (code) => resolve(code)));
  // A server that exits at once (a wrong command line) must fail the test, not leave it waiting.
  await Promise.race([client.initialize(pathToFileURL(dir).href), exited.then((code) => Promise.reject(new Error(`the server exited (${code}) before initialize`)))]);
  if (shutdown) await client.request('shutdown', undefined);
  await client.conn.sendNotification('exit');
  const code = await exited;
  client.conn.dispose();
  return code;
}

const EXAMPLE_OPENCODE = path.join(SHARED_EXAMPLES, 'opencode', 'opencode.json');

/** For every command, one scenario per exit code its help lists. */
const SCENARIOS: Record<string, Partial<Record<0 | 1 | 2, () => Scenario>>> = {
  check: {
    0: () => ({ args: ['check', path.join(SHARED_EXAMPLES, 'opencode')] }),
    1: () => ({ args: ['check', path.join(SHARED_EXAMPLES, 'omp'), '--max-warnings', '0'] }),
    2: () => ({ args: ['check', 'no/such/folder'] }),
  },
  eval: {
    0: () => ({ args: ['eval', EXAMPLE_OPENCODE, '--request', '{"action":"edit","resources":["docs/a.md"],"expect":"allow"}'] }),
    1: () => ({ args: ['eval', EXAMPLE_OPENCODE, '--request', '{"action":"edit","resources":["docs/a.md"],"expect":"deny"}'] }),
    2: () => ({ args: ['eval', EXAMPLE_OPENCODE, '--request', '{"action":"edit","resourcez":["docs/a.md"]}'] }),
  },
  diff: {
    0: () => ({ args: ['diff', 'opencode.json', '--base', 'base', '--max-newly-allowed', '5'], cwd: widenedRepo() }),
    1: () => ({ args: ['diff', 'opencode.json', '--base', 'base', '--max-newly-allowed', '0'], cwd: widenedRepo() }),
    2: () => ({ args: ['diff', 'opencode.json', '--base', 'no-such-revision'], cwd: widenedRepo() }),
  },
  ci: {
    0: () => ({ args: ['ci', path.join(SHARED_EXAMPLES, 'opencode')] }),
    1: () => ({ args: ['ci', '.', '--base', 'base', '--max-newly-allowed', '0'], cwd: widenedRepo() }),
    2: () => ({ args: ['ci', '.', '--base', 'no-such-revision'], cwd: widenedRepo() }),
  },
  translate: {
    0: () => ({ args: ['translate', write(scratch('tr'), 'opencode.json', opencode([{ action: 'bash', resource: '*', effect: 'ask' }, { action: 'bash', resource: 'git *', effect: 'allow' }])), '--to', 'claude'] }),
    1: () => ({ args: ['translate', write(scratch('tr'), 'opencode.json', opencode([{ action: 'bash', resource: 'git *', effect: 'deny' }, { action: 'bash', resource: 'git status', effect: 'allow' }])), '--to', 'claude'] }),
    2: () => ({ args: ['translate', EXAMPLE_OPENCODE, '--to', 'cursor'] }),
  },
  log: {
    0: () => ({ args: ['log', '--action', 'file.read', '--subject', 'src/app.ts', '--task', 'job-2', '--trust', 'internal', '--capability', 'read'], cwd: boundsProject() }),
    1: () => ({ args: ['log', '--action', 'mail.send', '--subject', 'partner@example.com', '--task', 'job-1', '--capability', 'send'], cwd: boundsProject() }),
    2: () => ({ args: ['log', '--action', 'file.read'], cwd: boundsProject() }),
  },
  explain: {
    0: () => ({ args: ['explain', '1'], cwd: boundsProject() }),
    2: () => ({ args: ['explain', '99'], cwd: boundsProject() }),
  },
  suggest: {
    0: () => ({ args: ['suggest'], cwd: boundsProject() }),
    1: () => {
      // The approved compound line holds the refused command: denying that command exactly also
      // denies the line, which the proof reports instead of hiding.
      const dir = scratch('suggest');
      write(dir, '.claude/settings.json', JSON.stringify({ permissions: { allow: ['Bash(git *)', 'Bash(rm *)'] } }));
      session(dir, [['rm -rf build', true], ['git status && rm -rf build', false]]);
      return { args: ['suggest', '.claude/settings.json', '--history', 'session.jsonl'], cwd: dir };
    },
    2: () => ({ args: ['suggest', EXAMPLE_OPENCODE, '--history', 'no/such/history.jsonl'] }),
  },
  replay: {
    0: () => {
      const dir = scratch('replay');
      write(dir, 'opencode.json', JSON.stringify({ permission: { bash: { '*': 'ask', 'npm *': 'allow' } } }));
      session(dir, [['npm test', false], ['rm -rf dist', true]]);
      return { args: ['replay', 'opencode.json', '--history', 'session.jsonl'], cwd: dir };
    },
    1: () => {
      const dir = scratch('replay');
      write(dir, 'opencode.json', JSON.stringify({ permission: { bash: { '*': 'ask', 'npm *': 'allow' } } }));
      write(dir, 'next/opencode.json', JSON.stringify({ permission: { bash: { '*': 'deny' } } }));
      session(dir, [['npm test', false]]);
      return { args: ['replay', 'opencode.json', '--history', 'session.jsonl', '--rules', 'next/opencode.json', '--max-newly-denied', '0'], cwd: dir };
    },
    2: () => ({ args: ['replay', EXAMPLE_OPENCODE, '--history', 'x.jsonl', '--rules', EXAMPLE_OPENCODE, '--base', 'HEAD'] }),
  },
  import: {
    0: () => {
      const dir = scratch('import');
      session(dir, [['npm test', false]]);
      return { args: ['import', 'session.jsonl', '--dialect', 'claude'], cwd: dir };
    },
    1: () => {
      const dir = scratch('import');
      session(dir, [['npm test', false]], '{not json\n');
      return { args: ['import', 'session.jsonl', '--dialect', 'claude'], cwd: dir };
    },
    2: () => ({ args: ['import'] }),
  },
  rules: {
    0: () => ({ args: ['rules', 'set-profile', 'strict'], cwd: scratch('rules') }),
    2: () => ({ args: ['rules', 'set-profil', 'strict'], cwd: scratch('rules') }),
  },
  lsp: {
    0: () => ({ args: ['lsp', '--stdio'], lsp: { shutdown: true } }),
    1: () => ({ args: ['lsp', '--stdio'], lsp: { shutdown: false } }),
    2: () => ({ args: ['lsp', '--tcp'] }),
  },
  version: { 0: () => ({ args: ['version'] }) },
  help: {
    0: () => ({ args: ['help', 'ci'] }),
    2: () => ({ args: ['help', 'chek'] }),
  },
};

describe('cli: one help table for help, README and behaviour', function () {
  // Each exit code starts the CLI (and some scenarios git or the language server) once.
  this.timeout(180_000);

  it('every command has its help, and every help entry is a command', () => {
    const runnable = [...Object.keys(COMMANDS), 'version', 'help'].sort();
    assert.deepEqual(Object.keys(HELP).sort(), runnable);
    for (const [name, h] of Object.entries(HELP)) {
      assert.ok(h.examples.length >= 1, `${name} has an example`);
      assert.ok(h.exit.length >= 1, `${name} lists its exit codes`);
      for (const e of h.examples) assert.ok(e.startsWith(`rulelens ${name === 'version' ? '--version' : name}`), `${name}: ${e}`);
    }
  });

  it('COMMAND --help prints exactly the table\'s help: usage, options, every exit code, an example', () => {
    for (const name of Object.keys(HELP)) {
      const r = cli([name, '--help']);
      assert.equal(r.code, 0, `${name}: ${r.stderr}`);
      assert.equal(r.stdout, `${commandHelp(name)}\n`, name);
      for (const e of HELP[name].exit) assert.ok(r.stdout.includes(`\n  ${e.code}  ${e.when}`), `${name} exit ${e.code}`);
      assert.match(r.stdout, /\nexamples?:\n {2}rulelens /, name);
    }
  });

  it('the README\'s command-line section and request shapes are generated, and current', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.equal(renderReadme(readme), readme, 'README is stale: run npm run readme');
  });

  it('every dialect\'s request in the README\'s table is a valid request of that dialect', () => {
    for (const d of DIALECTS) {
      const t = d.vocabulary?.requestInput?.template;
      assert.ok(t !== undefined, `${d.id} has a request template`);
      const doc = parseJson(JSON.stringify(t));
      const r = d.readRequest(doc.root!, doc.source);
      assert.deepEqual(r.findings.filter((f) => f.severity === 'error'), [], d.id);
      assert.ok(r.request !== undefined, d.id);
    }
  });

  it('every exit code of the table has a scenario here, and no scenario a code the table lacks', () => {
    for (const [name, h] of Object.entries(HELP)) {
      assert.deepEqual(Object.keys(SCENARIOS[name] ?? {}).map(Number).sort(), h.exit.map((e) => e.code).sort(), name);
    }
  });

  for (const [name, h] of Object.entries(HELP)) {
    for (const e of h.exit) {
      it(`${name} exits ${e.code}: ${e.when}`, async () => {
        const s = SCENARIOS[name]?.[e.code]?.();
        assert.ok(s, `no scenario for ${name} exit ${e.code}`);
        if (s.lsp) {
          assert.equal(await lspSession(s.args, s.lsp.shutdown), e.code);
          return;
        }
        const r = cli(s.args, { cwd: s.cwd });
        assert.equal(r.code, e.code, `${s.args.join(' ')}\n${r.stdout}\n${r.stderr}`);
      });
    }
  }
});
