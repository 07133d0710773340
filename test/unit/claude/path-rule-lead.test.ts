import * as assert from 'assert';
import fc from 'fast-check';
import { posix } from 'path';
import { compileGlob } from '../../../shared/patterns/glob';
import { anchorFolder, compilePathRule, folderKey, folderKeys, leadingFolders, pathRuleMatches } from '../../../shared/dialects/claude/path-rules';

const word = fc.array(fc.constantFrom('a', 'b', '.', '-', '*', '?', '[a]', '{a,b}', '**', '!(a)', '@(b)', '+(a)', '\\*', ' ', '~', 'A'), { minLength: 1, maxLength: 3 }).map((xs) => xs.join(''));
const glob = fc.array(word, { minLength: 1, maxLength: 4 }).map((xs) => `/anchor/${xs.join('/')}`);
const name = fc.constantFrom('a', 'b', 'ab', '.a', 'a.b', '-', 'a b', '~', 'ba', 'aa', '.', '..', '*');
const path = fc.array(name, { minLength: 1, maxLength: 5 }).map((xs) => `/anchor/${xs.join('/')}`);

describe('claude: a path rule is tested only against paths under its leading folders', () => {
  it('whatever a glob matches — a path or a folder above it — starts with its leading folders', () => {
    fc.assert(
      fc.property(glob, path, (g, p) => {
        const lead = leadingFolders(g);
        if (lead === undefined) return;
        const m = compileGlob(g, { dot: true });
        for (let q = p; q !== '/anchor' && q !== '/'; q = posix.dirname(q)) {
          if (m.test(q) !== false) assert.ok(q.startsWith(lead), `${g} matches ${q} (${String(m.test(q))}) outside ${lead}`);
        }
        if (m.testSelfOrAncestor(p) !== false) assert.ok(p.startsWith(lead), `${g} matches ${p} or a folder above it, outside ${lead}`);
      }),
      { numRuns: 3000, seed: 35 },
    );
  });

  it('where the glob goes on with a `/` after its leading folders, what it matches lies in them or is the last', () => {
    fc.assert(
      fc.property(glob, path, (g, p) => {
        const lead = leadingFolders(g);
        if (lead === undefined || g[lead.length] !== '/') return;
        const m = compileGlob(g, { dot: true });
        const inLead = (q: string) => q === lead || q.startsWith(`${lead}/`);
        for (let q = p; q !== '/anchor' && q !== '/'; q = posix.dirname(q)) {
          if (m.test(q) !== false) assert.ok(inLead(q), `${g} matches ${q} (${String(m.test(q))}) outside ${lead}/`);
        }
        if (m.testSelfOrAncestor(p) !== false) assert.ok(inLead(p), `${g} matches ${p} or a folder above it, outside ${lead}/`);
      }),
      { numRuns: 3000, seed: 36 },
    );
  });

  it('a rule that does not answer no for a path has its folder key among the path’s', () => {
    const spec = fc.array(fc.constantFrom('a', 'b', 'A', 'ab', '*', '**', '?', '.a', '{a,b}', 'a*'), { minLength: 1, maxLength: 4 }).map((xs) => xs.join('/'));
    const anchor = fc.constantFrom('', './', '/', '//p/', '~/');
    const rel = fc.array(fc.constantFrom('a', 'b', 'ab', 'A', '.a', 'ba', 'aa'), { minLength: 1, maxLength: 5 }).map((xs) => xs.join('/'));
    const dirs = { cwd: '/p', home: '/h', source: '/p' };
    fc.assert(
      fc.property(fc.constantFrom<'read' | 'edit'>('read', 'edit'), anchor, spec, fc.constantFrom('/p/', '/h/', '/'), rel, (family, a, sp, root, r) => {
        const m = compilePathRule(family, `${a}${sp}`);
        const key = folderKey(m);
        const abs = `${root}${r}`;
        if (key === undefined || pathRuleMatches(m, abs, dirs) === false) return;
        const base = anchorFolder(m.anchor, dirs)!;
        assert.ok(folderKeys(base, abs).includes(key), `${a}${sp} (key ${key}) answers ${String(pathRuleMatches(m, abs, dirs))} for ${abs}, keys ${folderKeys(base, abs).join(' ')}`);
      }),
      { numRuns: 3000, seed: 37 },
    );
    assert.strictEqual(folderKey(compilePathRule('read', './src/m12/**')), 'src/m12');
    assert.strictEqual(folderKey(compilePathRule('read', './src/m12*/a')), 'src');
    assert.strictEqual(folderKey(compilePathRule('read', './SRC/a.ts')), 'src');
    assert.strictEqual(folderKey(compilePathRule('read', '.env')), undefined);
    assert.deepStrictEqual(folderKeys('/p', '/p/SRC/m1/a.ts'), ['src', 'src/m1', 'src/m1/a.ts']);
    assert.deepStrictEqual(folderKeys('/p', '/q/a.ts'), []);
  });

  it('leading folders are whole plain folders, never a `.` or `..`', () => {
    assert.strictEqual(leadingFolders('/anchor/src/m1/**'), '/anchor/src/m1');
    assert.strictEqual(leadingFolders('/anchor/src/m1*/a'), '/anchor/src');
    assert.strictEqual(leadingFolders('/anchor/docs/s4/*.md'), '/anchor/docs/s4');
    assert.strictEqual(leadingFolders('/anchor/src/a.ts'), '/anchor/src/a.ts');
    assert.strictEqual(leadingFolders('/anchor/**/.env'), undefined);
    assert.strictEqual(leadingFolders('/anchor/a/../b/*'), undefined);
    assert.strictEqual(leadingFolders('/anchor/{a,b}/c'), undefined);
  });

  it('rules of other folders answer no, as the matcher does; a rule of the path’s own folders still matches', () => {
    const dirs = { cwd: '/p', home: '/h', source: '/p' };
    assert.strictEqual(pathRuleMatches(compilePathRule('read', './src/m12/**'), '/p/src/m12/a/b.ts', dirs), true);
    assert.strictEqual(pathRuleMatches(compilePathRule('read', './src/m12/**'), '/p/src/m123/a/b.ts', dirs), false);
    assert.strictEqual(pathRuleMatches(compilePathRule('read', './SRC/M12'), '/p/src/m12/a/b.ts', dirs), true);
    assert.strictEqual(pathRuleMatches(compilePathRule('edit', 'docs/s4/*.md'), '/p/docs/s5/page.md', dirs), false);
    assert.strictEqual(pathRuleMatches(compilePathRule('edit', 'docs/s4/*.md'), '/p/docs/s4/page.md', dirs), true);
  });
});
