import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';

/** playwright.config.ts gives the server this token for the operator's lists. */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const LANGS: readonly Lang[] = ['en', 'de'];
const STEP = '/swap?from=btc&fromNetwork=bitcoin&to=eth&toNetwork=ethereum&amount=0.1&rate=float';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** The mails the server queued, newest first, read through the operator's endpoint. */
async function outbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const response = await request.get('/apiglobal/mail/outbox', {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { mails: OutboxMail[] }).mails;
}

for (const lang of LANGS) {
  test(`swap mails (${lang}): an email on the swap step gets the receipt, whose link unsubscribes`, async ({
    page,
    request,
  }) => {
    await page.goto(localizePath(lang, STEP));
    await waitForHydration(page);
    const step = page.getByTestId('swap-create');
    await expect(step.getByTestId('swap-summary')).toHaveAttribute('data-state', 'ready');
    await step.getByTestId('payout-address').fill(ETH_ADDRESS);
    await expect(step.getByTestId('payout-address')).toHaveAttribute('data-check', 'valid');
    await step.getByTestId('terms').check();
    // The field says it is optional; a wrong address is refused beside it, before any swap is made.
    const field = step.getByTestId('notify-email');
    await expect(step.getByText(translate(lang, 'swapNotify.field.hint'))).toBeVisible();
    await field.fill('me@example');
    await step.getByTestId('create-swap').click();
    await expect(step.getByText(translate(lang, 'swapNotify.field.invalid'))).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const email = `swapper-${lang}-${Date.now()}@example.com`;
    await field.fill(email.toUpperCase());
    await step.getByTestId('create-swap').click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(lang, '/swap/')}[a-z2-7]{26}$`));
    const id = new URL(page.url()).pathname.split('/').at(-1) as string;

    // The receipt waits in the outbox, in the visitor's language, with the swap and the unsubscribe link.
    const receipt = (await outbox(request)).find((mail) => mail.to === email);
    expect(receipt?.subject).toBe(
      `${translate(lang, 'swapMail.receipt.subject').replace('{{from}}', 'BTC').replace('{{to}}', 'ETH')} | SwapGate`,
    );
    expect(receipt?.text).toContain(`/swap/${id}`);
    const link = receipt?.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0] as string;
    expect(link).toContain(localizePath(lang, `/swap/${id}/unsubscribe`));
    expect(receipt?.headers['List-Unsubscribe']).toBe(`<${link}>`);

    // A wrong token finds nothing.
    const unsubscribe = new URL(link);
    const wrong = await page.goto(`${unsubscribe.pathname}?token=wrong`);
    expect(wrong?.status()).toBe(404);

    // The link asks first, then stops the mails; opened again, it says so.
    const opened = await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
    expect(opened?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    await expect(
      page.getByText(translate(lang, 'swapNotify.page.question').replace('{{id}}', id)),
    ).toBeVisible();
    await page.getByTestId('unsubscribe-confirm').click();
    await expect(page.getByTestId('unsubscribe-status')).toHaveText(translate(lang, 'swapNotify.page.done'));
    await page.reload();
    await expect(page.getByTestId('unsubscribe-status')).toHaveText(
      translate(lang, 'swapNotify.page.already'),
    );
  });
}
