import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/language-service';
import type { ClientCapabilitiesSummary } from '../capabilities';
import type { Settings } from './settings';
import type { Validator } from './validation';
import { stretches } from '../slow-stretches';

/** What every handler registers against. */
export interface ServerContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  service: LanguageService;
  settings: Settings;
  validator: Validator;
  client: ClientCapabilitiesSummary;
  /** Checks the rule files nobody opened (set once the context exists: it needs the context). */
  /** The checker of rule files nobody opened (`background.ts`); typed by what handlers call, so it can import this file. */
  background?: { start(): void };
}

/**
 * Everything a handler awaits before it reads an analysis: the dialects of the documents (a
 * dialect with a WebAssembly parser is never used before the parser is loaded) and their settings.
 * Every handler that analyses a document goes through here, so no answer depends on which files
 * happened to be opened first.
 * @example await prepared(ctx, [p.textDocument.uri]); return ctx.service.doHover(uri, pos);
 */
export async function prepared(ctx: Pick<ServerContext, 'service' | 'settings'>, uris: readonly string[]): Promise<void> {
  await Promise.all([...uris.map((u) => ctx.service.ready(u)), ctx.settings.prepare(uris)]);
}

/**
 * Wraps a handler so a throw becomes a logged error and a harmless answer: one bad document or
 * request must never take the server down for the others.
 * @example connection.onHover(guard(ctx, 'hover', null, (p) => service.doHover(p.textDocument.uri, p.position)))
 */
export function guard<P extends unknown[], R>(connection: Connection, name: string, fallback: R, fn: (...args: P) => R | Promise<R>): (...args: P) => Promise<R> {
  return async (...args: P) => {
    try {
      // The handler's code up to its first wait is timed under its name (`RULELENS_SLOW_STEPS`).
      return await stretches.run(name, () => fn(...args));
    } catch (e) {
      connection.console.error(`${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return fallback;
    }
  };
}
