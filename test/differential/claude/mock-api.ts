// A loopback stand-in for the Messages API: the first streamed request of a session is answered
// with one tool call, every later one with a plain end of turn. Claude Code's permission layer then
// decides the call exactly as it would for a real model; no model is involved.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolCall {
  name: string;
  input: Record<string, unknown>;
}

/** The tool call the next session receives, and what came back for it. */
export interface MockSession {
  call: ToolCall;
  /** The tool_result content the CLI sent back (undefined until it does). */
  result?: { content: string; isError: boolean };
}

export interface MockApi {
  url: string;
  /** Sets the call the next CLI run receives. */
  arm(call: ToolCall): MockSession;
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

function toolResultOf(body: any): MockSession['result'] | undefined {
  for (const m of body?.messages ?? []) {
    if (!Array.isArray(m.content)) continue;
    for (const c of m.content) {
      if (c?.type === 'tool_result') {
        const content = typeof c.content === 'string' ? c.content : (c.content ?? []).map((x: any) => x?.text ?? '').join('');
        return { content, isError: c.is_error === true };
      }
    }
  }
  return undefined;
}

/** Starts the mock on 127.0.0.1 (a free port). */
export async function startMockApi(): Promise<MockApi> {
  let session: MockSession | undefined;
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
      const result = toolResultOf(body);
      const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
      if (session && !result && hasTools && !session.result) {
        const call = session.call;
        sse(res, message(id, [{ type: 'tool_use', id: 'toolu_rulelens_1', name: call.name, input: {} }], [JSON.stringify(call.input)], 'tool_use'));
        return;
      }
      if (session && result) session.result = result;
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
  return {
    url: `http://127.0.0.1:${port}`,
    arm(call) {
      session = { call };
      return session;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
