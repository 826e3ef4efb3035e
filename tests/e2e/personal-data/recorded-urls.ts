import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

/**
 * What a visitor types in the form tests (tests/e2e/no-javascript, tests/e2e/slow-javascript):
 * none of it may appear in any URL the browser requests or is redirected to.
 */
export const PERSONAL = {
  email: 'forms-visitor+e2e@example.com',
  /** A valid Ethereum payout address (EIP-55). */
  payoutAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  name: 'Ada Lovelace',
  message: 'Please list my favourite coin, it is great.',
} as const;

/** Where the form tests write every URL their browser requested (one file per worker). */
export const URL_LOG_DIR = join(process.cwd(), 'test-results', 'requested-urls');

/** Every URL the form tests' browsers requested, and the redirects they were sent to. */
export function recordedUrls(): string[] {
  if (!existsSync(URL_LOG_DIR)) return [];
  return readdirSync(URL_LOG_DIR).flatMap((file) =>
    readFileSync(join(URL_LOG_DIR, file), 'utf8').split('\n').filter(Boolean),
  );
}

/** The form tests' `test`: each page's requests and redirect targets are written to URL_LOG_DIR. */
export const test = base.extend<{ recordUrls: undefined }>({
  recordUrls: [
    async ({ page }, use, testInfo) => {
      mkdirSync(URL_LOG_DIR, { recursive: true });
      const file = join(URL_LOG_DIR, `${testInfo.project.name}-${testInfo.workerIndex}.log`);
      const write = (url: string) => appendFileSync(file, `${url}\n`);
      page.on('request', (request) => write(request.url()));
      page.on('response', (response) => {
        const location = response.headers().location;
        if (location) write(new URL(location, response.url()).href);
      });
      page.on('framenavigated', (frame) => write(frame.url()));
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
