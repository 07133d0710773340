// A loopback stand-in for the Messages API: a session is handed its tool calls one at a time, each
// once the result of the one before came back (a streamed request whose transcript holds n of the
// session's results is answered with call n + 1), then a plain end of turn. Claude Code's permission
// layer decides each call exactly as it would for a real model; no model is involved.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolCall {
  name: string;
  input: Record<string, unknown>;
}

/** What the CLI sent back for a tool call. */
export interface ToolResult {
  content: string;
  isError: boolean;
}

/** The tool call the next session receives, and what came back for it. */
export interface MockSession {
  call: ToolCall;
  /** The tool_result content the CLI sent back (undefined until it does). */
  result?: ToolResult;
}

/** The tool calls the next session receives in turn, and what came back for each. */
export interface MockBatch {
  calls: readonly ToolCall[];
  /** `results[k]`: what came back for `calls[k]` (undefined until it does, or when never handed out). */
  results: Array<ToolResult | undefined>;
}

/** The id of the k-th (0-based) tool call of a session, as the tool_use block and the permission denials name it. */
export const toolUseId = (k: number): string => `toolu_rulelens_${k + 1}`;

export interface MockApi {
  url: string;
  /** Sets the call the next CLI run receives. */
  arm(call: ToolCall): MockSession;
  /**
   * Sets the calls the next CLI run receives, one after the other. `goOn(k)` is asked when the
   * result of call k came back, before call k + 1 is handed out: false ends the session there (the
   * caller found that call k changed what later calls would be judged on).
   */
  armBatch(calls: readonly ToolCall[], goOn?: (k: number) => boolean): MockBatch;
  close(): Promise<void>;
}

function sse(res: ServerResponse, events: Array<Record<string, unknown>>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of events) res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  res.end();
}

function message(id: string, blocks: Array<Record<string, unknown>>, deltas: string[], stop: string): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [
    { type: 'message_start', message: { id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } },
  ];
  blocks.forEach((b, i) => {
    events.push({ type: 'content_block_start', index: i, content_block: b });
    events.push({ type: 'content_block_delta', index: i, delta: b.type === 'tool_use' ? { type: 'input_json_delta', partial_json: deltas[i] } : { type: 'text_delta', text: deltas[i] } });
    events.push({ type: 'content_block_stop', index: i });
  });
  events.push({ type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } });
  events.push({ type: 'message_stop' });
  return events;
}

/** The results of the session's own tool calls in a request's transcript, by call index. */
function toolResultsOf(body: any): Map<number, ToolResult> {
  const out = new Map<number, ToolResult>();
  for (const m of body?.messages ?? []) {
    if (!Array.isArray(m.content)) continue;
    for (const c of m.content) {
      if (c?.type !== 'tool_result' || typeof c.tool_use_id !== 'string') continue;
      const k = Number(/^toolu_rulelens_(\d+)$/.exec(c.tool_use_id)?.[1]) - 1;
      if (!Number.isInteger(k) || k < 0) continue;
      const content = typeof c.content === 'string' ? c.content : (c.content ?? []).map((x: any) => x?.text ?? '').join('');
      out.set(k, { content, isError: c.is_error === true });
    }
  }
  return out;
}

/** Starts the mock on 127.0.0.1 (a free port). */
export async function startMockApi(): Promise<MockApi> {
  let batch: (MockBatch & { goOn: (k: number) => boolean; stopped: boolean }) | undefined;
  let n = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const url = req.url ?? '';
      if (req.method !== 'POST' || !url.startsWith('/v1/messages') || url.includes('count_tokens')) {
        res.writeHead(url.includes('count_tokens') ? 200 : 404, { 'content-type': 'application/json' });
        res.end(url.includes('count_tokens') ? '{"input_tokens":1}' : '{}');
        return;
      }
      let body: any;
      try {
        body = JSON.parse(raw);
      } catch {
        body = {};
      }
      const id = `msg_${++n}`;
      const results = toolResultsOf(body);
      const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
      if (batch) for (const [k, r] of results) if (k < batch.calls.length && batch.results[k] === undefined) batch.results[k] = r;
      // The transcript says how far the session got: with results for calls 0..k-1, call k is next.
      const next = results.size;
      if (batch && hasTools && next < batch.calls.length && [...Array(next).keys()].every((k) => results.has(k)) && !batch.stopped) {
        if (next > 0 && !batch.goOn(next - 1)) batch.stopped = true;
        else {
          const call = batch.calls[next];
          sse(res, message(id, [{ type: 'tool_use', id: toolUseId(next), name: call.name, input: {} }], [JSON.stringify(call.input)], 'tool_use'));
          return;
        }
      }
      if (body.stream === false || body.stream === undefined) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'done' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } }));
        return;
      }
      sse(res, message(id, [{ type: 'text', text: '' }], ['done'], 'end_turn'));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  const armBatch = (calls: readonly ToolCall[], goOn: (k: number) => boolean = () => true): MockBatch => {
    batch = { calls, results: calls.map(() => undefined), goOn, stopped: false };
    return batch;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    arm(call) {
      const b = armBatch([call]);
      return {
        call,
        get result() {
          return b.results[0];
        },
      };
    },
    armBatch,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
