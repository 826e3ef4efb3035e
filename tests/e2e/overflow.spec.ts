import { expect, type Page, test } from '@playwright/test';
import { localizePath } from '../../core/routing/paths.ts';
import { BASE_URL } from '../../playwright.config.ts';
import { waitForHydration } from './helpers.ts';

/**
 * Issue 16: nothing of the exchange journey sticks out of the screen, at a phone's width and a
 * laptop's, in English and in German (long words): the page does not scroll sideways and no
 * visible element's box reaches past the viewport.
 */

/** A valid Ethereum address (EIP-55 checksum). */
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const WIDTHS = [375, 1280] as const;

/**
 * Visible elements whose box, cut by any ancestor that clips it (overflow other than visible),
 * reaches past the viewport's left or right edge. Screen-reader-only boxes (1 px, clipped) are
 * not seen.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      let left = box.left;
      let right = box.right;
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.clipPath === 'none') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      if (right - left <= 1) continue;
      if (left < -1 || right > width + 1) {
        const id = element.dataset.testid ?? element.id ?? '';
        found.push(
          `<${element.tagName.toLowerCase()}${id ? ` ${id}` : ''} class="${element.className}"> ${Math.round(left)}–${Math.round(right)}`,
        );
      }
    }
    return found;
  });
}

async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  expect(await overflowing(page)).toEqual([]);
}

/** A sandbox swap made through the API, as a visitor's browser would. */
async function createSwap(page: Page): Promise<string> {
  const response = await page.request.post('/api/v1/swaps', {
    headers: { 'Idempotency-Key': `overflow-${Date.now()}-${Math.random()}` },
    data: { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float', payoutAddress: ETH_ADDRESS },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

for (const lang of ['en', 'de'] as const) {
  for (const width of WIDTHS) {
    test.describe(`${lang} at ${width} px`, () => {
      test.use({
        viewport: { width, height: 900 },
        locale: lang === 'en' ? 'en-US' : 'de-DE',
        // The cookie banner is answered: the pages are measured as a returning visitor sees them.
        storageState: {
          cookies: [
            {
              name: 'cookie_consent',
              value: '1:true_2:false_3:false_4:false',
              domain: new URL(BASE_URL).hostname,
              path: '/',
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: 'Lax',
            },
          ],
          origins: [],
        },
      });

      test('the home page and its exchange form with a quote', async ({ page }) => {
        await page.goto(localizePath(lang, '/'));
        await waitForHydration(page);
        const form = page.getByTestId('exchange-form');
        await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
        await expectNoOverflow(page, width);
        // The amount you get is shown whole (issue 16, defect 1): nothing of it is cut off.
        const amount = form.getByTestId('amount-to');
        await expect(amount).toHaveValue(/\d/);
        const cut = await amount.evaluate((element) => element.scrollWidth > element.clientWidth);
        expect(cut).toBe(false);
      });

      test('/swap: the form with a quote, then the address step', async ({ page }) => {
        await page.goto(localizePath(lang, '/swap'));
        await waitForHydration(page);
        const form = page.getByTestId('exchange-form');
        await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
        await expectNoOverflow(page, width);

        await form.getByTestId('exchange-submit').click();
        const step = page.getByTestId('swap-create');
        await expect(step.getByTestId('swap-summary')).toHaveAttribute('data-state', 'ready');
        await step.getByTestId('payout-address').fill(ETH_ADDRESS);
        await expect(step.getByTestId('payout-address')).toHaveAttribute('data-check', 'valid');
        await expectNoOverflow(page, width);
        // The address inputs stay inside the card's padding (issue 16, defect 2).
        const card = await step.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.right - Number.parseFloat(getComputedStyle(element).paddingRight);
        });
        for (const field of ['payout-address', 'refund-address', 'promo-code']) {
          const box = await step.getByTestId(field).boundingBox();
          expect(box && box.x + box.width, field).toBeLessThanOrEqual(card + 0.5);
        }
      });

      test('a swap page', async ({ page }) => {
        const id = await createSwap(page);
        await page.goto(localizePath(lang, `/swap/${id}`));
        await waitForHydration(page);
        await expect(page.getByTestId('deposit-address')).toBeVisible();
        await expectNoOverflow(page, width);
      });

      test('/for-partners with the widget snippets and their preview', async ({ page }) => {
        await page.goto(localizePath(lang, '/for-partners'));
        await waitForHydration(page);
        const generator = page.getByTestId('snippet-generator');
        await generator.getByTestId('snippet-preview-load').click();
        await expect(
          page.frameLocator('[data-testid="snippet-preview"]').getByTestId('widget'),
        ).toBeVisible();
        await expectNoOverflow(page, width);
      });

      test('fiat: /buy/btc/us with its offers, the fallback of /buy/btc/ir, an order and its checkout', async ({
        page,
      }) => {
        await page.goto(localizePath(lang, '/buy/btc/us'));
        await waitForHydration(page);
        const widget = page.getByTestId('fiat-widget');
        await widget.getByTestId('fiat-show-offers').click();
        await expect(widget.getByTestId('fiat-offer').first()).toBeVisible();
        await expectNoOverflow(page, width);
        await page.goto(localizePath(lang, '/buy/btc/ir'));
        await expect(page.getByTestId('fiat-unavailable')).toBeVisible();
        await expectNoOverflow(page, width);
        const created = await page.request.post('/api/v1/fiat/orders', {
          headers: { 'Accept-Language': lang },
          data: {
            side: 'buy',
            fiat: 'usd',
            coin: 'btc',
            amount: '250',
            country: 'us',
            paymentMethod: 'card',
            walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          },
        });
        const { id } = (await created.json()) as { id: string };
        for (const path of [`/fiat/checkout/${id}`, `/fiat/order/${id}`]) {
          await page.goto(localizePath(lang, path));
          await waitForHydration(page);
          await expectNoOverflow(page, width);
        }
      });

      test('/transaction-status with an error shown', async ({ page }) => {
        await page.goto(localizePath(lang, '/transaction-status'));
        await waitForHydration(page);
        const form = page.getByTestId('status-check');
        await form.getByTestId('status-swap-id').fill('not-a-swap-id');
        await form.getByTestId('status-submit').click();
        await expect(form.getByTestId('status-swap-id')).toHaveAttribute('aria-invalid', 'true');
        await expectNoOverflow(page, width);
      });
    });
  }
}
