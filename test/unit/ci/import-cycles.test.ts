import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..', '..');
/** The folders whose modules must form no circle (tests may import anything). */
const LAYERED = ['shared', 'server', 'cli', 'client'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The project module a relative specifier names, as the bundler resolves it; undefined for a package. */
function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, path.join(base, 'index.ts')].find((p) => p.endsWith('.ts') && fs.existsSync(p));
}

/** Every import of each module: static, type-only, `export … from`, `import()` and `require()`. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true);
    graph.set(f, [...new Set(importedFiles.map((i) => resolve(f, i.fileName)).filter((p): p is string => p !== undefined))]);
  }
  return graph;
}

/** The strongly connected components with more than one module, or a module importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        on.delete(w);
        scc.push(w);
        if (w === v) break;
      }
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.map((p) => path.relative(ROOT, p)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('ci: no import circles', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts', '/d.ts']],
      ['/d.ts', []],
      ['/e.ts', ['/e.ts']],
    ]);
    assert.deepStrictEqual(circles(graph).map((c) => c.length).sort(), [1, 3]);
  });

  it('shared, server, cli and client import one another without a circle, type imports included', () => {
    const files = LAYERED.flatMap((d) => sourceFiles(path.join(ROOT, d)));
    assert.ok(files.length > 100, `${files.length} modules`);
    assert.deepStrictEqual(circles(importGraph(files)), []);
  });
});
