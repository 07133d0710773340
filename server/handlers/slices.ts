import { SliceClock } from '../../shared/analysis/steps';
import { stretches } from '../slow-stretches';

/** Longest the server's background work holds the thread before it lets messages through. */
export const SLICE_MS = 8;

/**
 * Resolves after the messages already received (and whatever they scheduled at once) have been
 * handled: a keystroke that arrived while the thread was busy has then reached the documents, so
 * work on the version it replaced can be seen to be stale before anything of it is published.
 * (vscode-jsonrpc reads a message in one turn of the event loop and dispatches it in the next.)
 * @example await settle(); if (superseded()) return;
 */
export async function settle(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Runs a generator for one slice: steps until `sliceMs` have passed, it ends, or it yields a
 * value (a stage's result goes out at once: the parse's diagnostics never wait behind the first
 * step of the next stage, which may be long), with `clock` (what its budget reads) running
 * meanwhile; the values it yielded besides its pauses, in order. `label` names a step in the
 * reports of long ones (`RULELENS_SLOW_STEPS`; read once the step has run).
 * @example const { values, done } = slice(check.stages, clock)
 */
export function slice<Y>(work: Generator<Y | void, void, void>, clock?: SliceClock, sliceMs = SLICE_MS, label: () => string = () => 'step'): { values: Y[]; done: boolean } {
  const values: Y[] = [];
  const end = performance.now() + sliceMs;
  clock?.start();
  try {
    for (;;) {
      const r = stretches.enabled ? stretches.run(label, () => work.next()) : work.next();
      if (r.done) return { values, done: true };
      if (r.value !== undefined) {
        values.push(r.value);
        return { values, done: false };
      }
      if (performance.now() >= end) return { values, done: false };
    }
  } finally {
    clock?.stop();
  }
}
