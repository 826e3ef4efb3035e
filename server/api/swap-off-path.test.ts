import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoData } from '../../core/seed.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import type { AppServices } from '../services.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';

const build = await loadServerBuild();

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const STEP_MS = 1_000;

type Json = Record<string, unknown> & {
  error?: { code: string; message: string; field?: string };
};

/**
 * Every path off the happy path, driven over HTTP with the sandbox deposit: the swap's status,
 * what it says happened, and the decisions and refunds the API takes.
 */
describe.each(databaseTargets())('swaps off the happy path over the API on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: AppServices;

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle, {
      SANDBOX_STEP_DELAY_MS: String(STEP_MS),
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    }));
    await services.market.refresh();
  });
  afterAll(async () => {
    await handle.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the clock every service reads (Date only; no timers are faked). */
  let clock = Date.now();
  const startClock = () => {
    clock = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
  };
  const advance = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };

  async function call(method: string, path: string, body?: unknown, lang = 'en') {
    const response = await app.request(`/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as Json };
  }

  async function swap(rateType: 'fixed' | 'float', extra: Record<string, unknown> = {}, amount = '0.1') {
    const trade = { from: 'btc', to: 'eth', amount, rateType };
    let quoteId: string | undefined;
    if (rateType === 'fixed') {
      const quote = await call('POST', '/quotes', trade);
      expect(quote.status).toBe(200);
      quoteId = quote.json.quoteId as string;
    }
    const created = await call('POST', '/swaps', {
      ...trade,
      ...(quoteId ? { quoteId } : {}),
      payoutAddress: ETH_ADDRESS,
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.json;
  }

  const deposit = (id: unknown, amount: string, scenario?: string) =>
    call('POST', `/sandbox/swaps/${id}/deposit`, { amount, ...(scenario ? { scenario } : {}) });
  /** The swap after `ms` more on the clock and a status check. */
  async function statusAfter(id: unknown, ms: number) {
    advance(ms);
    await services.swaps.sync(id as string);
    return (await call('GET', `/swaps/${id}`)).json;
  }

  it('asks about a half-paid fixed swap with a fresh quote, and continues at it', async () => {
    startClock();
    const created = await swap('fixed');
    expect(created).toMatchObject({ min: '0.00015', max: '2.5', problem: null, refundAddressNeeded: false });
    await deposit(created.id, '0.05');
    const asked = await statusAfter(created.id, STEP_MS);
    expect(asked).toMatchObject({
      status: 'action_needed',
      problem: 'underpaid',
      amountDeposited: '0.05',
      defaultDecision: 'continue',
      decision: null,
      refundAddressNeeded: true,
    });
    expect(Date.parse(asked.actionDeadline as string)).toBe(clock + 24 * 60 * 60_000);
    const offer = asked.continueOffer as { amountTo: string; rate: string };
    // About half of the order (at the float rate, without the fixed margin).
    expect(Number(offer.amountTo)).toBeGreaterThan(Number(created.amountTo) / 2);
    expect(Number(offer.amountTo)).toBeLessThan(Number(created.amountTo) * 0.52);

    const continued = await call('POST', `/swaps/${created.id}/continue`, {});
    expect(continued.status).toBe(200);
    expect(continued.json).toMatchObject({
      status: 'exchanging',
      decision: 'continue',
      decidedBy: 'visitor',
    });
    expect(continued.json.amountExpected).toBe(offer.amountTo);
    // Idempotent: the same decision again answers the swap; the other one is refused.
    const again = await call('POST', `/swaps/${created.id}/continue`, {});
    expect(again.status).toBe(200);
    expect(again.json.decision).toBe('continue');
    const refund = await call('POST', `/swaps/${created.id}/refund`, { refundAddress: BTC_ADDRESS }, 'de');
    expect(refund.status).toBe(409);
    expect(refund.json.error).toMatchObject({
      code: 'swap_not_actionable',
      message: 'Für diesen Swap ist gerade nichts zu entscheiden.',
    });

    const finished = await statusAfter(created.id, 2 * STEP_MS);
    expect(finished).toMatchObject({
      status: 'finished',
      amountPaidOut: offer.amountTo,
      amountExpected: offer.amountTo,
    });
    expect((finished.history as { status: string }[]).map((entry) => entry.status)).toEqual([
      'waiting',
      'confirming',
      'action_needed',
      'exchanging',
      'finished',
    ]);
  });

  /** The decision link of the newest "action needed" mail to `email`. */
  async function decisionLink(email: string): Promise<string> {
    const mails = await handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id));
    const text = mails.find((mail) => mail.subject.includes('needs your decision'))?.text ?? '';
    const url = /https:\/\/swapgate\.example(\/\S*\/decide\?token=\S+)/.exec(text)?.[1];
    expect(url, text).toBeTruthy();
    return url as string;
  }
  const page = (path: string) => app.request(`https://swapgate.example${path}`);
  const postForm = (path: string, form: Record<string, string>) =>
    app.request(`https://swapgate.example${path}`, {
      method: 'POST',
      headers: { origin: 'https://swapgate.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  it('mails a signed decision link: a page with both choices, which only a POST takes', async () => {
    startClock();
    const created = await swap('fixed', { email: 'signed@example.com' });
    await deposit(created.id, '0.05');
    expect((await statusAfter(created.id, STEP_MS)).status).toBe('action_needed');
    const link = await decisionLink('signed@example.com');
    expect(link.startsWith(`/swap/${created.id}/decide?token=`)).toBe(true);

    // Opening the link (a mail scanner does too) decides nothing.
    const opened = await page(link);
    expect(opened.status).toBe(200);
    const html = await opened.text();
    expect(html).toContain('data-state="open"');
    expect(html).toContain('data-testid="decision-continue"');
    expect(html).toContain('data-testid="decision-refund"');
    expect(html).toContain('data-testid="refund-address-input"');
    expect(html).toContain('name="robots" content="noindex');
    expect((await call('GET', `/swaps/${created.id}`)).json.status).toBe('action_needed');

    // A changed token: the page says so and links the swap page; a POST with it decides nothing.
    const forged = `${link.slice(0, -3)}${link.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const bad = await page(forged);
    expect(bad.status).toBe(403);
    const badHtml = await bad.text();
    expect(badHtml).toContain('This link is not valid');
    expect(badHtml).toContain(`href="/swap/${created.id}"`);
    const badPost = await postForm(forged, { intent: 'continue' });
    expect(badPost.status).toBe(302);
    expect(badPost.headers.get('location')).toContain(`/swap/${created.id}/decide?token=`);
    expect((await call('GET', `/swaps/${created.id}`)).json.decision).toBeNull();
    // Another swap's id with this token: invalid as well.
    const other = await swap('float');
    expect((await page(link.replace(created.id as string, other.id as string))).status).toBe(403);

    // The form posts to the page itself: a refund to a wrong address is refused on the page.
    const wrong = await postForm(link, { intent: 'refund', refundAddress: ETH_ADDRESS });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('data-testid="decision-error"');
    const continued = await postForm(link, { intent: 'continue' });
    expect(continued.status).toBe(302);
    expect(continued.headers.get('location')).toBe(`/swap/${created.id}`);
    expect((await call('GET', `/swaps/${created.id}`)).json).toMatchObject({
      decision: 'continue',
      decidedBy: 'visitor',
    });
    // The link now has nothing left to decide.
    const closed = await page(link);
    expect(closed.status).toBe(200);
    expect(await closed.text()).toContain('There is nothing left to decide on this swap');
    // An unknown swap is the page's own 404.
    expect((await page('/swap/aaaaaaaaaaaaaaaaaaaaaaaaaa/decide?token=1.x')).status).toBe(404);
  });

  it('lets the decision link expire with the deadline, in the mail’s language', async () => {
    startClock();
    const created = await swap('fixed', { email: 'late-link@example.com' }, '0.1');
    await deposit(created.id, '0.05');
    await statusAfter(created.id, STEP_MS);
    const link = await decisionLink('late-link@example.com');
    advance(24 * 60 * 60_000 + 1_000);
    const expired = await page(`/de${link}`);
    expect(expired.status).toBe(410);
    const html = await expired.text();
    expect(html).toContain('Dieser Link ist am');
    expect(html).toContain(`href="/de/swap/${created.id}"`);
    const late = await postForm(`/de${link}`, { intent: 'refund', refundAddress: BTC_ADDRESS });
    expect(late.status).toBe(302);
    expect((await call('GET', `/swaps/${created.id}`)).json.decision).toBeNull();
  });

  it('applies the default (continue) to an undecided swap at its deadline', async () => {
    startClock();
    const created = await swap('fixed');
    await deposit(created.id, '0.2');
    expect(await statusAfter(created.id, STEP_MS)).toMatchObject({
      status: 'action_needed',
      problem: 'overpaid',
    });
    advance(24 * 60 * 60_000);
    await services.swaps.syncDue();
    const decided = (await call('GET', `/swaps/${created.id}`)).json;
    expect(decided).toMatchObject({ decision: 'continue', decidedBy: 'default', status: 'exchanging' });
    expect(Number(decided.amountExpected)).toBeGreaterThan(Number(created.amountTo));
  });

  it('asks about a fixed deposit after the rate ran out, and refunds it with its transaction', async () => {
    startClock();
    const created = await swap('fixed');
    advance(Date.parse(created.rateExpiresAt as string) - clock + 1);
    await deposit(created.id, '0.1');
    expect(await statusAfter(created.id, STEP_MS)).toMatchObject({
      status: 'action_needed',
      problem: 'late',
    });
    const noAddress = await call('POST', `/swaps/${created.id}/refund`, {});
    expect(noAddress.status).toBe(422);
    expect(noAddress.json.error).toMatchObject({
      code: 'refund_address_required',
      field: 'refundAddress',
      message: 'Give a Bitcoin address for the refund.',
    });
    const wrong = await call('POST', `/swaps/${created.id}/refund`, { refundAddress: ETH_ADDRESS });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error).toMatchObject({ code: 'invalid_refund_address', field: 'refundAddress' });
    const refunding = await call('POST', `/swaps/${created.id}/refund`, { refundAddress: BTC_ADDRESS });
    expect(refunding.status).toBe(200);
    expect(refunding.json).toMatchObject({
      status: 'refunding',
      decision: 'refund',
      refundAddress: BTC_ADDRESS,
      refundAddressNeeded: false,
    });
    expect((await call('POST', `/swaps/${created.id}/continue`, {})).status).toBe(409);
    const refunded = await statusAfter(created.id, STEP_MS);
    expect(refunded).toMatchObject({ status: 'refunded', amountRefunded: '0.1', problem: 'late' });
    expect(refunded.refundHash).toMatch(/^[0-9a-f]{64}$/);
    expect(refunded.refundTxUrl).toBe(`https://mempool.space/tx/${refunded.refundHash}`);
    expect(refunded.amountPaidOut).toBeNull();
  });

  it('asks for the refund address a deposit below the minimum needs, then refunds it', async () => {
    startClock();
    const created = await swap('float');
    await deposit(created.id, '0.0001');
    const refunding = await statusAfter(created.id, STEP_MS * 5);
    expect(refunding).toMatchObject({
      status: 'refunding',
      problem: 'below_min',
      min: created.min,
      refundAddressNeeded: true,
      refundHash: null,
    });
    const given = await call('POST', `/swaps/${created.id}/refund`, { refundAddress: BTC_ADDRESS });
    expect(given.status).toBe(200);
    expect(given.json).toMatchObject({ status: 'refunding', refundAddress: BTC_ADDRESS, decision: null });
    expect((await call('POST', `/swaps/${created.id}/refund`, { refundAddress: BTC_ADDRESS })).status).toBe(
      200,
    );
    const refunded = await statusAfter(created.id, STEP_MS);
    expect(refunded).toMatchObject({ status: 'refunded', amountRefunded: '0.0001' });
    expect(refunded.refundHash).toBeTruthy();
  });

  it('refunds a deposit above the maximum to the address given on the swap step', async () => {
    startClock();
    const created = await swap('float', { refundAddress: BTC_ADDRESS });
    await deposit(created.id, '3');
    expect(await statusAfter(created.id, STEP_MS)).toMatchObject({
      status: 'refunding',
      problem: 'above_max',
      max: created.max,
      refundAddressNeeded: false,
    });
    expect(await statusAfter(created.id, STEP_MS)).toMatchObject({ status: 'refunded', amountRefunded: '3' });
  });

  it('checks a refund destination tag on the XRP Ledger', async () => {
    startClock();
    const quote = { from: 'xrp', to: 'eth', amount: '100', rateType: 'float' };
    const created = await call('POST', '/swaps', { ...quote, payoutAddress: ETH_ADDRESS });
    expect(created.status).toBe(201);
    await deposit(created.json.id, '1');
    expect(await statusAfter(created.json.id, STEP_MS)).toMatchObject({
      status: 'refunding',
      problem: 'below_min',
    });
    const badMemo = await call('POST', `/swaps/${created.json.id}/refund`, {
      refundAddress: XRP_ADDRESS,
      refundMemo: 'tag',
    });
    expect(badMemo.json.error).toMatchObject({ code: 'invalid_refund_memo', field: 'refundMemo' });
    const ok = await call('POST', `/swaps/${created.json.id}/refund`, {
      refundAddress: XRP_ADDRESS,
      refundMemo: '12345',
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ refundAddress: XRP_ADDRESS, refundMemo: '12345' });
  });

  it('pays a float deposit of another amount at the market, saying what arrived', async () => {
    startClock();
    const created = await swap('float');
    await deposit(created.id, '0.05');
    const exchanging = await statusAfter(created.id, STEP_MS);
    expect(exchanging).toMatchObject({ status: 'exchanging', problem: 'underpaid', amountDeposited: '0.05' });
    expect(Number(exchanging.amountExpected)).toBeLessThan(Number(created.amountTo) * 0.51);
    const finished = await statusAfter(created.id, 2 * STEP_MS);
    expect(finished.status).toBe('finished');
    expect(finished.amountPaidOut).toBe(finished.amountExpected);

    // Paid more: the payout follows the market for what arrived, and says so.
    const more = await swap('float');
    await deposit(more.id, '0.2');
    const larger = await statusAfter(more.id, STEP_MS);
    expect(larger).toMatchObject({ status: 'exchanging', problem: 'overpaid', amountDeposited: '0.2' });
    expect(Number(larger.amountExpected)).toBeGreaterThan(Number(more.amountTo) * 1.9);
    expect((await statusAfter(more.id, 2 * STEP_MS)).status).toBe('finished');
  });

  it('shows a provider hold, then the swap goes on; a provider failure ends in a refund', async () => {
    startClock();
    const held = await swap('float');
    await deposit(held.id, '0.1', 'hold');
    expect(await statusAfter(held.id, STEP_MS)).toMatchObject({ status: 'hold', problem: 'hold' });
    expect((await statusAfter(held.id, STEP_MS)).status).toBe('exchanging');
    expect((await statusAfter(held.id, 2 * STEP_MS)).status).toBe('finished');

    startClock();
    const failing = await swap('float', { refundAddress: BTC_ADDRESS });
    await deposit(failing.id, '0.1', 'provider_failure');
    expect((await statusAfter(failing.id, STEP_MS)).status).toBe('exchanging');
    expect(await statusAfter(failing.id, STEP_MS)).toMatchObject({
      status: 'refunding',
      problem: 'provider_failed',
    });
    expect(await statusAfter(failing.id, STEP_MS)).toMatchObject({
      status: 'refunded',
      amountRefunded: '0.1',
    });
  });

  it('refuses decisions on unknown swaps, bad bodies and swaps with nothing to decide', async () => {
    expect((await call('POST', '/swaps/aaaaaaaaaaaaaaaaaaaaaaaaaa/continue', {})).status).toBe(404);
    expect((await call('POST', '/swaps/nope/refund', {})).status).toBe(404);
    const created = await swap('float');
    const waiting = await call('POST', `/swaps/${created.id}/continue`, {});
    expect(waiting.status).toBe(409);
    expect(waiting.json.error?.code).toBe('swap_not_actionable');
    const badScenario = await call('POST', `/sandbox/swaps/${created.id}/deposit`, {
      amount: '0.1',
      scenario: 'vanish',
    });
    expect(badScenario.status).toBe(400);
  });
});
