import { posix } from 'path';
import { finding, type Finding } from '../../model';
import type { PolicyHost, PolicyMember } from '../dialect';
import type { ClaudeRuleSet } from './types';

/** The layer name of a file that shows the repository runs GitHub Copilot CLI. */
export const COPILOT_MARKER_LAYER = 'GitHub Copilot CLI use';
/** Workflow files read when looking for a `copilot` step. */
export const MAX_WORKFLOWS = 50;

const COPILOT_STEP = /(?:^|[\s/'"])(?:copilot|@github\/copilot(?:@[\w.-]+)?)(?=\s|$)/m;

/**
 * The files that show a repository runs GitHub Copilot CLI: `.github/copilot-instructions.md`,
 * anything in `.github/copilot/`, and a workflow with a `copilot` command. Copilot CLI reads
 * `.claude/settings.json` too, but not its `permissions`.
 * @example copilotMarkers('/p', host).map((m) => m.path) // ['/p/.github/copilot-instructions.md']
 */
export function copilotMarkers(root: string, host: PolicyHost): PolicyMember[] {
  const out: PolicyMember[] = [];
  const github = posix.join(root, '.github');
  const instructions = posix.join(github, 'copilot-instructions.md');
  const text = host.readFile(instructions);
  if (text !== undefined) out.push({ path: instructions, layer: COPILOT_MARKER_LAYER, text: '' });
  const dir = host.list?.(posix.join(github, 'copilot'));
  if (dir && dir.length) out.push({ path: posix.join(github, 'copilot', dir[0].name), layer: COPILOT_MARKER_LAYER, text: '' });
  const flows = host.list?.(posix.join(github, 'workflows')) ?? [];
  for (const f of flows.filter((e) => e.kind === 'file' && /\.ya?ml$/i.test(e.name)).slice(0, MAX_WORKFLOWS)) {
    const path = posix.join(github, 'workflows', f.name);
    if (COPILOT_STEP.test(host.readFile(path) ?? '')) out.push({ path, layer: COPILOT_MARKER_LAYER, text: '' });
  }
  return out;
}

/**
 * The Copilot CLI view of a Claude settings file: Copilot CLI (1.0.102) reads only `hooks`,
 * `disableAllHooks`, `enabledPlugins`, `extraKnownMarketplaces` and `companyAnnouncements` from
 * `.claude/settings.json`, so every permission rule of the file is ignored under it.
 * @example copilotIgnores(rs, markers)?.code // 'copilot-ignores-permissions'
 */
export function copilotIgnores(rs: ClaudeRuleSet, markers: readonly PolicyMember[]): Finding | undefined {
  if (markers.length === 0) return undefined;
  const own = rs.rules.filter((r) => r.file === rs.path || r.file === undefined);
  if (own.length === 0) return undefined;
  const shown = markers.map((m) => posix.relative(rs.root ?? posix.dirname(posix.dirname(rs.path)), m.path)).join(', ');
  return finding('copilot-ignores-permissions', 'information', `Copilot CLI ignores these ${own.length} permission rule${own.length === 1 ? '' : 's'}; it obeys only --allow-tool/--deny-tool (this repository uses it: ${shown})`, own[0].textRange ?? own[0].range, {
    related: own.map((r) => ({ range: r.textRange ?? r.range, message: `${r.text} (${r.tier}): not applied by Copilot CLI` })),
  });
}
