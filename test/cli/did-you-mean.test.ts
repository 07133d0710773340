import { strict as assert } from 'assert';
import * as path from 'path';
import { cli, SHARED_EXAMPLES } from './helpers';

const CLAUDE = path.join(SHARED_EXAMPLES, 'claude', '.claude', 'settings.json');

describe('cli: a mistyped word names the closest known one (exit 2)', () => {
  it('a command: rulelens chek .', () => {
    const r = cli(['chek', '.']);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^unknown command 'chek'; did you mean 'check'\?\n/);
  });

  it('a word far from every command gets no guess, only where the list is', () => {
    const r = cli(['frobnicate']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^unknown command 'frobnicate'\n\(rulelens --help lists the commands\)/);
  });

  it('an option, with or without a value attached', () => {
    for (const arg of ['--max-warning', '--max-warning=3']) {
      const r = cli(['check', '.', arg]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /^rulelens check: unknown option '--max-warning'; did you mean '--max-warnings'\?\n/);
    }
    assert.match(cli(['diff', CLAUDE, '--base', 'HEAD', '--max-newly-alowed', '0']).stderr, /did you mean '--max-newly-allowed'\?/);
  });

  it('a dialect id, in every command that takes one', () => {
    assert.match(cli(['check', CLAUDE, '--dialect', 'claud']).stderr, /unknown dialect 'claud'; did you mean 'claude'\? \(--dialect takes opencode, .*codex, gemini[,)]/);
    assert.match(cli(['eval', CLAUDE, '--dialect', 'gemni', '--request', '{}']).stderr, /unknown dialect 'gemni'; did you mean 'gemini'\?/);
    assert.match(cli(['diff', CLAUDE, '--base', 'HEAD', '--dialect', 'codx']).stderr, /unknown dialect 'codx'; did you mean 'codex'\?/);
    const history = cli(['import', 'x.jsonl', '--dialect', 'bounds-rules']);
    assert.equal(history.code, 2);
    assert.match(history.stderr, /--dialect bounds-rules cannot be used here \(it takes opencode, omp, claude[,)]/);
  });

  it('a format, a translation target and a subcommand', () => {
    assert.match(cli(['check', '.', '--format', 'jsn']).stderr, /--format must be one of text, json, sarif; did you mean 'json'\?/);
    assert.match(cli(['translate', CLAUDE, '--to', 'gemeni']).stderr, /--to must be opencode, omp, claude, codex or gemini; did you mean 'gemini'\?/);
    assert.match(cli(['rules', 'set-profil', 'strict']).stderr, /unknown subcommand 'set-profil'; did you mean 'set-profile'\?/);
    assert.match(cli(['lsp', '--stdi']).stderr, /unknown option '--stdi'; did you mean '--stdio'\?/);
  });
});
