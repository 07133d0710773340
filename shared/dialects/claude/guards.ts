import type { TraceRow } from '../../model';
import { LAYER_TITLES, type GuardKey, type SettingSource } from './types';

/** A guard that decides a subject on its own, after the deny rules and before ask and allow. */
export interface SubjectGuard {
  key: GuardKey;
  /** The trace row that stands for the guard: its setting, file, line and layer. */
  row: TraceRow;
  branch: string;
}

/**
 * The trace row of a guard setting: no rule (`rule` -1), the setting as label, its place.
 * @example guardRow('blockWritesOutsideWorkingDirectories', at).label // 'permissions.blockWritesOutsideWorkingDirectories: true'
 */
export function guardRow(key: GuardKey, at: SettingSource): TraceRow {
  return { rule: -1, label: `permissions.${key}: true`, matches: [true], source: { file: at.path, line: at.range.start.line + 1, layer: LAYER_TITLES[at.layer] } };
}

/**
 * The guard for a file tool's write outside the working folders, or of a Claude Code settings
 * file while writes are blocked: "No allow rule lifts it" (settings schema, 2.1.328).
 */
export function writeGuard(at: SettingSource, path: string, settingsFile: boolean): SubjectGuard {
  const why = settingsFile
    ? `${path} is a Claude Code settings file: while permissions.blockWritesOutsideWorkingDirectories is on (${at.layer} settings) the agent refuses to write it, since a settings file could lift the block`
    : `${path} is outside the working folders and permissions.blockWritesOutsideWorkingDirectories is on (${at.layer} settings): the agent refuses the write whatever allow rule or mode`;
  return { key: 'blockWritesOutsideWorkingDirectories', row: guardRow('blockWritesOutsideWorkingDirectories', at), branch: `guard: ${why}` };
}

/** The guard for a file tool's read outside the working folders. */
export function readGuard(at: SettingSource, path: string): SubjectGuard {
  return {
    key: 'blockReadsOutsideWorkingDirectories',
    row: guardRow('blockReadsOutsideWorkingDirectories', at),
    branch: `guard: ${path} is outside the working folders and permissions.blockReadsOutsideWorkingDirectories is on (${at.layer} settings): the agent refuses the read whatever allow rule or mode`,
  };
}
