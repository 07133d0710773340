import * as vscode from 'vscode';

/** What evaluate/showTrace were asked about, from a lens, a menu, a test or the palette. */
export interface EvaluateTarget {
  uri: vscode.Uri;
  requestName?: string;
  request?: Record<string, unknown>;
}

/**
 * Normalizes command arguments: nothing (the active editor), a Uri (menus), a URI string, or
 * `{uri, requestName}` / `{uri, request}` (code lenses and programmatic calls).
 */
export function resolveTarget(arg: unknown): EvaluateTarget | undefined {
  if (arg instanceof vscode.Uri) return { uri: arg };
  if (typeof arg === 'string') return { uri: vscode.Uri.parse(arg) };
  if (arg && typeof arg === 'object' && 'uri' in arg) {
    const a = arg as { uri: unknown; requestName?: unknown; request?: unknown };
    const uri = a.uri instanceof vscode.Uri ? a.uri : typeof a.uri === 'string' ? vscode.Uri.parse(a.uri) : undefined;
    if (!uri) return undefined;
    return {
      uri,
      requestName: typeof a.requestName === 'string' ? a.requestName : undefined,
      request: a.request && typeof a.request === 'object' ? (a.request as Record<string, unknown>) : undefined,
    };
  }
  const editor = vscode.window.activeTextEditor;
  return editor ? { uri: editor.document.uri } : undefined;
}
