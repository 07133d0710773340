import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { ROOT } from '../../helpers/examples';

/**
 * No regular expression is built from user text: a rule's pattern, a request's field, a file name
 * or a setting that reaches a backtracking engine can stall the editor for everyone. The shipped
 * sources are read as TypeScript syntax trees, and every `RegExp(…)` / `new RegExp(…)` whose
 * pattern is not a literal must be on the list below, with the reason it is safe.
 */

/** The sources that ship (the extension, the server, the CLI and the engine they share). */
const SHIPPED = ['shared', 'server', 'cli', 'client', 'bin'];

/**
 * Each reviewed place, by file and the text of the call's first argument, with why it is safe.
 * Keep it short: a new entry needs a reason a reviewer would accept.
 */
const ALLOWED: ReadonlyArray<{ file: string; argument: string; reason: string }> = [
  {
    file: 'shared/dialects/gemini/regex-safety.ts',
    argument: 'pattern',
    reason: "Gemini's own acceptance test: a rule whose pattern the JavaScript engine rejects is dropped, so RuleLens asks the same engine. The expression is only compiled (parsing is linear), never run; matching goes through the linear matcher (shared/patterns/regex).",
  },
  {
    file: 'shared/dialects/amp/regex-check.ts',
    argument: 'body',
    reason: "Amp's own validity test: an amp.permissions regex the JavaScript engine rejects throws and aborts the user list, so RuleLens asks the same engine. The expression is only compiled (parsing is linear), never run; matching goes through the linear matcher (shared/patterns/regex).",
  },
];

/** Glob libraries whose matchers are backtracking expressions built from the glob. */
const GLOB_MATCHERS = ['picomatch', 'minimatch', 'micromatch', 'anymatch', 'globrex', 'glob-to-regexp'];

/** picomatch's reader (it writes an expression's source and builds no RegExp), used by the linear glob matcher. */
const READER_ALLOWED = { file: 'shared/patterns/glob.ts', module: 'picomatch/lib/parse' };

function sourceFiles(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(?:ts|js|mjs|cjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel.split(path.sep).join('/')] : [];
  });
}

const isLiteral = (n: ts.Node) => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isRegularExpressionLiteral(n);

/** `RegExp`, `globalThis.RegExp`, `window.RegExp`: the constructor, however it is reached. */
function isRegExpCallee(e: ts.Expression): boolean {
  if (ts.isIdentifier(e)) return e.text === 'RegExp';
  if (ts.isPropertyAccessExpression(e)) return e.name.text === 'RegExp';
  if (ts.isParenthesizedExpression(e)) return isRegExpCallee(e.expression);
  return false;
}

interface Construction {
  file: string;
  line: number;
  argument: string;
}

const trees = new Map<string, ts.SourceFile>();
/** A file's syntax tree, read once for every check. */
function treeOf(file: string): ts.SourceFile {
  let sf = trees.get(file);
  if (!sf) trees.set(file, (sf = ts.createSourceFile(file, fs.readFileSync(path.isAbsolute(file) ? file : path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true)));
  return sf;
}

/** Every `RegExp(x)` / `new RegExp(x)` of a file whose `x` is not a literal (or is missing: `RegExp()` is harmless). */
function constructions(file: string): Construction[] {
  const sf = treeOf(file);
  const out: Construction[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && isRegExpCallee(n.expression)) {
      const arg = n.arguments?.[0];
      if (arg && !isLiteral(arg)) out.push({ file, line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1, argument: arg.getText(sf) });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Every module a file imports or requires by a literal name. */
function importsOf(file: string): string[] {
  const sf = treeOf(file);
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) out.push(n.moduleSpecifier.text);
    if (ts.isCallExpression(n) && ((ts.isIdentifier(n.expression) && n.expression.text === 'require') || n.expression.kind === ts.SyntaxKind.ImportKeyword) && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) out.push(n.arguments[0].text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('ci: no regular expression is built from user text', () => {
  const files = SHIPPED.flatMap(sourceFiles);
  let found: Construction[];
  before(() => {
    found = files.flatMap(constructions);
  });

  it('the shipped sources are found (the scan reads something)', () => {
    assert.ok(files.length > 100, `only ${files.length} source files under ${SHIPPED.join(', ')}`);
    assert.ok(files.includes('shared/patterns/wildcard.ts'));
  });

  it('every RegExp built from a non-literal is on the reviewed list', () => {
    const unreviewed = found.filter((c) => !ALLOWED.some((a) => a.file === c.file && a.argument === c.argument));
    assert.deepStrictEqual(
      unreviewed.map((c) => `${c.file}:${c.line}: RegExp(${c.argument})`),
      [],
      'a RegExp built from text that may come from a user: match with shared/patterns (wildcard, glob, regex) instead, or add a reviewed entry with its reason',
    );
  });

  it('every entry of the list is still needed and has a reason', () => {
    for (const a of ALLOWED) {
      assert.ok(a.reason.length > 40, `${a.file}: give a reason`);
      assert.ok(found.some((c) => c.file === a.file && c.argument === a.argument), `${a.file}: RegExp(${a.argument}) is gone; drop its entry`);
    }
  });

  it('the scan catches each way of building one (new, call, through globalThis, from a template)', () => {
    const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-scan-')), 'probe.ts');
    fs.writeFileSync(probe, "const p = 'a';\nnew RegExp(p);\nRegExp(p + 'b');\nnew globalThis.RegExp(`^${p}$`);\nnew RegExp('^a$');\nnew RegExp(/a/.source);\nRegExp(`plain`);\n");
    try {
      assert.deepStrictEqual(constructions(probe).map((c) => c.line), [2, 3, 4, 6]);
    } finally {
      fs.rmSync(path.dirname(probe), { recursive: true, force: true });
    }
  });

  it('no shipped module imports a glob matcher that builds RegExps (picomatch is read, not run)', () => {
    const bad: string[] = [];
    for (const f of files) {
      for (const m of importsOf(f)) {
        const lib = GLOB_MATCHERS.find((g) => m === g || m.startsWith(`${g}/`));
        if (!lib) continue;
        if (f === READER_ALLOWED.file && m === READER_ALLOWED.module) continue;
        bad.push(`${f}: ${m}`);
      }
    }
    assert.deepStrictEqual(bad, [], 'match globs with shared/patterns/glob.ts (linear), not with a RegExp-building matcher');
  });
});
