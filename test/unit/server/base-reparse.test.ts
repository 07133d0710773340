import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fileExists, readText } from '../../../shared/host/node-fs';
import { createLanguageService } from '../../../server/service/language-service';
import type { ShowFlipsArgs } from '../../../shared/protocol';
import { compareVersions } from '../../../shared/diff/compare';
import type { Flip } from '../../../shared/diff/flips';
import { opencode } from '../../../shared/dialects/opencode';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import { reparseOpencode } from '../../../shared/dialects/opencode/reparse';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { rerunRequests, runRequests } from '../../../shared/requests/run';
import { open } from './helpers';

const ACTIONS = ['edit', 'read', 'bash', 'webfetch'];
const EFFECTS = ['allow', 'ask', 'deny'];
const RULES = 60;
const CTX = { home: '/home/test' };

/** A V2 file of `RULES` rules; `edit` rewrites one rule's object (the base of each test is `edit` undefined). */
function rulesText(edit?: { at: number; effect?: string; resource?: string }): string {
  const rules: string[] = [];
  for (let i = 0; i < RULES; i++) {
    let resource = `area${i % 7}/part${i}/*`;
    let effect = EFFECTS[i % 3];
    if (edit?.at === i) {
      resource = edit.resource ?? resource;
      effect = edit.effect ?? effect;
    }
    rules.push(`    { "action": "${ACTIONS[i % ACTIONS.length]}", "resource": "${resource}", "effect": "${effect}" }`);
  }
  return `{\n  "permissions": [\n${rules.join(',\n')}\n  ]\n}\n`;
}

/** Requests aimed at every fifth rule (two resources each), and one at nothing. */
function requestsText(): string {
  const reqs: string[] = [];
  for (let i = 0; i < RULES; i += 5) reqs.push(`    { "name": "r${i}", "action": "${ACTIONS[i % ACTIONS.length]}", "resources": ["area${i % 7}/part${i}/f.txt", "other/${i}"] }`);
  reqs.push('    { "name": "none", "action": "edit", "resources": ["nowhere"] }');
  return `{\n  "requests": [\n${reqs.join(',\n')}\n  ]\n}\n`;
}

/** A flip as the user reads it. */
const shown = (f: Flip) => [f.kind, f.request, f.subject, f.before, f.after, f.beforeRule?.index ?? null, f.beforeRule?.label ?? null, f.afterRule?.index ?? null, f.coveredBy ?? null];

describe('language service: a git base read off the current parse', () => {
  const edits = [
    { what: 'an effect flipped', edit: { at: 20, effect: 'allow' } },
    { what: 'a pattern retyped', edit: { at: 35, resource: 'area0/*' } },
    { what: 'a rule no request meets', edit: { at: 21, effect: 'deny' } },
  ];
  for (const { what, edit } of edits) {
    it(`shows the flips a full parse of the base shows: ${what}`, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-reparse-'));
      try {
        const rulePath = path.join(dir, 'opencode.json');
        fs.writeFileSync(path.join(dir, 'opencode.requests.json'), requestsText());
        const base = rulesText();
        const current = rulesText(edit);
        const ls = createLanguageService({ readFile: readText, exists: fileExists, ctx: CTX, baseText: () => ({ text: base }) });
        const uri = open(ls, rulePath, current);
        // The base is read off the current parse (the path under test), not parsed again.
        const reparse = opencode.reparse!;
        let readOff = 0;
        opencode.reparse = (near, file, ctx) => {
          const got = reparse(near, file, ctx);
          if (got) readOff++;
          return got;
        };
        try {
          ls.validate(uri);
        } finally {
          opencode.reparse = reparse;
        }
        assert.strictEqual(readOff, 1);
        const lens = ls.codeLenses(uri).find((l) => l.command?.title.startsWith('vs HEAD'));
        assert.ok(lens, 'the vs-HEAD lens is shown');
        const args = lens.command!.arguments![0] as ShowFlipsArgs;
        // The reference: the base parsed in full and every stored request run on it.
        const report = ls.analyze(uri).report!;
        const full = compareVersions(opencode, parseOpencode({ path: rulePath, text: base }, CTX), report.ruleSet!, report.requestsFile, CTX);
        assert.ok(full.flips.length > 0, 'the edit flips something');
        assert.deepStrictEqual(args.flips.map(shown), full.flips.map(shown));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('runs again only the stored requests a changed rule meets, and keeps the other results', () => {
    const current = parseOpencode({ path: '/p/opencode.json', text: rulesText({ at: 20, effect: 'allow' }) }, CTX);
    const file = parseRequestsFile('/p/opencode.requests.json', requestsText(), opencode);
    const near = runRequests(opencode, current, file, CTX);
    const reparsed = reparseOpencode(current, { path: '/p/opencode.json', text: rulesText() }, CTX)!;
    const again = rerunRequests(opencode, reparsed, file, CTX, near);
    const fresh = runRequests(opencode, parseOpencode({ path: '/p/opencode.json', text: rulesText() }, CTX), file, CTX);
    assert.deepStrictEqual(again.map((r) => r.verdict?.decision), fresh.map((r) => r.verdict?.decision));
    assert.deepStrictEqual(again.map((r) => r.verdict?.rule?.label ?? null), fresh.map((r) => r.verdict?.rule?.label ?? null));
    const kept = again.filter((r, i) => r === near[i]).map((r) => r.request.name);
    assert.deepStrictEqual(again.filter((r, i) => r !== near[i]).map((r) => r.request.name), ['r20']);
    assert.strictEqual(kept.length, file.requests.length - 1);
    assert.strictEqual(again.find((r) => r.request.name === 'r20')?.verdict?.decision, 'deny');
  });
});
