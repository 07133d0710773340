/**
 * Every JSON, JSONC and YAML file (and shell scripts and Copilot CLI flags files): which of them hold rules is decided by the server's dialect
 * detection, not by file names, so renamed or nested rule files are still checked.
 */
export const documentSelector: Array<{ scheme: string; language: string }> = [
  { scheme: 'file', language: 'json' },
  { scheme: 'file', language: 'jsonc' },
  { scheme: 'file', language: 'yaml' },
  { scheme: 'file', language: 'starlark' },
  { scheme: 'file', language: 'toml' },
  { scheme: 'file', language: 'shellscript' },
  { scheme: 'file', language: 'copilot-flags' },
  { scheme: 'untitled', language: 'json' },
  { scheme: 'untitled', language: 'jsonc' },
  { scheme: 'untitled', language: 'yaml' },
];
