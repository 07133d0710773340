import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import fc from 'fast-check';
import { boundsPaths, type BoundsPathsRequest, type PathsRuleSet } from '../../../shared/dialects/bounds-paths';
import { nodePathFs } from '../../../shared/host/node-fs';
import { Deadline } from '../../../shared/analysis/budget';
import { propertyRuns } from '../../helpers/runs';
import { checkSearch, commandsOver, SEARCH_MS } from '../../helpers/witness-check';

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-scope-'));
const FILE = path.join(ROOT, '.attesso', 'paths.json');
const CTX = { fs: nodePathFs };
const TOOLS = { 'file.read': { path_arg: 'path', access: 'read' }, 'file.write': { path_arg: 'path', access: 'write' }, 'shell.exec': { shell: true, command_arg: 'command' } };

function scope(allow: Record<string, string[]>, deny: Record<string, string[]>): PathsRuleSet {
  return boundsPaths.parse({ path: FILE, text: JSON.stringify({ version: 1, root: '.', tools: TOOLS, allow, deny }) });
}

describe('bounds-paths: change impact finds what a change newly decides', () => {
  it('a dropped deny glob and a widened write scope, each with the globs that decided', () => {
    const base = scope({ read: ['**'], write: ['src/**'] }, { read: ['.env', 'secrets/**'] });
    const current = scope({ read: ['**'], write: ['src/**', '**'] }, { read: ['secrets/**'] });
    const r = boundsPaths.witnesses!.flips(base, current, [], { ctx: CTX, deadline: new Deadline(SEARCH_MS) });
    const lines = r.flips.map((f) => `${f.request}: ${f.before} → ${f.after}`);
    assert.ok(lines.includes('file.read .env: deny → allow'), lines.join('\n'));
    assert.ok(lines.includes('shell.exec cat .env: deny → allow'), lines.join('\n'));
    assert.ok(r.flips.some((f) => f.request.startsWith('file.write ') && f.after === 'allow' && f.afterRule?.label === 'allow write **'), lines.join('\n'));
    assert.deepStrictEqual(r.unsearched, []);
  });

  it('every flip is real and no class of paths over a small alphabet is missed', () => {
    const paths = commandsOver(['a', 'src', '.env'], 3).map((w) => w.join('/'));
    const universe = ['file.read', 'file.write'].flatMap((tool) => paths.map((p): BoundsPathsRequest => ({ tool, args: { path: p } })));
    const glob = fc.constantFrom('**', 'src/**', '.env', '*.env', 'a/*', 'a', '**/.env', 'src/*/a');
    const side = fc.record({ read: fc.array(glob, { maxLength: 2 }), write: fc.array(glob, { maxLength: 2 }) });
    fc.assert(
      fc.property(side, side, side, side, (aa, ad, ba, bd) => {
        const r = checkSearch(boundsPaths, scope(aa, ad), scope(ba, bd), { exact: universe }, (q: BoundsPathsRequest) => q.tool, CTX);
        assert.ok(r.unreal.length + r.missed.length + r.unsearched.length === 0, JSON.stringify({ ...r, flips: r.flips.map((f) => `${f.request}: ${f.before} → ${f.after}`) }, null, 1));
      }),
      { numRuns: propertyRuns(40), seed: 3607 },
    );
  });
});
