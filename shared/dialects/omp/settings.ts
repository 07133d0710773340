import { finding, type Finding, type SourceText } from '../../model';
import { compile } from '../../patterns/wildcard';
import { normalizeWhitespace, ompPattern } from './pattern';
import { OMP_APPROVALS, OMP_MODES, type DroppedEntry, type OmpApproval, type OmpFormat, type OmpMode, type OmpRequest, type OmpRule } from './rules';
import { describe, entry, get, type VNode } from './value-tree';

export interface Settings {
  format: OmpFormat;
  rules: OmpRule[];
  dropped: DroppedEntry[];
  approvalMode: OmpMode | null;
  userApproval: Record<string, OmpApproval>;
  allowCompound?: boolean;
  embedded: { request: OmpRequest; range: ReturnType<SourceText['range']> } | null;
  findings: Finding[];
}

/**
 * The agent's approval normalization: trim, lowercase, then one of allow/deny/prompt.
 * @example normalizeApproval(' Prompt ') // 'prompt'
 * @example normalizeApproval('ask') // undefined — the agent drops it
 */
export function normalizeApproval(v: unknown): OmpApproval | undefined {
  if (typeof v !== 'string') return undefined;
  const w = v.trim().toLowerCase();
  return (OMP_APPROVALS as readonly string[]).includes(w) ? (w as OmpApproval) : undefined;
}

/** True for the classification form `{"command", "patterns", "mode"}`. */
export function isClassificationForm(root: VNode | undefined): boolean {
  return root?.kind === 'map' && get(root, 'patterns') !== undefined && get(root, 'command') !== undefined && get(root, 'bash') === undefined;
}

class Reader {
  readonly rules: OmpRule[] = [];
  readonly dropped: DroppedEntry[] = [];
  readonly findings: Finding[] = [];
  constructor(readonly src: SourceText) {}

  range(n: { start: number; end: number }) {
    return this.src.range(n.start, n.end);
  }

  drop(entryIndex: number, node: VNode, reason: string, approval?: string): void {
    this.dropped.push({ entryIndex, reason, range: this.range(node), approval });
  }

  /** `bash.patterns`: keeps what the agent keeps and records every silent drop with its reason. */
  patterns(node: VNode): void {
    if (node.kind !== 'seq') {
      this.findings.push(finding('schema', 'warning', `bash.patterns must be a list of {match, approval}, found ${describe(node)}: the agent reads no rules from it`, this.range(node)));
      return;
    }
    node.items.forEach((item, entryIndex) => {
      if (item.kind !== 'map') return this.drop(entryIndex, item, `it is ${describe(item)}, not an object {match, approval}`);
      const matchNode = get(item, 'match');
      const approvalNode = get(item, 'approval');
      if (!matchNode) return this.drop(entryIndex, item, 'it has no "match"');
      if (matchNode.kind !== 'scalar' || typeof matchNode.value !== 'string') return this.drop(entryIndex, item, `its "match" is ${describe(matchNode)}, not a string`);
      if (matchNode.value.trim() === '') return this.drop(entryIndex, item, 'its "match" is blank');
      const raw = approvalNode?.kind === 'scalar' ? approvalNode.value : undefined;
      const approval = normalizeApproval(raw);
      if (!approval) {
        const written = typeof raw === 'string' ? raw.trim().toLowerCase() : undefined;
        const why = !approvalNode
          ? 'it has no "approval"'
          : typeof raw === 'string'
            ? `its approval "${raw}" is not one of allow, deny, prompt`
            : `its approval is ${describe(approvalNode)}, not one of allow, deny, prompt`;
        return this.drop(entryIndex, item, why, written);
      }
      const match = normalizeWhitespace(matchNode.value);
      const pattern = ompPattern(match);
      this.rules.push({
        index: this.rules.length,
        number: entryIndex + 1,
        id: null,
        decision: approval === 'prompt' ? 'ask' : approval,
        native: approval,
        label: `${match} ${approval}`,
        range: this.range(item),
        match,
        rawMatch: matchNode.value,
        pattern,
        matcher: compile(pattern),
        entryIndex,
        matchRange: this.range(matchNode),
        approvalRange: this.range(approvalNode!),
      });
    });
  }

  mode(node: VNode | undefined, key: string): OmpMode | null {
    if (!node) return null;
    const v = node.kind === 'scalar' && typeof node.value === 'string' ? node.value.trim().toLowerCase() : undefined;
    if (v !== undefined && (OMP_MODES as readonly string[]).includes(v)) return v as OmpMode;
    this.findings.push(finding('schema', 'error', `${key} must be one of ${OMP_MODES.join(', ')}, found ${node.kind === 'scalar' ? JSON.stringify(node.value) : describe(node)}`, this.range(node)));
    return null;
  }

