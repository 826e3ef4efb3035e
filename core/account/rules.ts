/** The account forms' field rules, shared by the server and the pages. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;
export const MIN_PASSWORD = 10;
export const MAX_PASSWORD = 128;

export function normaliseEmail(value: unknown): string | null {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return EMAIL.test(email) && email.length <= 254 ? email : null;
}

export function validPassword(value: unknown): value is string {
  return typeof value === 'string' && value.length >= MIN_PASSWORD && value.length <= MAX_PASSWORD;
}
