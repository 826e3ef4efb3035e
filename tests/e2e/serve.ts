/**
 * The server the browser tests run against: the product's own start script, with the human check
 * switched on and verified by the local reCAPTCHA fake (no network). The browser side of the check
 * is replaced per test with `fakeRecaptchaScript` (see newsletter tests).
 */
import { startFakeRecaptcha } from '../../core/human-check/recaptcha-fake.ts';
import { E2E_FORM_TOKENS, E2E_RECAPTCHA } from './recaptcha.ts';

const fake = await startFakeRecaptcha({
  secret: E2E_RECAPTCHA.secret,
  tokens: {
    [E2E_RECAPTCHA.humanToken]: { success: true, score: 0.9, action: 'subscribe' },
    [E2E_RECAPTCHA.botToken]: { success: true, score: 0.1, action: 'subscribe' },
    ...Object.fromEntries(
      Object.entries(E2E_FORM_TOKENS).map(([action, token]) => [
        token,
        { success: true, score: 0.9, action },
      ]),
    ),
  },
});
process.env.RECAPTCHA_SITE_KEY = E2E_RECAPTCHA.siteKey;
process.env.RECAPTCHA_SECRET = E2E_RECAPTCHA.secret;
process.env.RECAPTCHA_VERIFY_URL = fake.url;
process.on('SIGTERM', () => void fake.close());

await import('../../server/start.ts');
