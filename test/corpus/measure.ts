/**
 * Counts the findings on the corpus by code and severity, and warnings+errors per 100 rules:
 * `npx tsx test/corpus/measure.ts [--json]`. The numbers go into the issue's before/after notes.
 */
import { lintCorpus } from './load';

async function main(): Promise<void> {
  const results = await lintCorpus();
  const byCode = new Map<string, Record<string, number>>();
  let rules = 0;
  let loud = 0;
  let total = 0;
  const dialects: Record<string, number> = {};
  for (const r of results) {
    // Rules of other settings layers or built-in defaults (OpenCode's carry the `layer` they come
    // from) are not this file's rules.
    const own = r.ruleSet?.rules.filter((x) => ((x as { file?: string }).file ?? r.ruleSet?.path) === r.ruleSet?.path && x.range && (x as { layer?: string }).layer === undefined) ?? [];
    rules += own.length;
    const d = r.dialect?.id ?? 'none';
    dialects[d] = (dialects[d] ?? 0) + 1;
    for (const f of r.findings) {
      const row = byCode.get(f.code) ?? {};
      row[f.severity] = (row[f.severity] ?? 0) + 1;
      byCode.set(f.code, row);
      total++;
      if (f.severity === 'warning' || f.severity === 'error') loud++;
    }
  }
  const summary = {
    files: results.length,
    dialects,
    rules,
    findings: total,
    warningsAndErrors: loud,
    perHundredRules: rules ? Math.round((loud / rules) * 10000) / 100 : 0,
    byCode: Object.fromEntries([...byCode.entries()].sort(([a], [b]) => a.localeCompare(b))),
  };
  if (process.argv.includes('--json')) console.log(JSON.stringify(summary, null, 2));
  else {
    console.log(`${summary.files} files (${Object.entries(dialects).map(([k, v]) => `${k} ${v}`).join(', ')}), ${rules} rules, ${total} findings`);
    console.log(`warnings+errors: ${loud} (${summary.perHundredRules} per 100 rules)`);
    for (const [code, row] of Object.entries(summary.byCode)) console.log(`  ${code.padEnd(28)} ${Object.entries(row).map(([s, n]) => `${s} ${n}`).join(', ')}`);
  }
}

void main();
