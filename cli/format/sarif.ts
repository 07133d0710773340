import * as path from 'path';
import type { FileReport } from '../../shared/check/check-file';

/** Minimal SARIF 2.1.0 log of a check run (diagnostics and failed requests). */
export function toSarif(reports: FileReport[], cwd: string) {
  const rules = new Map<string, { id: string; helpUri: string }>();
  const results: unknown[] = [];
  const level = (s: string) => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note');
  for (const rep of reports) {
    const groups: Array<[string, typeof rep.diagnostics]> = [[rep.path, rep.diagnostics]];
    if (rep.requestsPath) groups.push([rep.requestsPath, rep.requestDiagnostics]);
    for (const [file, findings] of groups) {
      for (const f of findings) {
        rules.set(f.code, { id: f.code, helpUri: `https://github.com/rulelens/rulelens/blob/main/docs/lints/${f.code}.md` });
        results.push({
          ruleId: f.code,
          level: level(f.severity),
          message: { text: f.message },
          locations: [{ physicalLocation: { artifactLocation: { uri: path.relative(cwd, file).replace(/\\/g, '/') }, region: { startLine: f.range.start.line + 1, startColumn: f.range.start.character + 1, endLine: f.range.end.line + 1, endColumn: f.range.end.character + 1 } } }],
        });
      }
    }
  }
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'rulelens', informationUri: 'https://github.com/rulelens/rulelens', rules: [...rules.values()].map((r) => ({ id: r.id, helpUri: r.helpUri })) } }, results }],
  };
}
