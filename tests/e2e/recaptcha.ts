import type { Page } from '@playwright/test';

/** The human-check settings of the e2e server (tests/e2e/serve.ts) and the tokens its fake knows. */
export const E2E_RECAPTCHA = {
  siteKey: 'e2e-site-key',
  secret: 'e2e-secret',
  /** Verified with score 0.9: a human. */
  humanToken: 'e2e-human',
  /** Verified with score 0.1: refused by the server. */
  botToken: 'e2e-bot',
} as const;

/** Tokens the fake verifies as human for each support form's action (core/support/fields.ts). */
export const E2E_FORM_TOKENS = {
  contact: 'e2e-human-contact',
  add_coin: 'e2e-human-add-coin',
  partner_demo: 'e2e-human-partner-demo',
  review: 'e2e-human-review',
} as const;

/**
 * Serves a stand-in for Google's reCAPTCHA script: `grecaptcha.execute` answers `token` (or fails
 * when it is null) and records each call in `window.__recaptchaCalls`. `loads` counts script loads.
 */
export async function fakeRecaptchaScript(page: Page, token: string | null): Promise<{ loads: string[] }> {
  const loads: string[] = [];
  await page.route('https://www.google.com/recaptcha/api.js*', (route) => {
    loads.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: `window.__recaptchaCalls = [];
window.grecaptcha = {
  ready(callback) { setTimeout(callback, 0); },
  execute(siteKey, options) {
    window.__recaptchaCalls.push({ siteKey, action: options && options.action });
    return ${token === null ? "Promise.reject(new Error('no token'))" : `Promise.resolve(${JSON.stringify(token)})`};
  },
};`,
    });
  });
  return { loads };
}
