import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ENGINE_OPTIONS } from '../../cli/args';
import { cli, ROOT } from './helpers';

const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const COMMANDS = ['check', 'eval', 'diff', 'ci', 'translate', 'log', 'explain', 'suggest', 'replay', 'import', 'rules', 'lsp', 'version', 'help'];

describe('cli: help, usage and version', () => {
  for (const args of [['--version'], ['-v'], ['version']]) {
    it(`${args[0]} prints the package version`, () => {
      const r = cli(args);
      assert.strictEqual(r.code, 0);
      assert.strictEqual(r.stdout.trim(), `rulelens ${VERSION}`);
    });
  }

  for (const name of COMMANDS) {
    it(`${name} --help prints that command's help and exits 0`, () => {
      const r = cli([name, '--help']);
      assert.strictEqual(r.code, 0, r.stderr);
      assert.ok(r.stdout.startsWith(`usage: rulelens ${name}`), r.stdout);
      assert.match(r.stdout, /-h, --help/);
      assert.strictEqual(r.stderr, '');
    });
  }

  it('-h and help COMMAND print the same help as --help', () => {
    const long = cli(['check', '--help']).stdout;
    assert.strictEqual(cli(['check', '-h']).stdout, long);
    assert.strictEqual(cli(['help', 'check']).stdout, long);
    assert.match(long, /--max-warnings N/);
    assert.match(long, /\nexit codes:\n {2}0 {2}no error-level finding/);
  });

  it('check, eval and diff list every engine option they take, and say they decide with the policy', () => {
    for (const name of ['check', 'eval', 'diff']) {
      const r = cli([name, '--help']).stdout;
      for (const flag of Object.keys(ENGINE_OPTIONS)) assert.ok(r.includes(`\n  --${flag} `), `${name} --help lists --${flag}`);
      assert.match(r.split('\n')[2], /policy/, `${name}'s summary says the policy decides`);
    }
  });

  it('--help after -- is a positional, not a help request', () => {
    const r = cli(['check', '--', '--help']);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /no such file or folder: --help/);
  });

  it('the command list names every command and how to get help', () => {
    const r = cli(['--help']);
    assert.strictEqual(r.code, 0);
    for (const name of COMMANDS) assert.match(r.stdout, new RegExp(`rulelens ${name}\\b`));
    assert.match(r.stdout, /COMMAND --help/);
  });

  it('no command prints the usage on stderr and exits 2', () => {
    const r = cli([]);
    assert.strictEqual(r.code, 2);
    assert.strictEqual(r.stdout, '');
    assert.match(r.stderr, /^usage: rulelens <command>/);
  });

  it('help for an unknown command is a usage error', () => {
    const r = cli(['help', 'chek']);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /unknown command 'chek'; did you mean 'check'\?/);
  });

  it('an unknown option repeats the command usage', () => {
    const r = cli(['check', '--max-warning', '3']);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /^rulelens check: unknown option '--max-warning'; did you mean '--max-warnings'\?\n/);
    assert.doesNotMatch(r.stderr, /To specify a positional argument/);
    assert.match(r.stderr, /\nusage: rulelens check \[PATH\.\.\.\]/);
    assert.match(r.stderr, /rulelens check --help/);
  });

  it('a missing argument repeats the command usage', () => {
    const r = cli(['eval', 'examples/opencode/opencode.json']);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /give exactly one of --request JSON or --requests FILE\nusage: rulelens eval \(RULEFILE/);
  });

  it('a bad option value repeats the command usage', () => {
    const r = cli(['diff', 'examples/opencode/opencode.json', '--base', 'HEAD', '--max-newly-allowed', 'x']);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /--max-newly-allowed takes a whole number/);
    assert.match(r.stderr, /usage: rulelens diff RULEFILE --base/);
  });

  it('an unreadable file is reported without the usage noise', () => {
    const r = cli(['eval', 'no/such/file.json', '--request', '{}']);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /no\/such\/file\.json/);
    assert.doesNotMatch(r.stderr, /usage:/);
  });

  it('lsp rejects options it does not know, with the usage', () => {
    const r = cli(['lsp', '--tcp']);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /unknown option '--tcp' \(the server takes/);
    assert.match(r.stderr, /usage: rulelens lsp/);
  });
});
