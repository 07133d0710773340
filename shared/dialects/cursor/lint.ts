import { finding, type Finding } from '../../model';
import { globMatches } from './match';
import type { CursorRule, CursorRuleSet } from './types';
import { readEntry } from './rule-grammar';

/** Programs that run any code they are handed: an allow of the program is an allow of anything. */
export const RUNS_ANYTHING: readonly string[] = ['*', 'bash', 'sh', 'zsh', 'dash', 'fish', 'ksh', 'python', 'python3', 'node', 'npx', 'bunx', 'deno', 'bun', 'ruby', 'perl', 'php', 'eval', 'env', 'sudo', 'xargs', 'pnpm', 'yarn', 'npm', 'uv', 'uvx', 'pipx', 'docker', 'make', 'ssh'];

/** How each kind of program is handed code, for the finding's example. */
const RUN_FORM: Readonly<Record<string, string>> = { node: "node -e 'require(\"fs\").rmSync(\"src\",{recursive:true})'", python: "python -c 'import shutil; shutil.rmtree(\"src\")'", python3: "python3 -c 'import shutil; shutil.rmtree(\"src\")'", npx: 'npx rimraf src', env: 'env rm -rf src', sudo: 'sudo rm -rf /', xargs: 'xargs rm -rf', '*': 'rm -rf src' };

/** @example runExample('bash') // "bash -c 'rm -rf src'" */
export function runExample(prog: string): string {
  return RUN_FORM[prog] ?? (['bash', 'sh', 'zsh', 'dash', 'fish', 'ksh', 'eval'].includes(prog) ? `${prog} ${prog === 'eval' ? '' : '-c '}'rm -rf src'` : `${prog} …`);
}

/**
 * Whether an allow rule's commandBase glob covers a program that runs arbitrary code.
 * @example runsAnything({ commandBase: 'python*' }) // 'python'
 */
export function runsAnything(rule: Pick<CursorRule, 'commandBase' | 'args'>): string | undefined {
  if (rule.commandBase === undefined) return undefined;
  if (rule.args !== undefined && rule.args !== '*' && rule.args !== '**') return undefined;
  return RUNS_ANYTHING.find((p) => globMatches(rule.commandBase!, p));
}

/** A deny that covers everything an allow covers, for rules of the same type: the allow decides nothing. */
function coveredBy(allow: CursorRule, deny: CursorRule): boolean {
  if (allow.type !== deny.type) return false;
  if (deny.argument === allow.argument) return true;
  if (allow.type === 'Shell') return deny.args === undefined && allow.commandBase !== undefined && deny.commandBase !== undefined && (deny.commandBase === '*' || deny.commandBase === allow.commandBase);
  if (allow.type === 'Read' || allow.type === 'Write') return deny.argument === '**' || deny.argument === '**/*';
  if (allow.type === 'Mcp') return deny.server === '*' || (deny.server === allow.server && deny.tool === '*');
  return false;
}

/**
 * Cursor CLI lints: entries that never match (unknown or mis-cased types, Claude's `git *`
 * spelling), allows a deny makes dead, allows of programs that run anything, broad writes, and the
 * trust caveat of a project file's allows.
 * @example lintCursor(parseCursor({ path: '.cursor/cli.json', text: '{"permissions":{"allow":["Bash(ls)"]}}' }))[0].code // 'never-matches'
 */
export function lintCursor(rs: CursorRuleSet): Finding[] {
  const out: Finding[] = [];
  const own = rs.rules.filter((r) => r.file === undefined);
  let trustNoted = false;
  for (const r of own) {
    const shape = readEntry(r.text);
    if (r.never && shape.never) out.push(finding('never-matches', 'warning', r.never, r.range));
    if (shape.unconfirmed) out.push(finding('cursor-unconfirmed-syntax', 'information', `${shape.unconfirmed}: confirm against your Cursor CLI version`, r.range));
    if (r.never) continue;
    if (r.type === 'Shell' && r.commandBase !== undefined && r.args === undefined && /\s/.test(r.commandBase)) {
      out.push(finding('never-matches', 'warning', `Shell(${r.argument}) compares "${r.commandBase}" with the command's first token, which never holds a space; write Shell(${r.commandBase.split(/\s+/)[0]}) or Shell(${r.commandBase.split(/\s+/)[0]}:${r.commandBase.split(/\s+/).slice(1).join(' ')})`, r.range));
      continue;
    }
    if (r.native === 'allow') {
      const deny = rs.rules.find((d) => d.native === 'deny' && !d.never && coveredBy(r, d));
      if (deny) out.push(finding('dead-rule', 'information', `this allow decides nothing: the deny ${deny.text} covers everything it matches, and deny rules take precedence`, r.range, { unnecessary: true, related: [{ range: deny.range, message: `the deny ${deny.text}`, ...(deny.file ? { path: deny.file } : {}) }] }));
      const prog = r.type === 'Shell' ? runsAnything(r) : undefined;
      if (prog) out.push(finding('allow-runs-anything', 'warning', `Shell(${r.argument}) allows ${prog === '*' ? 'every program' : prog} with any arguments, which runs any code: ${runExample(prog)}`, r.range, { witness: runExample(prog) }));
      if (r.type === 'Write' && ['**', '/**', '**/*', '*'].includes(r.argument.trim())) out.push(finding('allow-runs-anything', 'warning', `Write(${r.argument}) lets the agent write ${r.argument.startsWith('/') ? 'any file on the machine' : 'every file of the workspace'} without asking, .git/hooks and build scripts included`, r.range));
      if (rs.layer === 'project' && !trustNoted && (trustNoted = true)) out.push(finding('cursor-project-allow', 'information', 'allows in the project file: whoever commits .cursor/cli.json grants them, and Cursor documents no trust prompt for these rules', r.range));
    }
  }
  return out;
}