  userApproval(node: VNode | undefined, key: string): Record<string, OmpApproval> {
    const out: Record<string, OmpApproval> = {};
    if (!node) return out;
    if (node.kind !== 'map') {
      this.findings.push(finding('schema', 'error', `${key} must be a map of tool → allow/prompt/deny, found ${describe(node)}`, this.range(node)));
      return out;
    }
    for (const e of node.entries) {
      const v = normalizeApproval(e.value.kind === 'scalar' ? e.value.value : undefined);
      if (v) out[e.key] = v;
      else {
        const ask = e.value.kind === 'scalar' && typeof e.value.value === 'string' && e.value.value.trim().toLowerCase() === 'ask';
        this.findings.push(finding('schema', 'warning', `${key} "${e.key}": expected allow, prompt or deny${ask ? ' ("ask" is not a value; write "prompt")' : ''}; the agent ignores this value`, this.range(e.value)));
      }
    }
    return out;
  }
}

/**
 * Reads the approval settings from a parsed document in any accepted shape: nested
 * `bash: {patterns}` / `tools: {approval, approvalMode}`, dotted top-level keys, or the
 * classification form, which also carries its own request.
 * @example readSettings(parseYamlSettings(text).root, source).rules.length
 */
export function readSettings(root: VNode | undefined, src: SourceText, fileFormat: 'yaml' | 'json'): Settings {
  const r = new Reader(src);
  const base = { dropped: r.dropped, rules: r.rules, findings: r.findings };
  if (!root || (root.kind === 'scalar' && root.value === null)) return { ...base, format: fileFormat, approvalMode: null, userApproval: {}, embedded: null };
  if (root.kind !== 'map') {
    r.findings.push(finding('schema', 'error', `settings must be an object, found ${describe(root)}`, r.range(root)));
    return { ...base, format: fileFormat, approvalMode: null, userApproval: {}, embedded: null };
  }
  if (isClassificationForm(root)) return readClassification(root, r);

  const nested = get(get(root, 'bash'), 'patterns');
  const dotted = get(root, 'bash.patterns');
  if (nested && dotted) {
    const e = entry(root, 'bash.patterns')!;
    r.findings.push(finding('schema', 'warning', 'both "bash.patterns" and bash: {patterns} are set; RuleLens reads the nested one', src.range(e.keyStart, e.keyEnd)));
  }
  const patterns = nested ?? dotted;
  if (patterns) r.patterns(patterns);
  const tools = get(root, 'tools');
  const approvalMode = r.mode(get(tools, 'approvalMode') ?? get(root, 'tools.approvalMode'), 'tools.approvalMode');
  const userApproval = r.userApproval(get(tools, 'approval') ?? get(root, 'tools.approval'), 'tools.approval');
  const compound = get(get(root, 'bash'), 'allowCompoundCommands') ?? get(root, 'bash.allowCompoundCommands');
  const allowCompound = compound?.kind === 'scalar' && compound.value === true;
  return { ...base, format: fileFormat, approvalMode, userApproval, allowCompound, embedded: null };
}

function readClassification(root: VNode, r: Reader): Settings {
  r.patterns(get(root, 'patterns')!);
  const approvalMode = r.mode(get(root, 'mode'), 'mode');
  const userApproval = r.userApproval(get(root, 'userApproval'), 'userApproval');
  const command = get(root, 'command')!;
  const tool = get(root, 'tool');
  let embedded: Settings['embedded'] = null;
  if (command.kind !== 'scalar' || typeof command.value !== 'string') {
    r.findings.push(finding('schema', 'error', `"command" must be a string, found ${describe(command)}`, r.range(command)));
  } else if (tool && (tool.kind !== 'scalar' || typeof tool.value !== 'string')) {
    r.findings.push(finding('schema', 'error', `"tool" must be a string, found ${describe(tool)}`, r.range(tool)));
  } else {
    const request: OmpRequest = { command: command.value };
    if (approvalMode) request.mode = approvalMode;
    if (tool?.kind === 'scalar' && typeof tool.value === 'string') request.tool = tool.value;
    if (Object.keys(userApproval).length) request.userApproval = userApproval;
    embedded = { request, range: r.range(command) };
  }
  return { format: 'classification', rules: r.rules, dropped: r.dropped, findings: r.findings, approvalMode, userApproval, embedded };
}
