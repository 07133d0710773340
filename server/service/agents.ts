import type { FileReport } from '../../shared/check/check-file';
import { findAgentPolicies, type AgentPolicy } from '../../shared/check/agents';
import { agentsDisagreeFor, projectPolicyFiles } from '../../shared/check/project-agents';
import { projectFolder } from '../../shared/check/agents-disagree';
import type { Finding } from '../../shared/model';
import type { Workspace } from './workspace';

/**
 * `agents-disagree` for the editor: a rule file's disagreements with the other agents' policies of
 * its project, read with open buffers first. Remembered per file while every policy file of the
 * project reads the same, so a re-check that changes none of them parses nothing again.
 */
export class AgentsAcross {
  private readonly last = new Map<string, { key: string; findings: Finding[] }>();

  constructor(private readonly ws: Workspace) {}

  /**
   * The findings for one report's rule file.
   * @example across.of(report).map((f) => f.message) // ['`git push`: Claude Code denies, Codex CLI allows (rule 2: git → allow)']
   */
  of(report: FileReport): Finding[] {
    if (!report.ruleSet || !report.dialect?.neutralRequest) return [];
    const opts = { overlay: this.ws.overlay, ctx: this.ws.host.ctx };
    const files = projectPolicyFiles(projectFolder(report.path), this.ws.checkHost, opts);
    if (files.filter((f) => f !== report.path).length === 0) return [];
    const key = [report.path, ...files].map((f) => `${f}\u0000${this.ws.text(f) ?? ''}`).join('\u0000\u0000');
    const hit = this.last.get(report.path);
    if (hit?.key === key) return hit.findings;
    const findings = agentsDisagreeFor(report.path, this.ws.checkHost, opts, (d) => this.ws.isReady(d));
    // Only a result every agent could decide is kept: one made while a parser loads is made again.
    if (files.every((f) => { const d = this.ws.dialectOf(f); return !d || this.ws.isReady(d); })) this.last.set(report.path, { key, findings });
    return findings;
  }

  /**
   * Every agent policy of the report's project, its own included (empty when no other agent has
   * one, or while an agent's parser loads): what a hover on a rule compares with.
   * @example across.policies(report).map((p) => p.dialect.id) // ['claude', 'codex']
   */
  policies(report: FileReport): AgentPolicy[] {
    if (!report.ruleSet || !report.dialect?.neutralRequest) return [];
    const opts = { overlay: this.ws.overlay, ctx: this.ws.host.ctx };
    const files = [...new Set([report.path, ...projectPolicyFiles(projectFolder(report.path), this.ws.checkHost, opts)])];
    if (files.length < 2) return [];
    const key = files.map((f) => `${f}\u0000${this.ws.text(f) ?? ''}`).join('\u0000\u0000');
    if (this.lastPolicies?.key === key) return this.lastPolicies.policies;
    const policies = findAgentPolicies(files, this.ws.checkHost, opts);
    if (policies.some((p) => !this.ws.isReady(p.dialect))) return [];
    this.lastPolicies = { key, policies };
    return policies;
  }

  private lastPolicies: { key: string; policies: AgentPolicy[] } | undefined;

  forget(): void {
    this.last.clear();
    this.lastPolicies = undefined;
  }
}
