import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';
import { E2E_FORM_TOKENS, fakeRecaptchaScript } from './recaptcha.ts';

/** playwright.config.ts gives the server this token for the operator's list of submissions. */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const LANGS: readonly Lang[] = ['en', 'de'];

/** The submissions the server stored, newest first, read through the operator's endpoint. */
async function storedRequests(request: APIRequestContext) {
  const response = await request.get('/apiglobal/support/requests', {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  return (
    (await response.json()) as { requests: { kind: string; email: string; message: string; lang: string }[] }
  ).requests;
}

/** A sandbox swap paid and run to `finished` through the API; returns its id. */
async function finishedSwap(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/v1/swaps', {
    data: { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float', payoutAddress: ETH_ADDRESS },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect(
    (await request.post(`/api/v1/sandbox/swaps/${id}/deposit`, { data: { amount: '0.1' } })).status(),
  ).toBe(200);
  await expect
    .poll(
      async () => ((await (await request.get(`/api/v1/swaps/${id}`)).json()) as { status: string }).status,
      {
        timeout: 45_000,
      },
    )
    .toBe('finished');
  return id;
}

async function open(page: Page, lang: Lang, path: string) {
  await page.goto(localizePath(lang, path));
  await waitForHydration(page);
}

for (const lang of LANGS) {
  test.describe(`forms (${lang})`, () => {
    test('the contact form thanks the visitor and the message is stored', async ({ page, request }) => {
      await fakeRecaptchaScript(page, E2E_FORM_TOKENS.contact);
      await open(page, lang, '/contact');
      const form = page.getByTestId('contact-form');
      const email = `visitor-${lang}-${Date.now()}@example.com`;
      await form.getByTestId('contact-form-name').fill('Ada Lovelace');
      await form.getByTestId('contact-form-email').fill(email);
      await form
        .getByTestId('contact-form-message')
        .fill('My swap to ETH has not arrived yet. Can you check?');
      await form.getByTestId('contact-form-submit').click();

      const success = page.getByTestId('contact-form-success');
      await expect(success).toContainText(translate(lang, 'forms.thanksTitle'));
      await expect(success).toContainText(translate(lang, 'forms.thanksText'));
      const stored = (await storedRequests(request)).find((item) => item.email === email);
      expect(stored).toMatchObject({
        kind: 'contact',
        message: 'My swap to ETH has not arrived yet. Can you check?',
        lang,
      });
    });

    test('a bad email is refused with the field marked, and so is a field the server refuses', async ({
      page,
      request,
    }) => {
      await fakeRecaptchaScript(page, E2E_FORM_TOKENS.contact);
      await open(page, lang, '/contact');
      const form = page.getByTestId('contact-form');
      // The fields carry the server's rules (core/support/fields.ts): required, and their longest value.
      await expect(form.getByTestId('contact-form-name')).toHaveAttribute('maxlength', '100');
      await expect(form.getByTestId('contact-form-message')).toHaveAttribute('maxlength', '5000');
      await expect(form.getByTestId('contact-form-email')).toHaveAttribute('aria-required', 'true');
      await expect(page.getByTestId('add-coin-form-contractAddress')).not.toHaveAttribute(
        'aria-required',
        'true',
      );
      const email = form.getByTestId('contact-form-email');
      await form.getByTestId('contact-form-name').fill('Ada');
      await email.fill('ada@example');
      await form.getByTestId('contact-form-message').fill('A message that is long enough.');
      await form.getByTestId('contact-form-submit').click();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toBeFocused();
      await expect(form.getByTestId('contact-form-email-error')).toHaveText(
        translate(lang, 'forms.invalidEmail'),
      );
      // Editing the field clears the mark.
      await email.fill('ada@example.com');
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');

      // The server's rules too: a message under 10 characters comes back marked, in the page's language.
      const message = form.getByTestId('contact-form-message');
      await message.fill('Hi there');
      await form.getByTestId('contact-form-submit').click();
      await expect(message).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByTestId('contact-form-message-error')).toHaveText(
        translate(lang, 'apiErrors.field_too_short').replace('{{min}}', '10'),
      );
      expect((await storedRequests(request)).some((item) => item.email === 'ada@example.com')).toBe(false);
    });

    test('a failed human check shows the failure and a retry', async ({ page, request }) => {
      await fakeRecaptchaScript(page, null);
      await open(page, lang, '/contact');
      const form = page.getByTestId('contact-form');
      const email = `unchecked-${lang}-${Date.now()}@example.com`;
      await form.getByTestId('contact-form-name').fill('Ada');
      await form.getByTestId('contact-form-email').fill(email);
      await form.getByTestId('contact-form-message').fill('A message that is long enough.');
      await form.getByTestId('contact-form-submit').click();
      const failure = form.getByTestId('contact-form-error');
      await expect(failure).toContainText(translate(lang, 'forms.errorTitle'));
      await expect(failure).toContainText(translate(lang, 'forms.errorText'));
      await expect(form.getByTestId('contact-form-submit')).toHaveText(translate(lang, 'forms.retry'));
      expect((await storedRequests(request)).some((item) => item.email === email)).toBe(false);
    });

    test('an add-coin request is sent from /contact', async ({ page, request }) => {
      await fakeRecaptchaScript(page, E2E_FORM_TOKENS.add_coin);
      await open(page, lang, '/contact#add-coin');
      const form = page.getByTestId('add-coin-form');
      const email = `listing-${lang}-${Date.now()}@coin.example`;
      await form.getByTestId('add-coin-form-name').fill('Ben');
      await form.getByTestId('add-coin-form-email').fill(email);
      await form.getByTestId('add-coin-form-coinName').fill('Example Coin');
      await form.getByTestId('add-coin-form-ticker').fill('EXC');
      await form.getByTestId('add-coin-form-network').fill('Ethereum (ERC-20)');
      const website = form.getByTestId('add-coin-form-website');
      await website.fill('coin.example');
      await form
        .getByTestId('add-coin-form-message')
        .fill('A community coin with a live mainnet since 2022.');
      await form.getByTestId('add-coin-form-submit').click();
      // The server wants a full address: the field comes back marked.
      await expect(website).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByTestId('add-coin-form-website-error')).toHaveText(
        translate(lang, 'apiErrors.invalid_url'),
      );
      await website.fill('https://coin.example');
      await form.getByTestId('add-coin-form-submit').click();
      await expect(page.getByTestId('add-coin-form-success')).toContainText(
        translate(lang, 'addCoin.thanksText'),
      );
      expect((await storedRequests(request)).find((item) => item.email === email)?.kind).toBe('add_coin');
    });

    test('a partner demo request is sent from /for-partners', async ({ page, request }) => {
      await fakeRecaptchaScript(page, E2E_FORM_TOKENS.partner_demo);
      await open(page, lang, '/for-partners');
      // The calculator: 0.2% of 1,000,000 a month.
      await page.getByTestId('calc-volume').fill('1000000');
      await expect(page.getByTestId('calc-monthly')).toContainText('2');
      const form = page.getByTestId('demo-form');
      const email = `partner-${lang}-${Date.now()}@wallet.example`;
      await form.getByTestId('demo-form-company').fill('Wallet Ltd');
      await form.getByTestId('demo-form-email').fill(email);
      await form.getByTestId('demo-form-monthlyVolume').selectOption('100k_1m');
      await form.getByTestId('demo-form-submit').click();
      await expect(page.getByTestId('demo-form-success')).toContainText(
        translate(lang, 'forPartners.thanksTitle'),
      );
      expect((await storedRequests(request)).find((item) => item.email === email)?.kind).toBe('partner_demo');
    });

    test('the review form takes one review of a finished swap and refuses a second', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const swapId = await finishedSwap(request);
      await fakeRecaptchaScript(page, E2E_FORM_TOKENS.review);
      // The finished swap's page leads to the review form with its ID filled in.
      await open(page, lang, `/swap/${swapId}`);
      await page.getByTestId('leave-review').click();
      await expect(page).toHaveURL(new RegExp(`/customer-feedbacks\\?swap=${swapId}#review$`));
      const form = page.getByTestId('review-form');
      await expect(form.getByTestId('review-form-swapId')).toHaveValue(swapId);
      await waitForHydration(page);
      const text = `Swift and honest exchange (${lang}, ${swapId.slice(0, 6)}).`;
      const fill = async () => {
        await form.getByTestId('review-form-swapId').fill(swapId);
        await form.getByTestId('review-form-name').fill('Grace');
        await form.getByTestId('review-form-rating').selectOption('5');
        await form.getByTestId('review-form-text').fill(text);
        await form.getByTestId('review-form-submit').click();
      };
      await fill();
      await expect(page.getByTestId('review-form-success')).toContainText(
        translate(lang, 'reviews.thanksTitle'),
      );
      // Held for the operator: not shown until published.
      await expect(page.getByTestId('review-form-success')).toContainText(
        translate(lang, 'reviews.thanksText'),
      );
      await expect(page.getByTestId('review').filter({ hasText: text })).toHaveCount(0);

      // The same swap again: refused, the swap ID marked.
      await page.getByTestId('review-form-success').getByRole('button').click();
      await fill();
      const field = form.getByTestId('review-form-swapId');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByTestId('review-form-swapId-error')).toHaveText(
        translate(lang, 'apiErrors.review_exists'),
      );

      // JSON-LD: the AggregateRating parses and counts the reviews.
      await page.reload();
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const parsed = blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
      const organization = parsed.find((data) => 'aggregateRating' in data) as
        | { aggregateRating: { '@type': string; reviewCount: number; ratingValue: number } }
        | undefined;
      // Only published reviews count (none may be published yet on a fresh database).
      await expect(page.getByTestId('review').filter({ hasText: text })).toHaveCount(0);
      if (organization) {
        expect(organization.aggregateRating['@type']).toBe('AggregateRating');
        const shown = Number(await page.getByTestId('reviews-summary').getAttribute('data-count'));
        expect(organization.aggregateRating.reviewCount).toBe(shown);
      } else {
        await expect(page.getByTestId('reviews-empty')).toBeVisible();
      }
    });

    test('/congrats keeps the promo code for the next swap', async ({ page }) => {
      await open(page, lang, '/congrats?code=zerofee');
      await expect(page.getByTestId('congrats-status')).toHaveAttribute('data-valid', 'true');
      await expect(page.getByTestId('congrats-status')).toContainText('ZEROFEE');
      await expect
        .poll(() => page.evaluate(() => sessionStorage.getItem('swapgate:promo-code')))
        .toBe('ZEROFEE');
      await open(
        page,
        lang,
        '/swap?from=btc&fromNetwork=bitcoin&to=eth&toNetwork=ethereum&amount=0.1&rate=float',
      );
      await expect(page.getByTestId('promo-code')).toHaveValue('ZEROFEE');
      await expect(page.getByTestId('promo-status')).toHaveText(translate(lang, 'exchange.promo.applied'));
    });
  });
}
