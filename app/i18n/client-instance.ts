import type { i18n } from 'i18next';

/**
 * The browser's i18next instance, reachable from client middleware outside React, and the error
 * of a dictionary load that failed before hydration (the root shows the 500 page for it).
 */
export const i18nClient: { current: i18n | null; loadError: unknown } = { current: null, loadError: null };
