import type { I18n } from './i18n.ts';

/**
 * The browser's translations, reachable from client middleware outside React, and the error
 * of a dictionary load that failed before hydration (the root shows the 500 page for it).
 */
export const i18nClient: { current: I18n | null; loadError: unknown } = { current: null, loadError: null };
