import * as path from 'path';
import { detectDialect, type AnyDialect } from '../dialects';
import type { Finding } from '../model';
import { findAgentPolicies, type AgentPolicy } from './agents';
import { agentsDisagree, projectFolder } from './agents-disagree';
import { policyHost, type CheckHost, type CheckOptions } from './check-file';

/** Files each agent reads from a project folder by name (folders listed below are added). */
const FIXED = ['.claude/settings.json', '.claude/settings.local.json', 'opencode.json', 'opencode.jsonc', '.opencode/opencode.json', '.opencode/opencode.jsonc', '.cursor/cli.json', '.amp/settings.json', '.amp/settings.jsonc', '.qwen/settings.json'];
/** Folders whose files of one extension are all part of an agent's policy. */
const LISTED: ReadonlyArray<readonly [string, RegExp]> = [
  ['.codex/rules', /\.rules$/],
  ['.gemini/policies', /\.toml$/],
  ['.omp', /^(?:config|settings)\.(?:ya?ml|jsonc?)$/i],
];

/**
 * The agent policy files a project folder holds where each agent looks for them (Claude Code's
 * settings, OpenCode's config, every `.codex/rules/*.rules`, `.gemini/policies/*.toml`, oh-my-pi's
 * `.omp` settings), present ones only, read through the host (open buffers first).
 * @example projectPolicyFiles('/p', host) // ['/p/.claude/settings.json', '/p/.codex/rules/default.rules']
 */
export function projectPolicyFiles(project: string, host: CheckHost, opts: CheckOptions = {}): string[] {
  const ph = policyHost(host, opts);
  const out = FIXED.map((f) => path.posix.join(project, f)).filter((p) => ph.readFile(p) !== undefined);
  for (const [dir, name] of LISTED) {
    const folder = path.posix.join(project, dir);
    for (const e of ph.list?.(folder) ?? []) if (e.kind === 'file' && name.test(e.name)) out.push(path.posix.join(folder, e.name));
  }
  return out;
}

/**
 * Whether a path is a file an agent's policy is read from by name: a change to it can change what
 * `agents-disagree` says of the other agents' files of its project.
 * @example isAgentPolicyPath('/p/.gemini/policies/a.toml') // true
 */
export function isAgentPolicyPath(p: string): boolean {
  const d = detectDialect({ path: p, text: '' });
  return !!d?.neutralRequest;
}

/**
 * The `agents-disagree` findings of one rule file, with the other agents' policies of its project
 * read through the host: what an editor shows for the file it has open. `usable` leaves out an
 * agent whose evaluator is not ready (its shell parser still loading), so nothing is claimed of it.
 * @example agentsDisagreeFor('/p/.codex/rules/default.rules', host, { ctx }).map((f) => f.code) // ['agents-disagree']
 */
export function agentsDisagreeFor(rulePath: string, host: CheckHost, opts: CheckOptions = {}, usable: (d: AnyDialect) => boolean = () => true): Finding[] {
  const project = projectFolder(rulePath);
  const files = [...new Set([rulePath, ...projectPolicyFiles(project, host, opts)])];
  const policies = findAgentPolicies(files, host, opts).filter((p) => usable(p.dialect));
  if (!policies.some((p: AgentPolicy) => p.ruleSet.members?.some((m) => m.path === rulePath) ?? p.path === rulePath)) return [];
  return agentsDisagree(policies, opts.ctx ?? {}).get(rulePath) ?? [];
}

/**
 * The files among `files` that `agents-disagree` compares: those of a project folder where at least
 * two agents have a policy. Detection reads each file bounded and needs no parser, so a run over
 * one agent's files loads nothing more for it.
 * @example filesToCompare(['/p/.claude/settings.json', '/q/opencode.json'], host) // [] (two projects, one agent each)
 */
export function filesToCompare(files: readonly string[], host: CheckHost, opts: CheckOptions = {}): string[] {
  const read = policyHost(host, opts);
  const byProject = new Map<string, { files: string[]; dialects: Set<string> }>();
  for (const f of files) {
    const text = read.readFile(f);
    const d = text === undefined ? undefined : detectDialect({ path: f, text });
    if (!d?.neutralRequest) continue;
    const key = projectFolder(f);
    const group = byProject.get(key) ?? { files: [], dialects: new Set<string>() };
    group.files.push(f);
    group.dialects.add(d.id);
    byProject.set(key, group);
  }
  return [...byProject.values()].filter((g) => g.dialects.size >= 2).flatMap((g) => g.files);
}
