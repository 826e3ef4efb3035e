import type { i18n } from 'i18next';

/** The browser's i18next instance, reachable from client middleware outside React. */
export const i18nClient: { current: i18n | null } = { current: null };
