/**
 * Whether JavaScript accepts an `amp.permissions` regex (`/…/`): Amp runs `new RegExp(body, "m")`
 * and an invalid one throws "Invalid regex pattern", which aborts the whole user list for that call.
 * The expression is only compiled here (parsing is linear), never run: matching goes through the
 * linear matcher.
 * @example regexCompiles('[', 'm') // false
 */
export function regexCompiles(body: string, flags: string): boolean {
  try {
    new RegExp(body, flags);
    return true;
  } catch {
    return false;
  }
}
