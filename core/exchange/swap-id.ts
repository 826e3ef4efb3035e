import { splitLanguage } from '../routing/paths.ts';
import { SWAP_ID_PATTERN } from './types.ts';

/**
 * What a visitor pasted into the status lookup, read as a swap id: the id itself in any case and
 * with any spaces (`ABCD EFGH …`), or a link to its page on our site in any language
 * (`https://swapgate.io/de/swap/…`, `/swap/…/`, `swapgate.io/swap/…?x=1#y`). `kind` says why
 * nothing was found: `empty` for blank input, `shape` for anything else.
 */
export type SwapIdInput = { ok: true; id: string } | { ok: false; kind: 'empty' | 'shape' };

const SWAP_PATH = /^\/swap\/([^/]+)\/?$/;

export function parseSwapIdInput(input: string): SwapIdInput {
  const text = input.trim();
  if (!text) return { ok: false, kind: 'empty' };
  const id = text.includes('/') ? idFromLink(text) : text.replace(/\s+/g, '').toLowerCase();
  return id !== null && SWAP_ID_PATTERN.test(id) ? { ok: true, id } : { ok: false, kind: 'shape' };
}

/** The id in a link's path `/swap/{id}` (with or without a language prefix, scheme and host). */
function idFromLink(text: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    ? text
    : text.startsWith('/')
      ? `https://localhost${text}`
      : `https://${text}`;
  let pathname: string;
  try {
    pathname = new URL(withScheme.replace(/\s+/g, '')).pathname;
  } catch {
    return null;
  }
  const { path } = splitLanguage(pathname);
  const match = SWAP_PATH.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]).toLowerCase() : null;
}
