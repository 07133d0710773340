import * as vscode from 'vscode';
import { appendRequest, requestsFileFor } from '../requests/requests-file';
import { storedNames } from '../requests/requests-text';
import { summarizeRequest } from '../requests/request-input';
import type { ServerConnection } from '../server-connection';
import type { TraceSubject } from '../views/trace-view';

/**
 * Stores the request shown in the trace view beside its rules, expecting the decision it just got,
 * so today's answer becomes a regression test. Returns the requests file, or undefined if cancelled.
 */
export async function saveAsStoredRequest(server: ServerConnection, subject: TraceSubject, name?: string): Promise<vscode.Uri | undefined> {
  if (!subject.request) throw new Error('Only a typed request can be saved; this one is stored already.');
  const listing = await server.listRequests({ uri: subject.ruleUri.toString() }).catch(() => undefined);
  const target = listing?.requestsUri ? vscode.Uri.parse(listing.requestsUri) : await requestsFileFor(subject.ruleUri);
  const taken = await namesIn(target);
  const chosen = name ?? (await vscode.window.showInputBox({
    title: 'Save as stored request',
    prompt: `Name for the request in ${vscode.workspace.asRelativePath(target)}`,
    value: uniqueName(summarizeRequest(subject.request), taken),
    validateInput: (v) => (!v.trim() ? 'A name is required' : taken.has(v.trim()) ? 'That name is already used in this file' : undefined),
  }));
  if (!chosen) return undefined;
  if (taken.has(chosen.trim())) throw new Error(`A request named "${chosen.trim()}" already exists in ${vscode.workspace.asRelativePath(target)}`);
  const expect = subject.result.verdict?.native ?? subject.result.verdict?.decision;
  await appendRequest(target, { name: chosen.trim(), origin: 'synthetic', ...subject.request, ...(expect ? { expect } : {}) });
  void vscode.window.showInformationMessage(`Saved "${chosen.trim()}" to ${vscode.workspace.asRelativePath(target)}`);
  return target;
}

async function namesIn(uri: vscode.Uri): Promise<Set<string>> {
  try {
    return storedNames((await vscode.workspace.openTextDocument(uri)).getText());
  } catch {
    return new Set();
  }
}

/** @example uniqueName('edit a', new Set(['edit a'])) // 'edit a (2)' */
export function uniqueName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base} (${i})`)) return `${base} (${i})`;
}
