import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { loadRuleSet } from '../../shared/check/check-file';
import { createLanguageService } from '../../server/service/language-service';
import { fileExists, readText } from '../../shared/host/node-fs';
import { buildServer } from '../protocol/build';
import { LspClient } from '../protocol/lsp-client';

const RULES = 1000;
const REQUESTS = 500;
const EDITS = 50;
const ACTIONS = ['edit', 'read', 'bash', 'webfetch'];
const EFFECTS = ['allow', 'ask', 'deny'];

/** A V2 OpenCode file of `RULES` rules; `flip` changes one rule's effect, as a typing user would. */
function ruleText(flip = -1): string {
  const rules: string[] = [];
  for (let i = 0; i < RULES; i++) {
    const effect = EFFECTS[(i + (i === flip ? 1 : 0)) % 3];
    rules.push(`    { "action": "${ACTIONS[i % ACTIONS.length]}", "resource": "area${i % 97}/part${i}/*", "effect": "${effect}" }`);
  }
  return `{\n  "permissions": [\n${rules.join(',\n')}\n  ]\n}\n`;
}

function requestsText(): string {
  const reqs: string[] = [];
  for (let j = 0; j < REQUESTS; j++) {
    const i = (j * 7) % RULES;
    reqs.push(`    { "name": "r${j}", "origin": "synthetic", "action": "${ACTIONS[i % ACTIONS.length]}", "resources": ["area${i % 97}/part${i}/file.txt", "elsewhere/${j}.md"] }`);
  }
  return `{\n  "requests": [\n${reqs.join(',\n')}\n  ]\n}\n`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/**
 * The latency of a re-check after an edit of a 1,000-rule file with 500 stored requests: in the
 * language service (diagnostics + lenses), and end to end over stdio (didChange → published
 * diagnostics → lenses, including the 150 ms typing debounce), next to the parse time alone.
 * @example (await run()).find((m) => m.name === 'server: edit → diagnostics + lenses (service, median)')
 */
export async function run(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-bench-'));
  const rules = path.join(dir, 'opencode.json');
  fs.writeFileSync(rules, ruleText());
  fs.writeFileSync(path.join(dir, 'opencode.requests.json'), requestsText());
  const uri = pathToFileURL(rules).href;

  const parseTimes: number[] = [];
  for (let k = 0; k < EDITS; k++) {
    const text = ruleText(k);
    const t0 = process.hrtime.bigint();
    loadRuleSet({ path: rules, text });
    parseTimes.push(ms(t0));
  }

  const ls = createLanguageService({ readFile: readText, exists: fileExists });
  ls.setDocument(uri, ruleText(), 0);
  ls.validate(uri);
  const service: number[] = [];
  for (let k = 0; k < EDITS; k++) {
    const t0 = process.hrtime.bigint();
    ls.setDocument(uri, ruleText(k), k + 1);
    ls.validate(uri);
    ls.codeLenses(uri);
    service.push(ms(t0));
  }

  buildServer();
  const client = new LspClient();
  const wire: number[] = [];
  try {
    await client.initialize(pathToFileURL(dir).href);
    await client.open(uri, ruleText());
    await client.until(() => client.diagnostics.get(uri)?.version === 1, 60_000, 'first diagnostics');
    for (let k = 0; k < EDITS; k++) {
      const text = ruleText(k);
      const t0 = process.hrtime.bigint();
      const version = await client.change(uri, text);
      await client.until(() => client.diagnostics.get(uri)?.version === version, 60_000, 'diagnostics');
      await client.request('textDocument/codeLens', { textDocument: { uri } });
      wire.push(ms(t0));
    }
  } finally {
    await client.stop();
  }

  const parse = median(parseTimes);
  const note = `${RULES} rules, ${REQUESTS} stored requests, ${EDITS} edits`;
  return [
    { name: 'server: parse of the rule file (median)', value: parse, unit: 'ms', note },
    { name: 'server: edit → diagnostics + lenses (service, median)', value: median(service), unit: 'ms', note },
    { name: 'server: edit → diagnostics + lenses (service, max)', value: Math.max(...service), unit: 'ms', note },
    { name: 'server: edit → diagnostics + lenses / parse (ratio)', value: median(service) / parse, unit: 'x', note: 'service median over parse median' },
    { name: 'server: didChange → diagnostics + lenses over stdio (median)', value: median(wire), unit: 'ms', note: `${note}; includes the 150 ms typing debounce` },
    { name: 'server: didChange → diagnostics + lenses over stdio (max)', value: Math.max(...wire), unit: 'ms', note: `${note}; includes the 150 ms typing debounce` },
  ];
}

if (require.main === module) {
  void run().then((m) => console.table(m));
}
