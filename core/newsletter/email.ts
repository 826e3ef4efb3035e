/**
 * The newsletter's email rule (SPEC §5), shared by the footer form in the browser and the server.
 * Pure: no database or Node imports, so the client bundle can use it.
 */

/** The reCAPTCHA v3 action the site's newsletter form must execute with. */
export const SUBSCRIBE_ACTION = 'subscribe';

/** The longest address accepted (the SMTP path limit). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * SPEC §5 newsletter email: no spaces, exactly one at sign, a dot in the domain part with
 * something on both sides of it, at most 254 characters. No control characters either.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** True when the address passes the SPEC §5 rules as it is (not trimmed). */
export function isValidEmail(email: string): boolean {
  return (
    email.length > 0 &&
    email.length <= MAX_EMAIL_LENGTH &&
    EMAIL_PATTERN.test(email) &&
    !CONTROL_CHARACTERS.test(email)
  );
}

/** The address as it is stored (trimmed, lowercased), or null when it is not valid. */
export function normalizeEmail(email: string): string | null {
  const normalized = email.trim().toLowerCase();
  return isValidEmail(normalized) ? normalized : null;
}
