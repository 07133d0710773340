import type { EvalContext } from '../../model';
import type { FileInfo } from '../dialect';
import { parseJsonSettings } from './parse-json';
import { parseYamlSettings } from './parse-yaml';
import type { OmpRuleSet } from './rules';
import { readSettings } from './settings';

const YAML_PATH = /\.ya?ml$/i;

/**
 * Parses an oh-my-pi settings file (YAML, or JSON in the nested, dotted or classification form)
 * into its kept rules, the entries the agent drops, the mode and the user's per-tool policy.
 * @example parseOmp({ path: '.omp/config.yml', text: 'bash:\n  patterns:\n    - {match: "git *", approval: allow}\n' }).rules[0].label // 'git * allow'
 */
export function parseOmp(file: FileInfo, _ctx: EvalContext = {}): OmpRuleSet {
  const yaml = YAML_PATH.test(file.path);
  const doc = yaml ? parseYamlSettings(file.text) : parseJsonSettings(file.text);
  const s = readSettings(doc.root, doc.source, yaml ? 'yaml' : 'json');
  return {
    dialect: 'omp',
    path: file.path,
    source: doc.source,
    rules: s.rules,
    findings: [...doc.findings, ...s.findings],
    format: s.format,
    approvalMode: s.approvalMode,
    allowCompound: s.allowCompound === true,
    userApproval: s.userApproval,
    dropped: s.dropped,
    embedded: s.embedded,
  };
}
