import * as vscode from 'vscode';
import type { RequestResultInfo } from '../../shared/protocol';

/** A failure shown as expected vs actual, pointing at the request in its file. */
export function resultMessage(info: RequestResultInfo, item: vscode.TestItem): vscode.TestMessage {
  const message = info.pass === false
    ? vscode.TestMessage.diff(`expected ${info.expect ?? '?'}, got ${info.decision ?? 'no decision'} — ${info.detail}`, info.expect ?? '', info.decision ?? '')
    : new vscode.TestMessage(info.decision === null ? `not evaluated: ${info.detail}` : `invalid request: ${info.detail}`);
  if (item.uri && item.range) message.location = new vscode.Location(item.uri, item.range);
  return message;
}
