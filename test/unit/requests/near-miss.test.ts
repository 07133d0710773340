import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';
import { evaluateOpencode, parseOpencode } from '../../../shared/dialects/opencode';
import { nearMissLines, nearMissReason, withNearMisses } from '../../../shared/trace/near-miss';
import { renderTraceText } from '../../../shared/trace/render';
import { hoverAt } from '../../../server/service/hover';
import { open, service } from '../server/helpers';

describe('trace: near misses are explained', () => {
  before(async () => {
    await initShellParser();
  });

  it('":*" needs a space (or the end) after its prefix', () => {
    assert.match(nearMissReason('npm run test:*', 'npm run test:unit') ?? '', /^":\*" matches "npm run test" followed by a space or the end; "npm run test:unit" goes on with ":unit" — write "npm run test\*"/);
    assert.equal(nearMissReason('npm run test:*', 'npm run test --watch'), undefined, 'that one matches');
    assert.equal(nearMissReason('npm run test:*', 'yarn test'), undefined, 'not near at all');
  });

  it('" *" needs a space, a bare command takes no arguments, and case matters', () => {
    assert.match(nearMissReason('git *', 'gitk') ?? '', /^" \*" matches "git" followed by a space or the end/);
    assert.match(nearMissReason('yarn', 'yarn install') ?? '', /has no wildcard, so it matches only the bare command/);
    assert.match(nearMissReason('secrets/*', 'Secrets/a') ?? '', /case-sensitive/);
  });

  it('Claude Code: the trace of npm run test:unit says why Bash(npm run test:*) missed', () => {
    const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify({ permissions: { allow: ['Bash(npm run test:*)'] } }) });
    const v = withNearMisses(evaluateClaude(rs, { tool: 'Bash', command: 'npm run test:unit' }, { home: '/home/u' }));
    assert.notEqual(v.decision, 'allow');
    assert.match(renderTraceText(v), /Bash\(npm run test:\*\) allow.*":\*" matches "npm run test" followed by a space or the end/);
    assert.equal(nearMissLines(v).length, 1);
  });

  it('OpenCode: a rule that matched is never called a near miss; the others keep their own notes', () => {
    const rs = parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permissions: [{ action: 'bash', resource: 'git *', effect: 'allow' }, { action: 'bash', resource: 'gitk', effect: 'deny' }] }) });
    const v = withNearMisses(evaluateOpencode(rs, { action: 'bash', resources: ['gitk'] }));
    assert.equal(v.decision, 'deny');
    assert.deepEqual(nearMissLines(v).map((l) => l.split(' does not match')[0]), ['rule 1 `bash git * allow`']);
  });

  it('the hover of a stored request shows the near miss', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-near-'));
    fs.mkdirSync(path.join(dir, '.claude'));
    const rules = path.join(dir, '.claude/settings.json');
    const requests = path.join(dir, '.claude/settings.requests.json');
    fs.writeFileSync(rules, JSON.stringify({ permissions: { allow: ['Bash(npm run test:*)'] } }));
    const text = JSON.stringify({ requests: [{ name: 'unit tests run', tool: 'Bash', command: 'npm run test:unit', expect: 'allow' }] }, null, 2);
    fs.writeFileSync(requests, text);
    const ls = service();
    open(ls, rules);
    const uri = open(ls, requests, text);
    await ls.ready(uri);
    const line = text.split('\n').findIndex((l) => l.includes('unit tests run'));
    const hover = hoverAt(ls.workspace.analyze(uri), { line, character: 15 });
    const value = (hover?.contents as { value: string } | undefined)?.value ?? '';
    assert.match(value, /⚠ rule 1 `Bash\(npm run test:\\\*\) allow` does not match: ":\\\*" matches "npm run test" followed by a space or the end/);
  });
});
