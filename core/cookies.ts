/**
 * The one Cookie-header reader, for the server (request headers) and the browser
 * (`document.cookie`). A value that is not valid percent-encoding is returned as written, never
 * thrown: a visitor's malformed cookie must not turn a page into a 500.
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
