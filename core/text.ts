/**
 * Characters no user-typed text may carry into the database, a mail or a page: NUL (PostgreSQL's
 * text cannot hold it and refuses the whole query), the other control characters (C0, DEL, C1), and halves of
 * surrogate pairs (no UTF-8 encoding exists for them). Tabs are fine; line breaks only where the
 * field has lines (a message), never in a one-line value that may end up in a mail header.
 */
const CONTROLS = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;
const CONTROLS_OR_BREAKS = /(?!\t)[\p{Cc}\p{Cs}\u2028\u2029]/u;
const ALL_CONTROLS = /(?!\t)[\p{Cc}\p{Cs}\u2028\u2029]/gu;

/** True when `value` holds a character it may not (see above); `multiline` allows CR and LF. */
export function hasForbiddenCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROLS : CONTROLS_OR_BREAKS).test(value);
}

/** `value` with every control character, line break and lone surrogate replaced by a space. */
export function withoutControlCharacters(value: string): string {
  return value.replace(ALL_CONTROLS, ' ');
}
