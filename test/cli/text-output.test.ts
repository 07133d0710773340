import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, ROOT, SHARED_EXAMPLES } from './helpers';
import { TEXT_WIDTH } from '../../cli/format/wrap';

/** The words of a text, whatever its line breaks and indentation. */
const words = (s: string) => s.split(/\s+/).filter(Boolean);

describe('cli: text output of check', () => {
  it('a long finding is printed whole, wrapped at a word: the JSON message word for word, no "…", no line past the width', () => {
    const omp = path.join(SHARED_EXAMPLES, 'omp');
    const text = cli(['check', omp]).stdout;
    const json = JSON.parse(cli(['check', omp, '--format', 'json']).stdout);
    const messages: string[] = json.files[0].diagnostics.map((d: { message: string }) => d.message);
    const long = messages.find((m) => m.length > 160);
    assert.ok(long, 'the example has a finding longer than an editor headline');
    assert.ok(!long.includes('…'), 'JSON carries the whole message');
    const flat = words(text).join(' ');
    for (const m of messages) assert.ok(flat.includes(words(m).join(' ')), `whole in the text: ${m}`);
    assert.ok(!/…/.test(text), text);
    for (const line of text.split('\n')) {
      if (line.length <= TEXT_WIDTH) continue;
      assert.ok(!line.trim().includes(' '), `only a single word longer than the width may pass it: ${line}`);
    }
  });

  it('bounds-paths: one line per request when its views agree, each view labelled when they do not', () => {
    const text = cli(['check', path.join(ROOT, 'examples', 'bounds-paths')]).stdout;
    const block = (name: string) => {
      const lines = text.split('\n');
      const at = lines.findIndex((l) => l.includes(`✓ ${name}:`));
      const end = lines.findIndex((l, i) => i > at && /^ {2}[✓✗!·] /.test(l));
      return lines.slice(at, end < 0 ? undefined : end);
    };
    assert.deepEqual(block('read source'), ['  ✓ read source: ALLOW — rule 1: allow read **']);
    assert.deepEqual(block('write docs'), ['  ✓ write docs: ALLOW — rule 3: allow write docs/**']);
    assert.deepEqual(block('traversal into secrets'), [
      '  ✓ traversal into secrets: DENY PATH_SCOPE_DENIED — rule 6: deny read secrets/**',
      '      raw view: docs/../secrets/key.pem → deny (matches no allow glob for read)',
      '      normalized view, resolved view: docs/../secrets/key.pem → deny (rule 6: deny read secrets/**)',
    ]);
    assert.doesNotMatch(text, /(\n {6}(?!raw|normalized|resolved)[^\n]+)\1/, 'no line repeats the one before it');
  });

  it('gemini: the whole compound line that a sub-command denies cites the deny rule, not the allow it matched first', () => {
    const text = cli(['check', path.join(ROOT, 'examples', 'gemini')]).stdout;
    const flat = text.replace(/\n {6}(?=\()/g, ' ');
    assert.match(flat, /✓ a denied sub-command denies the whole line: deny — rule 4: run_shell_command "rm" → deny \(priority 200\)\n {6}git status && rm -rf build → deny \(rule 4: run_shell_command "rm" → deny \(priority 200\)\)\n/);
    assert.doesNotMatch(text, /git status && rm -rf build → deny \(rule 1/);
  });

  it('rule numbers: JSON keeps index and adds number, the "rule N" every line shows; trace rows too', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-number-'));
    fs.writeFileSync(path.join(dir, 'opencode.json'), JSON.stringify({ permissions: [{ action: 'edit', resource: '*', effect: 'ask' }, { action: 'edit', resource: 'secrets/*', effect: 'deny' }] }));
    fs.writeFileSync(path.join(dir, 'opencode.requests.json'), JSON.stringify({ requests: [{ name: 's', action: 'edit', resources: ['secrets/a'], expect: 'deny' }] }));
    const req = JSON.parse(cli(['check', dir, '--format', 'json', '--trace', '--no-builtins']).stdout).files[0].requests[0];
    assert.deepEqual(req.rule, { index: 1, number: 2, id: null, label: 'edit secrets/* deny', file: path.join(dir, 'opencode.json'), line: 1, layer: 'opencode.json' });
    assert.deepEqual(req.trace.sections[0].rows.map((r: { rule: number; number: number }) => [r.rule, r.number]), [[0, 1], [1, 2]]);
    assert.match(cli(['check', dir]).stdout, /✓ s: deny — rule 2: edit secrets\/\* deny/);
    const ev = JSON.parse(cli(['eval', path.join(dir, 'opencode.json'), '--request', '{"action":"edit","resources":["secrets/a"]}', '--format', 'json']).stdout);
    assert.deepEqual([ev.rule.index, ev.rule.number], [1, 2]);
  });
});
