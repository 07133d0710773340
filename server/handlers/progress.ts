import type { Connection, WorkDoneProgressReporter } from 'vscode-languageserver';

/**
 * The editor's progress notification while RuleLens checks (`window/workDoneProgress`, created by
 * the server when the client supports it): shown when checking starts, its message following the
 * stage, ended when every check is done. Without client support it does nothing.
 */
export class CheckingProgress {
  private reporter: Promise<WorkDoneProgressReporter | undefined> | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly supported: boolean,
  ) {}

  /** @example progress.show('checking opencode.json…') */
  show(message: string): void {
    if (!this.supported) return;
    if (!this.reporter) {
      this.reporter = this.connection.window
        .createWorkDoneProgress()
        .then((r) => {
          r.begin('RuleLens', undefined, message);
          return r;
        })
        .catch(() => undefined);
    } else void this.reporter.then((r) => r?.report(message));
  }

  /** Ends the notification (a later `show` starts another). */
  done(): void {
    const r = this.reporter;
    this.reporter = undefined;
    void r?.then((x) => x?.done());
  }
}
