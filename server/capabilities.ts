import { CodeActionKind, TextDocumentSyncKind, type ClientCapabilities, type ServerCapabilities } from 'vscode-languageserver';
import type { ClientFeatures } from './service/host';

/** The client abilities the server changes its behaviour for. */
export interface ClientCapabilitiesSummary extends ClientFeatures {
  configuration: boolean;
  workspaceFolders: boolean;
  watchRegistration: boolean;
  configurationRegistration: boolean;
  codeLensRefresh: boolean;
  /** The server may create progress notifications (`window/workDoneProgress/create`). */
  workDoneProgress: boolean;
}

/**
 * Reads what the client supports from its `initialize` capabilities.
 * @example summarizeClient({ workspace: { configuration: true } }).configuration // true
 */
export function summarizeClient(c: ClientCapabilities): ClientCapabilitiesSummary {
  const diag = c.textDocument?.publishDiagnostics;
  return {
    configuration: c.workspace?.configuration === true,
    workspaceFolders: c.workspace?.workspaceFolders === true,
    relatedInformation: diag?.relatedInformation === true,
    codeDescription: diag?.codeDescriptionSupport === true,
    createFiles: c.workspace?.workspaceEdit?.resourceOperations?.includes('create') === true && c.workspace.workspaceEdit.documentChanges === true,
    changeAnnotations: c.workspace?.workspaceEdit?.changeAnnotationSupport !== undefined && c.workspace.workspaceEdit.documentChanges === true,
    watchRegistration: c.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    configurationRegistration: c.workspace?.didChangeConfiguration?.dynamicRegistration === true,
    codeLensRefresh: c.workspace?.codeLens?.refreshSupport === true,
    workDoneProgress: c.window?.workDoneProgress === true,
  };
}

/** The features this server offers. */
export const SERVER_CAPABILITIES: ServerCapabilities = {
  textDocumentSync: TextDocumentSyncKind.Incremental,
  hoverProvider: true,
  codeLensProvider: { resolveProvider: false },
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix], resolveProvider: false },
  completionProvider: { triggerCharacters: ['"', ':'], resolveProvider: false },
  documentSymbolProvider: true,
  workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
};
