import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { CATALOG } from '../../../shared/programs';

const ROOT = path.join(__dirname, '..', '..', '..');
/** Where the engine and its hosts live; the knowledge base itself is `shared/programs/`. */
const SCANNED = ['shared', 'server', 'cli', 'client'];
const KNOWLEDGE_BASE = 'shared/programs/';
/** Distinct knowledge-base programs one literal may name before it counts as a table of programs. */
const MAX_NAMES = 3;

/**
 * Literals that name several programs and are not a second knowledge base, each with why: they
 * mirror one agent's own list (what it strips, parses or flags, as its source has it), so they must
 * stay as that agent has them, or they are sample commands, not what programs can do.
 */
const REVIEWED: Readonly<Record<string, string>> = {
  'shared/dialects/amp/builtins.ts BUILTIN_ENTRIES': "Amp's own built-in permission rules, kept as cited data in the agent's order",
  'shared/dialects/claude/program-checks.ts AWKS': 'the awk variants whose programs Claude Code checks (2.1.332), as the agent lists them',
  'shared/dialects/claude/program-checks.ts STARTERS': 'the programs that start another program which Claude Code asks for (2.1.332), as the agent lists them',
  'shared/dialects/copilot/scan.ts LAUNCHERS': 'words a workflow or script puts before `copilot`: where to find its command line, not what runs code',
  'shared/dialects/cursor/evaluate.ts SHELLS': "the shells whose -c script is judged for Cursor CLI (RuleLens's stricter reading; Cursor documents none)",
  'shared/dialects/cursor/match.ts WRAPPERS': "wrappers looked through for Cursor CLI, so the command after them is judged too (RuleLens's stricter reading)",
  'shared/dialects/bounds-paths/shell.ts READING_COMMANDS': "Bounds' own list of commands whose path arguments it checks against read denies",
  'shared/dialects/claude/plan-mode.ts INTERPRETERS': "Claude Code's plan-mode heuristic over rule text, as the agent has it",
  'shared/dialects/claude/plan-mode.ts RUNNERS': "Claude Code's plan-mode heuristic over rule text, as the agent has it",
  'shared/dialects/claude/plan-mode.ts WRAPPING': "Claude Code's plan-mode heuristic over rule text, as the agent has it",
  'shared/dialects/claude/sub-commands.ts SHELLS': 'the shells whose -c script Claude Code parses',
  'shared/dialects/claude/wrappers.ts WRAPPERS': 'the wrappers Claude Code strips before matching, with their options',
  'shared/dialects/claude/wrappers.ts LOOSE_WRAPPERS': 'prefixes Claude Code looks past when it matches a deny or ask',
  'shared/dialects/omp/compound.ts STATEFUL': "oh-my-pi's builtins that keep a compound command from being literal",
  'shared/dialects/omp/compound.ts INTERPRETERS': "oh-my-pi's programs that run another command",
  'shared/dialects/omp/critical.ts WRAPPERS': "oh-my-pi's wrappers skipped before its critical-command check",
  'shared/dialects/omp/critical.ts SHELLS': "oh-my-pi's shells whose -c text its critical check re-scans",
  'shared/dialects/omp/critical-prompt.ts CRITICAL_SAMPLES': "sample commands, one per oh-my-pi critical class",
  'shared/dialects/omp/lint.ts ALLOW_WITNESSES': 'sample commands a catch-all allow is tried on',
  'shared/diff/realistic.ts REALISTIC_ARGUMENTS': 'common arguments per program, so a diff witness reads like a real command',
  'shared/history/codex-session.ts SHELLS': 'the shells whose -lc script Codex runs',
};

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (e.name.endsWith('.ts')) yield p;
  }
}

/** The name of the declaration a literal belongs to (`const X = new Set([...])`), if any. */
function ownerName(n: ts.Node): string | undefined {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
    if (ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isFunctionDeclaration(p)) return p.name && ts.isIdentifier(p.name) ? p.name.text : undefined;
  }
  return undefined;
}

/** The strings a literal lists: an array's string elements, an object's keys; each by its first word. */
function listed(n: ts.Node): string[] | undefined {
  if (ts.isArrayLiteralExpression(n)) return n.elements.filter(ts.isStringLiteralLike).map((e) => e.text);
  if (ts.isObjectLiteralExpression(n)) return n.properties.flatMap((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) ? [p.name.text] : []));
  return undefined;
}

/** Every literal outside the knowledge base that names more than MAX_NAMES of its programs. */
function programTables(folders: readonly string[] = SCANNED, skip = KNOWLEDGE_BASE): Map<string, string[]> {
  const names = new Set(CATALOG.flatMap((e) => e.names));
  const out = new Map<string, string[]>();
  for (const top of folders) {
    for (const file of sources(path.join(ROOT, top))) {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      if (skip && rel.startsWith(skip)) continue;
      const text = fs.readFileSync(file, 'utf8');
      // Only a file that quotes enough of the names can hold such a literal: the others need no parse.
      if ([...names].filter((n) => text.includes(`'${n}`) || text.includes(`"${n}`)).length <= MAX_NAMES) continue;
      const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (n: ts.Node) => {
        const strings = listed(n);
        const hit = [...new Set((strings ?? []).map((s) => s.split(' ')[0]).filter((s) => names.has(s)))];
        if (hit.length > MAX_NAMES) {
          const key = `${rel} ${ownerName(n) ?? `line ${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}`}`;
          out.set(key, [...(out.get(key) ?? []), ...hit]);
        }
        ts.forEachChild(n, visit);
      };
      visit(src);
    }
  }
  return out;
}

/**
 * One knowledge base of programs: what a program can do lives in `shared/programs/` and nowhere
 * else. A list of its programs elsewhere is either a mirror of one agent's own list (reviewed
 * above, with why) or a second table that should be a view of the knowledge base.
 */
describe('one knowledge base of programs', function () {
  // Parsing every source file once takes a while on a busy machine; nothing here measures speed.
  this.timeout(60_000);
  let found: Map<string, string[]>;
  before(() => {
    found = programTables();
  });
  it('no other literal lists its programs, except the reviewed mirrors of an agent', () => {
    const unreviewed = [...found.entries()].filter(([k]) => !REVIEWED[k]).map(([k, v]) => `${k}: ${v.slice(0, 8).join(', ')}`);
    assert.deepEqual(unreviewed, [], 'a second table of programs: read it from shared/programs/ (or, if it mirrors an agent, review it into REVIEWED with why)');
  });
  it('every reviewed entry still exists (the list stays short and true)', () => {
    assert.deepEqual(Object.keys(REVIEWED).filter((k) => !found.has(k)), []);
  });
  it('the scan sees a table: the knowledge base itself would be one', () => {
    const own = [...programTables([KNOWLEDGE_BASE], '').keys()].filter((k) => k.startsWith(KNOWLEDGE_BASE));
    assert.ok(own.some((k) => k.startsWith('shared/programs/spellings.ts SYSTEM_PROGRAMS')), own.join('\n'));
  });
});
