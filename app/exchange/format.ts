/** Amount input and display helpers. Amounts stay decimal strings; nothing here goes through floats. */

const DECIMAL = /^\d+(?:\.\d+)?$/;

/** What a visitor typed, as a decimal string: spaces dropped, a decimal comma read as a point. */
export function cleanAmount(input: string): string {
  return input.trim().replace(/\s+/g, '').replace(',', '.');
}

/** A positive decimal number such as "0.1" or "25" (no sign, no exponent, not zero). */
export function isPositiveAmount(input: string): boolean {
  const value = cleanAmount(input);
  return DECIMAL.test(value) && /[1-9]/.test(value);
}

/** Keeps only what can become a decimal number while typing ("0.", "12.5"). */
export function typingAmount(input: string): string {
  const value = input.replace(',', '.').replace(/[^\d.]/g, '');
  const dot = value.indexOf('.');
  return dot === -1 ? value : `${value.slice(0, dot + 1)}${value.slice(dot + 1).replace(/\./g, '')}`;
}

/**
 * A long decimal cut down for reading: at most `digits` significant fraction digits after the
 * first non-zero one ("30.123456789123" → "30.12345678"), never rounded up.
 */
export function shortAmount(value: string, digits = 8): string {
  const [whole = '0', fraction = ''] = value.split('.');
  if (!fraction) return whole;
  const lead = whole.replace(/^0+/, '') === '' ? (fraction.match(/^0*/)?.[0].length ?? 0) : 0;
  const cut = fraction.slice(0, lead + digits).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

/** True when a decimal string is zero ("0", "0.000"). */
export function isZero(value: string): boolean {
  return !/[1-9]/.test(value);
}

/** Minutes and seconds left until `until` ("4:07"); hours when longer ("1:02:03"). */
export function remaining(until: number, now: number): string {
  const total = Math.max(0, Math.floor((until - now) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export function upper(code: string): string {
  return code.toUpperCase();
}
