// RuleLens against Qwen Code's own PermissionManager (@qwen-code/qwen-code, in a helper process):
// generated settings spread over a user and a workspace layer, and tool calls of every kind (shell
// commands, file tools with absolute and relative paths, web fetches, MCP tools, skills and agents).
// Compared: the decision the rules and the tool's own default make together, as Qwen's
// `evaluatePermissionRules` does (`relevant && l4 !== 'default' ? l4 : l3`), in the default
// approval mode. For tools other than the shell the default is the tool's own (`getDefaultPermission`);
// the oracle reports only whether a rule decided, and RuleLens must then name the same decision.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { initDialects } from '../../shared/dialects';
import { evaluateQwen, parseQwenPolicy } from '../../shared/dialects/qwen';
import { diffRuns, diffSeed, installOracle } from './oracle-cache';
import { LineOracle } from './line-oracle';
import { call, layers, type Ctx, type Layer } from './qwen/generate';

const VERSION = '0.24.4';
const HOME = '/home/rulelens-diff';
const CALLS_PER_POLICY = 20;

type Answer = { results?: Array<{ relevant: boolean; l4: string; l3: string | null }>; crash?: string };

describe('differential: qwen PermissionManager', function () {
  let oracle: LineOracle;
  let root: string;
  before(async function () {
    const dir = installOracle('@qwen-code/qwen-code', VERSION);
    root = realpathSync(mkdtempSync(join(tmpdir(), 'rulelens-qwen-ws-')));
    mkdirSync(join(root, 'src'));
    oracle = new LineOracle(process.execPath, [join(__dirname, 'qwen', 'oracle.mjs'), join(dir, 'node_modules', '@qwen-code', 'qwen-code'), root], { ...process.env, HOME });
    await initDialects();
  });
  after(() => {
    oracle?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it(`decides every generated call under user + workspace settings as Qwen Code ${VERSION} does`, async function () {
    let cases = 0;
    let declined = 0;
    const seen: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(layers, fc.array(call, { minLength: 1, maxLength: CALLS_PER_POLICY }), async ([user, ws], raw) => {
        const calls = raw.map((c) => fill(c, root));
        const merged = (k: keyof Layer) => [...new Set([...user[k], ...ws[k]].map((s) => s.trim()).filter(Boolean))];
        const got = await oracle.ask<Answer>({ allow: merged('allow'), ask: merged('ask'), deny: merged('deny'), calls });
        assert.equal(got.crash, undefined, `oracle crashed: ${got.crash}`);
        const userFile = { path: `${HOME}/.qwen/settings.json`, text: JSON.stringify({ permissions: user }) };
        const rs = parseQwenPolicy({ path: `${root}/.qwen/settings.json`, text: JSON.stringify({ permissions: ws }) }, [], { home: HOME, userSettings: userFile });
        calls.forEach((c, i) => {
          cases++;
          const o = got.results![i];
          const v = evaluateQwen(rs, request(c), { home: HOME, root });
          const ruled = o.relevant && o.l4 !== 'default';
          const shell = c.toolName === 'run_shell_command';
          const want = shell ? (ruled ? o.l4 : o.l3!) : ruled ? o.l4 : 'default';
          const gotRL = shell ? v.decision : v.trace.sections[0]?.controlling !== null ? v.decision : 'default';
          seen[want] = (seen[want] ?? 0) + 1;
          // A call RuleLens declines to decide (Qwen's shell analysis of file operations is not
          // modelled for it) must still never be allowed; it is counted, not compared.
          if (v.trace.notes.some((n) => n.startsWith('at most ask:'))) {
            declined++;
            assert.notEqual(v.decision, 'allow');
            return;
          }
          assert.equal(gotRL, want, `user: ${JSON.stringify(user)}\nworkspace: ${JSON.stringify(ws)}\ncall: ${JSON.stringify(c)}\nRuleLens: ${v.decision} (${v.trace.branch}; ${v.trace.notes.join(' | ')})\nQwen: ${JSON.stringify(o)}`);
        });
      }),
      { numRuns: diffRuns(), seed: diffSeed(), endOnFailure: true },
    );
    console.log(`      qwen: ${cases - declined} calls compared, ${declined} declined as at most ask (Qwen decided ${JSON.stringify(seen)})`);
  });
});

function fill(c: Ctx, root: string): Ctx {
  return c.filePath ? { ...c, filePath: c.filePath.replace('<root>', root).replace('<home>', HOME) } : c;
}

function request(c: Ctx) {
  return { tool: c.toolName, command: c.command, path: c.filePath, url: c.domain ? `https://${c.domain}/` : undefined, params: c.toolParams, mode: 'default' as const };
}
