import { strict as assert } from 'assert';
import { Deduper } from '../../../shared/history/dedupe';
import { historyRequestsFile, readStoredHistory } from '../../../shared/history/stored';
import type { Observation } from '../../../shared/history/types';
import { DIALECTS, dialectById } from '../../../shared/dialects';

const obs = (command: string, time: string, outcome: Observation['outcome'] = 'approved'): Observation => ({ format: 'claude-session', tool: 'Bash', command, cwd: '/p', outcome, time, file: 'f', line: 1 });

describe('history: dedupe with count and first/last seen', () => {
  it('folds identical calls, keeps the earliest and latest time, and keeps outcomes apart', () => {
    const d = new Deduper();
    d.add(obs('npm test', '2026-11-02T00:00:00Z'));
    d.add(obs('npm test', '2026-11-01T00:00:00Z'));
    d.add(obs('npm test', '2026-11-09T00:00:00Z'));
    d.add(obs('npm test', '2026-11-03T00:00:00Z', 'denied'));
    const e = d.entries();
    assert.deepEqual(e.map((x) => [x.call.command, x.call.outcome, x.count, x.firstSeen, x.lastSeen]), [
      ['npm test', 'approved', 3, '2026-11-01T00:00:00Z', '2026-11-09T00:00:00Z'],
      ['npm test', 'denied', 1, '2026-11-03T00:00:00Z', '2026-11-03T00:00:00Z'],
    ]);
    assert.equal(d.total, 4);
  });

  it('calls differing only in a secret are one entry, marked redacted', () => {
    const d = new Deduper();
    d.add(obs('TOKEN=aaa deploy', 't1'));
    d.add(obs('TOKEN=bbb deploy', 't2'));
    const [e] = d.entries();
    assert.equal(d.entries().length, 1);
    assert.equal(e.call.command, 'TOKEN=[REDACTED] deploy');
    assert.equal(e.count, 2);
    assert.equal(e.redacted, true);
  });

  it('writes copied requests with "observed" and reads them back unchanged, for every dialect', () => {
    const d = new Deduper();
    d.add(obs('npm test', '2026-11-01T00:00:00Z'));
    d.add({ format: 'claude-hook', tool: 'Edit', path: '/p/a.ts', outcome: 'denied', denial: 'user-rejected', file: 'f', line: 2 });
    const want = d.entries().map((x) => [x.call.tool, x.call.command ?? x.call.path, x.call.outcome, x.count]);
    for (const dialect of ['claude', 'opencode'] as const) {
      const f = historyRequestsFile(d.entries(), dialectById(dialect)!.history!, 'settings.json');
      assert.ok(JSON.parse(f.text).requests.every((r: { origin: string; observed: { count: number } }) => r.origin === 'copied' && r.observed.count >= 1));
      const back = readStoredHistory(f.text, DIALECTS)!;
      assert.deepEqual(back.map((b) => [b.call.tool, b.call.command ?? b.call.path, b.call.outcome, b.count]), want, dialect);
    }
    // omp judges only shell commands by pattern; other tools keep just their name.
    const omp = historyRequestsFile(d.entries(), dialectById('omp')!.history!, null);
    assert.deepEqual(JSON.parse(omp.text).requests.map((r: { command?: string; tool?: string }) => r.command ?? r.tool), ['npm test', 'edit']);
  });
});
