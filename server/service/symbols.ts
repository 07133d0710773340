import { ruleNumber } from '../../shared/model';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type { Analysis } from './workspace';

/**
 * The outline: one symbol per rule (`1. edit * ask`) in a rule file, one per request in a
 * requests file.
 * @example symbolsFor(analysis).map((s) => s.name) // ['1. edit * ask', '2. edit docs/* allow', …]
 */
export function symbolsFor(a: Analysis): DocumentSymbol[] {
  const rep = a.report;
  if (!rep?.ruleSet) return [];
  if (a.kind === 'requests') {
    return (rep.requestsFile?.requests ?? []).map((r) => ({
      name: r.name,
      detail: r.expect?.decision ? `expect ${r.expect.decision}` : r.origin ?? undefined,
      kind: SymbolKind.Event,
      range: r.range,
      selectionRange: r.nameRange,
    }));
  }
  return rep.ruleSet.rules.filter((r) => r.layer === undefined).map((r) => ({
    name: `${ruleNumber(r)}. ${r.label}`,
    detail: [r.native, r.scope].filter(Boolean).join(' · '),
    kind: r.decision === 'deny' ? SymbolKind.Constant : r.decision === 'allow' ? SymbolKind.Boolean : SymbolKind.Property,
    range: r.range,
    selectionRange: r.range,
  }));
}
