/** Redraws at most this often, so progress costs nothing on fast imports. */
const REDRAW_MS = 100;
const BAR_WIDTH = 30;

/**
 * A progress bar on stderr when it is a terminal; nothing at all when piped or redirected.
 * @example const p = progressBar('import'); p.update(50, 100); p.done()
 */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): { update(done: number, total: number): void; done(): void } {
  if (!stream.isTTY) return { update() {}, done() {} };
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - last < REDRAW_MS && done < total) return;
      last = now;
      const f = total > 0 ? Math.min(1, done / total) : 1;
      const full = Math.round(f * BAR_WIDTH);
      stream.write(`\r${label} [${'#'.repeat(full)}${'-'.repeat(BAR_WIDTH - full)}] ${(f * 100).toFixed(0).padStart(3)}% ${mb(done)}/${mb(total)} MB`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}

function mb(n: number): string {
  return (n / 1024 / 1024).toFixed(1);
}
