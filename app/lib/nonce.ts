import { createContext, useContext } from 'react';

/** The CSP nonce of the current server response; empty in the browser, where it is not needed. */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}

/**
 * The CSP nonce of this document, for scripts added in the browser: read from a server-rendered
 * script (the property; browsers hide the attribute's value once the page is parsed).
 */
export function documentNonce(): string | undefined {
  const script = document.querySelector?.<HTMLScriptElement>('script[nonce]');
  return script?.nonce || script?.getAttribute('nonce') || undefined;
}
