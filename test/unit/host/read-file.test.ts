import * as assert from 'assert';
import { isUtf8 } from 'buffer';
import { execFileSync } from 'child_process';
import fc from 'fast-check';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { firstInvalidUtf8, MAX_RULE_FILE_BYTES, readBounded } from '../../../shared/host/read-file';
import { readText } from '../../../shared/host/node-fs';
import { propertyRuns } from '../../helpers/runs';

const RUNS = propertyRuns(300);

function scratch(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-read-'));
}

describe('host: bounded file reading', () => {
  it('reads a regular UTF-8 file whole, BOM and all', () => {
    const p = path.join(scratch(), 'a.json');
    fs.writeFileSync(p, '\ufeff{"é": "😀"}\n');
    assert.deepStrictEqual(readBounded(p), { ok: true, text: '\ufeff{"é": "😀"}\n' });
  });

  it('a file of exactly the limit is read; one byte more is refused before reading', () => {
    const dir = scratch();
    const at = path.join(dir, 'at.json');
    fs.writeFileSync(at, 'x'.repeat(1000));
    assert.strictEqual(readBounded(at, 1000).ok, true);
    const over = readBounded(at, 999);
    assert.strictEqual(over.ok, false);
    assert.strictEqual(!over.ok && over.problem, 'too-large');
    assert.strictEqual(!over.ok && over.reason, 'is 1,000 bytes; the limit is 999 bytes');
  });

  it('files that report size 0 but have content (/proc) are read up to the limit, never past it', function () {
    if (!fs.existsSync('/proc/self/status')) this.skip();
    const r = readBounded('/proc/self/status');
    assert.ok(r.ok && /Name:/.test(r.text));
    const small = readBounded('/proc/self/status', 16);
    assert.strictEqual(!small.ok && small.problem, 'too-large');
  });

  it('FIFOs, devices and folders are refused by their stat, never opened', () => {
    const dir = scratch();
    const fifo = path.join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    // Opening a FIFO for reading would block this very process until a writer came: reaching the
    // assertions at all shows it was not opened.
    for (const [p, kind] of [[fifo, 'a FIFO'], ['/dev/zero', 'a character device'], [dir, 'a folder']]) {
      const r = readBounded(p);
      assert.strictEqual(!r.ok && r.problem, 'not-a-file', p);
      assert.strictEqual(!r.ok && r.reason, `is ${kind}, not a regular file`);
    }
  });

  it('missing and looping paths say so', () => {
    const dir = scratch();
    assert.strictEqual((readBounded(path.join(dir, 'none.json')) as { problem: string }).problem, 'missing');
    fs.symlinkSync('loop.json', path.join(dir, 'loop.json'));
    const loop = readBounded(path.join(dir, 'loop.json'));
    assert.strictEqual(!loop.ok && loop.problem, 'unreadable');
    assert.match(!loop.ok ? loop.reason : '', /symbolic links/);
  });

  it('a file without read permission is unreadable, with the reason', function () {
    if (process.getuid?.() === 0) this.skip(); // root reads everything
    const p = path.join(scratch(), 'secret.json');
    fs.writeFileSync(p, '{}');
    fs.chmodSync(p, 0);
    const r = readBounded(p);
    assert.strictEqual(!r.ok && r.problem, 'unreadable');
    assert.match(!r.ok ? r.reason : '', /permission denied/);
  });

  it('not UTF-8: refused at the first bad byte, with line and UTF-16 column', () => {
    const p = path.join(scratch(), 'bad.json');
    fs.writeFileSync(p, Buffer.concat([Buffer.from('{\n"😀é": "'), Buffer.from([0xe2, 0x82]), Buffer.from('"}')]));
    const r = readBounded(p);
    assert.strictEqual(!r.ok && r.problem, 'not-utf8');
    // Line 2 holds `"😀é": "` before the bad bytes: 1 + 2 + 1 + 4 = 8 UTF-16 units, 11 bytes after the 2 of line 1.
    assert.deepStrictEqual(!r.ok && r.at, { line: 1, character: 8, byte: 13 });
  });

  it('readText stays lenient for the ledger and settings it reads, but is bounded and never opens a FIFO', () => {
    const dir = scratch();
    const fifo = path.join(dir, 'ledger.jsonl');
    execFileSync('mkfifo', [fifo]);
    assert.strictEqual(readText(fifo), undefined);
    const bad = path.join(dir, 'x.json');
    fs.writeFileSync(bad, Buffer.from([0x61, 0xff]));
    assert.strictEqual(readText(bad), 'a\ufffd');
  });

  it('the rule-file limit is a named constant of 8 MiB', () => {
    assert.strictEqual(MAX_RULE_FILE_BYTES, 8 * 1024 * 1024);
  });
});

describe('host: firstInvalidUtf8 agrees with the WHATWG decoder', () => {
  const byte = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xff }), fc.constantFrom(0xc0, 0xc1, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0x80, 0xbf, 0xa0, 0x9f, 0x8f, 0x90));
  it('valid exactly when node says so; the prefix before the offset is valid, and no valid sequence starts at it', () => {
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 24 }), (bytes) => {
        const b = Buffer.from(bytes);
        const at = firstInvalidUtf8(b);
        assert.strictEqual(at === b.length, isUtf8(b));
        assert.ok(isUtf8(b.subarray(0, at)));
        // The first bad byte: no complete, valid sequence (1 to 4 bytes) starts there.
        for (let k = 1; k <= 4 && at + k <= b.length; k++) assert.ok(!isUtf8(b.subarray(at, at + k)), `bytes ${at}..${at + k} are valid`);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('every valid encoding of random text is accepted', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => firstInvalidUtf8(Buffer.from(s, 'utf8')) === Buffer.byteLength(s, 'utf8')), { numRuns: RUNS });
  });
});
