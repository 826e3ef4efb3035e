/**
 * The promo code a visitor brought from /congrats, kept for their next swap in session storage
 * (this tab, until it closes): the swap step fills it in, and a created swap uses it up.
 */
export const PROMO_STORAGE_KEY = 'swapgate:promo-code';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be refused (privacy settings); the code is then typed by hand.
    return null;
  }
}

export function storePromoCode(code: string): void {
  try {
    storage()?.setItem(PROMO_STORAGE_KEY, code);
  } catch {}
}

export function storedPromoCode(): string | null {
  try {
    const code = storage()?.getItem(PROMO_STORAGE_KEY)?.trim();
    return code ? code.slice(0, 40) : null;
  } catch {
    return null;
  }
}

export function clearPromoCode(): void {
  try {
    storage()?.removeItem(PROMO_STORAGE_KEY);
  } catch {}
}
