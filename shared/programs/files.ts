/**
 * Shell commands that read or write a file named on their command line, for `cross-tool-bypass`:
 * a file-tool deny on a path says nothing about these. `{}` is the file (shell-quoted by the
 * caller when it must be); the reader's whole output is the file's content.
 */
export interface FileCommand {
  template: string;
  /** What it does, as the related information says it. */
  does: string;
}

const reader = (template: string, does = 'prints it'): FileCommand => ({ template, does });
const writer = (template: string, does: string): FileCommand => ({ template, does });

/** Commands that read a named file; the first the rules admit leads a finding, the others are listed. */
export const READERS: readonly FileCommand[] = [
  reader('cat {}'),
  reader('head {}', 'prints its start'),
  reader('tail {}', 'prints its end'),
  reader('less {}'),
  reader('more {}'),
  reader('grep -e . {}', 'prints every non-empty line'),
  reader('rg . {}', 'prints every non-empty line'),
  reader('sed -n p {}'),
  reader('awk 1 {}'),
  reader('base64 {}', 'prints it encoded'),
  reader('xxd {}', 'prints it in hex'),
  reader('od -c {}', 'prints it octet by octet'),
  reader('strings {}', 'prints its text'),
  reader('nl {}'),
  reader('tac {}', 'prints it backwards'),
  reader('sort {}', 'prints its lines sorted'),
  reader('cut -c 1- {}'),
  reader('jq . {}', 'prints it if it is JSON'),
  reader('bat {}'),
  reader('tar -cf - {}', 'writes it into an archive on standard output'),
  reader('cp {} /tmp/copy', 'copies it out of reach of the deny'),
  reader('diff /dev/null {}', 'prints it as added lines'),
];

/** Commands that write or delete a named file. */
export const WRITERS: readonly FileCommand[] = [
  writer('tee {}', 'writes standard input into it'),
  writer('cp /tmp/x {}', 'overwrites it'),
  writer('mv /tmp/x {}', 'replaces it'),
  writer('sed -i s/a/b/ {}', 'edits it in place'),
  writer('touch {}', 'creates it'),
  writer('truncate -s 0 {}', 'empties it'),
  writer('rm {}', 'deletes it'),
  writer('dd if=/dev/null of={}', 'empties it'),
  writer('ln -sf /tmp/x {}', 'replaces it with a link'),
];

/**
 * The command for a file.
 * @example fileCommand(READERS[0], '.env') // 'cat .env'
 */
export function fileCommand(c: FileCommand, file: string): string {
  return c.template.split('{}').join(file);
}
