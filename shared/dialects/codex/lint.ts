import { finding, inFile, type EvalContext, type Finding } from '../../model';
import { programNamed, runsAnythingFindings, type RunsAnythingHit } from '../../programs';
import { narrowDenyFinding, runsAnythingHit } from './runs-anything';
import { evaluateCodex } from './evaluate';
import { shlexJoin } from './shlex';
import type { CodexNative, CodexRule, CodexRuleSet } from './types';

/** A concrete command the rule matches: each position's first alternative. */
function instance(rule: CodexRule): string[] {
  return rule.pattern.map((t) => t.alts[0]);
}

/** Whether `a`'s matches are all matches of `b` (b is a shorter-or-equal prefix with wider positions). */
function covers(b: CodexRule, a: CodexRule): boolean {
  if (b.pattern.length > a.pattern.length) return false;
  return b.pattern.every((t, i) => a.pattern[i].alts.every((x) => t.alts.includes(x)));
}

const RANK = { allow: 0, prompt: 1, forbidden: 2 } as const;

/** Flags after which shells and interpreters take their next argument as code. */
const CODE_FLAGS = new Set(['-c', '-lc', '-ic', '-Command', '-command', '-EncodedCommand', '/c', '/C', '-e', '--eval', '-r']);

/**
 * Whether the token at `at` is the code an interpreter runs: it follows a code flag of a program
 * the knowledge base knows as a shell or an interpreter.
 * @example isScriptArgument(rule(['bash', '-lc', 'git status && ls']), 2) // true
 */
function isScriptArgument(r: CodexRule, at: number): boolean {
  if (at < 2 || !r.pattern[at - 1].alts.some((a) => CODE_FLAGS.has(a))) return false;
  const base = r.program.slice(Math.max(r.program.lastIndexOf('/'), r.program.lastIndexOf('\\')) + 1);
  return programNamed(base)?.capabilities.some((c) => c.group === 'shell' || c.group === 'interpreter') === true;
}

/**
 * Codex lints, each claim confirmed by evaluating its witness: implicit allow, tokens with spaces,
 * allows of programs that run anything, rules a stricter rule always overrides, project layers.
 * @example lintCodex(parseCodex({ path: 'a.rules', text: 'prefix_rule(pattern=["ls"])' }))[0].code // 'codex-missing-decision'
 */
export function lintCodex(rs: CodexRuleSet, ctx: EvalContext = {}): Finding[] {
  const out: Finding[] = [];
  if (rs.loadErrors > 0) return out;
  const decide = (argv: string[]) => evaluateCodex(rs, { command: argv, noShellSplit: true }, ctx);
  const seenCalls = new Set<number>();
  // Rules of another layer (an admin's requirements.toml) are not written here: nothing to point at.
  const own = rs.rules.filter(inFile);
  const hits: RunsAnythingHit[] = [];
  for (const r of own) {
    if (r.implicitDecision && !seenCalls.has(r.call)) {
      seenCalls.add(r.call);
      const w = instance(r);
      if (decide(w).decision === 'allow') {
        out.push(finding('codex-missing-decision', 'warning', `no decision: Codex silently allows "${shlexJoin(w)}" and everything after it; write decision="allow" (or "prompt") explicitly`, r.range, { witness: shlexJoin(w) }));
      }
    }
    for (const t of r.pattern) {
      const spaced = t.alts.find((a) => /\s/.test(a));
      // The script after an interpreter's code flag (`bash -lc "git status && ls"`, PowerShell's
      // `-Command`, as Codex saves approvals) is one argument by design: its spaces are meant.
      // So is the value of an option (`--tools "Read, Grep"`): one argument that holds spaces.
      const at = r.pattern.indexOf(t);
      if (!spaced || isScriptArgument(r, at) || (at > 0 && r.pattern[at - 1].alts.every((a) => a.startsWith('-')))) continue;
      const words = [...instance(r).slice(0, r.pattern.indexOf(t)), ...spaced.split(/\s+/).filter(Boolean)];
      const v = evaluateCodex(rs, { command: words, noShellSplit: true, onlyCall: r.call }, ctx);
      if (v.details.matched === false) {
        out.push(finding('codex-token-space', 'warning', `the token "${spaced}" contains a space: it matches only one argument that itself contains the space, never the words of "${shlexJoin(words)}"; split it into separate tokens`, t.range, { witness: shlexJoin(words) }));
      }
    }
    if (r.native === 'allow') {
      const hit = runsAnythingHit(rs, r, ctx);
      if (hit) hits.push(hit);
    }
    if (r.native === 'forbidden') {
      const f = narrowDenyFinding(rs, r, ctx);
      if (f) out.push(f);
    }
  }
  out.push(...runsAnythingFindings(hits));
  for (const a of own) {
    const over = rs.rules.find((b) => b !== a && RANK[b.native] > RANK[a.native] && covers(b, a));
    if (!over) continue;
    const w = instance(a);
    const v = decide(w);
    if (RANK[v.native as CodexNative] > RANK[a.native]) {
      const elsewhere = over.file !== undefined ? ` in ${over.file.split(/[\\/]/).pop()}` : '';
      const which = inFile(over) || over.file !== undefined ? `the stricter rule ${over.index + 1} (${over.label})${elsewhere}` : `the stricter rule ${over.label}`;
      const related = inFile(over) ? [{ range: over.range, message: 'the stricter rule that always wins' }] : over.file !== undefined ? [{ path: over.file, range: over.range, message: `the stricter rule that always wins (${over.layer})` }] : undefined;
      out.push(finding('dead-rule', 'warning', `never decides: every command it matches also matches ${which}, and the strictest match wins (e.g. "${shlexJoin(w)}" → ${v.native})`, a.range, { witness: shlexJoin(w), unnecessary: true, related }));
    }
  }
  const p = rs.path.replace(/\\/g, '/');
  if (p.includes('/.codex/rules/') && ctx.home && !p.startsWith(ctx.home.replace(/\\/g, '/') + '/.codex/')) {
    // One note per rules folder: every file of it has the same news.
    out.push(finding('codex-project-layer', 'information', 'These rules apply only in a trusted project: Codex skips the .codex/rules of a project it does not trust', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, {
      data: { once: `codex-project-layer ${p.replace(/\/[^/]*$/, '')}` },
    }));
  }
  return out;
}
