import * as fs from 'fs';
import * as path from 'path';
import { prng } from './workload';
import { cpuMs } from './measure';
import { atMost, type BenchResult } from './result';
import { shipped } from './shipped';

/** The sizes of two real settings files: hundreds of saved exact approvals and a few prefix rules. */
const SIZES: Array<[rules: number, seed: number]> = [[269, 1], [933, 2]];
/** The two real settings files of the corpus these look-alikes stand for (saved approvals with long commands). */
const REAL = ['007krcs__aria-ai/.claude/settings.local.json', 'connorads__dotfiles/.claude/settings.json'];
/** Each file's complete analysis should take at most this much CPU. */
const TARGET_MS = 1000;

const TOOLS = ['npm', 'git', 'ls', 'cat', 'grep', 'node', 'python3', 'cargo', 'docker', 'make', 'find', 'sed', 'awk', 'curl', 'jq'];
const ARGS = ['-la', 'run build', 'test', 'log --oneline -20', 'diff HEAD', 'install', '--version'];
const TAILS = ['src', 'lib', '/tmp/x', '"a b"', 'foo.txt', '|| true', '2>&1 | head -50', '&& echo ok'];

/**
 * A `.claude/settings.local.json` look-alike: what "always allow" leaves behind — exact commands
 * (with pipes, redirections and quotes), folders, domains, MCP tools — under a few prefix rules.
 * @example generateClaudeSettings(269, 1).length > 0
 */
export function generateClaudeSettings(n: number, seed: number): string {
  const r = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const allow = ['Bash(git status:*)', 'Bash(npm run:*)', 'Bash(ls:*)', 'Read(//tmp/**)', 'WebFetch(domain:github.com)'];
  const deny = ['Bash(rm -rf:*)', 'Read(./.env)'];
  const ask = ['Bash(git push:*)'];
  while (allow.length + deny.length + ask.length < n) {
    const k = r();
    const i = allow.length;
    if (k < 0.75) allow.push(`Bash(${pick(TOOLS)} ${pick(ARGS)} ${pick(TAILS)}${i})`);
    else if (k < 0.85) allow.push(`Read(//home/u/proj${i}/**)`);
    else if (k < 0.92) allow.push(`WebFetch(domain:host${i}.example.com)`);
    else allow.push(`mcp__server${i % 7}__tool${i}`);
  }
  return JSON.stringify({ permissions: { allow, deny, ask } }, null, 2);
}

/**
 * Complete lint + analysis of two Claude Code settings look-alikes (269 and 933 rules) and of the
 * two real files of the corpus they stand for, CPU time,
 * and whether it finished inside the per-file budget (no `analysis-budget` notice).
 * @example (await run())[0].goal?.pass
 */
export async function run(): Promise<BenchResult[]> {
  // The engine as the server and CLI ship it (see shipped.ts).
  const { initDialects, lintRuleSet, loadRuleSet } = shipped();
  await initDialects();
  const out: BenchResult[] = [];
  const files: Array<{ what: string; path: string; text: string }> = SIZES.map(([n, seed]) => ({ what: `${n}-rule settings look-alike`, path: '/home/u/proj/.claude/settings.local.json', text: generateClaudeSettings(n, seed) }));
  for (const rel of REAL) {
    const file = path.join(__dirname, '../corpus', rel);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const rules = Object.values((JSON.parse(text) as { permissions?: Record<string, unknown> }).permissions ?? {}).reduce<number>((k, v) => k + (Array.isArray(v) ? v.length : 0), 0);
    files.push({ what: `real ${rules}-rule settings file (corpus ${rel.split('/')[0]})`, path: path.join('/corpus', rel.replace('__', '/')), text });
  }
  for (const { what, path: p, text } of files) {
    const { dialect, ruleSet } = loadRuleSet({ path: p, text });
    if (!dialect || !ruleSet) throw new Error(`the ${what} is not read as a Claude Code settings file`);
    let findings: ReturnType<typeof lintRuleSet> = [];
    const ms = cpuMs(() => (findings = lintRuleSet(dialect, ruleSet, { home: '/home/u' })));
    const budget = findings.filter((f) => f.code === 'analysis-budget');
    const dead = findings.filter((f) => f.code === 'dead-rule').length;
    out.push({ name: `claude: ${what}, complete analysis`, value: ms, unit: 'ms', note: `${findings.length} findings (${dead} dead-rule)${budget.length ? `; INCOMPLETE: ${budget[0].message}` : '; complete'}`, goal: atMost(budget.length ? Infinity : ms, TARGET_MS, ' ms CPU, complete') });
  }
  return out;
}
