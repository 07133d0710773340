import { strict as assert } from 'assert';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Decision } from '../../../shared/model';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';
import { nodePathFs } from '../../../shared/host/node-fs';

/**
 * A read-only command naming files outside the working folders, as Claude Code 2.1.332 decided it
 * (asked offline; 2.1.328 agreed on the rows asked of it): it runs when a Read allow covers each
 * such file, in every mode; an uncovered one asks, a Read deny on one denies. `{{o}}` is a folder
 * beside the project. [permissions, command, decision]
 */
const ROWS: Array<[Record<string, unknown>, string, Decision]> = [
  [{ allow: ['Read(//{{o}}/**)'] }, 'cat {{o}}/a.txt', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'] }, 'head -n 2 {{o}}/a.txt', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'] }, 'cat {{o}}/a.txt b.txt', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'] }, 'wc -l {{o}}/a.txt', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'] }, 'grep hi {{o}}/a.txt', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'] }, 'ls {{o}}', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'] }, 'cat ../outside/a.txt', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'], defaultMode: 'dontAsk' }, 'cat {{o}}/a.txt', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'], defaultMode: 'dontAsk' }, 'cat {{o}}/d/b.txt {{o}}/a.txt', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'], defaultMode: 'acceptEdits' }, 'head -n 2 {{o}}/a.txt', 'allow'],
  [{ allow: ['Read(//{{o}}/d/**)'] }, 'cat {{o}}/a.txt', 'ask'],
  [{ allow: ['Read(//{{o}}/d/**)'] }, 'cat {{o}}/d/b.txt {{o}}/a.txt', 'ask'],
  [{ allow: ['Read(//{{o}}/d/**)'] }, 'ls {{o}}', 'ask'],
  [{ allow: ['Read(//{{o}}/d/**)'] }, 'ls {{o}}/d', 'allow'],
  [{ allow: ['Read(//{{o}}/**)'], deny: ['Read(//{{o}}/a.txt)'] }, 'cat {{o}}/a.txt', 'deny'],
  [{ allow: ['Read(//{{o}}/**)'], deny: ['Read(//{{o}}/a.txt)'] }, 'cat {{o}}/d/b.txt {{o}}/a.txt', 'deny'],
  [{ allow: ['Read(//{{o}}/**)'], deny: ['Read(//{{o}}/a.txt)'] }, 'ls {{o}}', 'allow'],
  [{}, 'cat {{o}}/a.txt', 'ask'],
  [{}, 'ls {{o}}/d', 'ask'],
];

describe('claude: a read-only command on files outside the working folders', () => {
  let base: string;
  before(async () => {
    await initShellParser();
    base = realpathSync(mkdtempSync(join(tmpdir(), 'rulelens-outside-')));
    mkdirSync(join(base, 'project', '.claude'), { recursive: true });
    mkdirSync(join(base, 'outside', 'd'), { recursive: true });
    mkdirSync(join(base, 'home'));
    writeFileSync(join(base, 'outside', 'a.txt'), 'hi\n');
    writeFileSync(join(base, 'outside', 'd', 'b.txt'), 'b\n');
    writeFileSync(join(base, 'project', 'b.txt'), 'b\n');
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  for (const [permissions, command, want] of ROWS) {
    it(`${JSON.stringify(permissions)}: ${command} → ${want}`, () => {
      const fill = (s: string) => s.split('{{o}}').join(join(base, 'outside'));
      const project = join(base, 'project');
      const rs = parseClaude({ path: join(project, '.claude', 'settings.json'), text: fill(JSON.stringify({ permissions })) }, { home: join(base, 'home') });
      const v = evaluateClaude(rs, { tool: 'Bash', command: fill(command) }, { root: project, home: join(base, 'home'), fs: nodePathFs });
      assert.equal(v.decision, want, v.trace.sections.map((s) => `${s.subject}: ${s.decision} — ${s.branch}`).join('\n'));
    });
  }

  it('is not read-only after a cd, nor for a file the command only names as a cp source', () => {
    const project = join(base, 'project');
    const o = join(base, 'outside');
    const rs = parseClaude({ path: join(project, '.claude', 'settings.json'), text: JSON.stringify({ permissions: { allow: [`Read(//${o}/**)`] } }) }, { home: join(base, 'home') });
    const ctx = { root: project, home: join(base, 'home'), fs: nodePathFs };
    assert.notEqual(evaluateClaude(rs, { tool: 'Bash', command: `cd ${o} && cat a.txt` }, ctx).decision, 'allow');
    assert.notEqual(evaluateClaude(rs, { tool: 'Bash', command: `cp ${o}/a.txt ${o}/c.txt` }, ctx).decision, 'allow');
  });
});
