import type { Hono } from 'hono';
import { idempotencyKeySchema } from '../../core/exchange/contract.ts';
import {
  type FiatCurrenciesView,
  fiatOrderRequestSchema,
  fiatQuoteRequestSchema,
  salePayoutRequestSchema,
  sandboxChallengeSchema,
  sandboxPaymentSchema,
} from '../../core/fiat/contract.ts';
import type { FiatOrderView } from '../../core/fiat/orders.ts';
import { FiatError, SELL_ERROR_CODES } from '../../core/fiat/quotes.ts';
import { FIAT_ORDER_ID_PATTERN } from '../../core/fiat/types.ts';
import type { KeyHolder } from '../../core/partners/api-keys.ts';
import type { Services } from '../../core/services.ts';
import { checkOptionalEmail } from '../../core/support/fields.ts';
import { ApiError } from './errors.ts';
import { jsonBody } from './input.ts';
import { requestLanguage } from './request-language.ts';

type Env = { Variables: { partner: KeyHolder | null; client: string } };

/** A fiat domain error as the API answers it: its status and code, its message from `fiatErrors`. */
export function fiatApiError(error: FiatError, unit = ''): ApiError {
  return new ApiError(error.status as 400, error.code, {
    ...(error.field ? { field: error.field } : {}),
    ...(error.details ? { details: error.details } : {}),
    values: { unit: unit.toUpperCase() },
    messageKey: SELL_ERROR_CODES.has(error.code)
      ? `fiat.sell.errors.${error.code}`
      : `fiatErrors.${error.code}`,
  });
}

export async function withFiatErrors<T>(run: () => Promise<T>, unit = ''): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FiatError) throw fiatApiError(error, unit);
    throw error;
  }
}

export function publicFiatOrder(order: FiatOrderView): FiatOrderView {
  return order;
}

/** `/api/v1/fiat/…`: currencies and countries, quotes from every provider, orders (core/fiat/). */
export function registerFiatRoutes(api: Hono<Env>, services: Services): void {
  const { fiat, fiatOrders } = services;

  // The list is the same until the catalogue tables change: built once per process.
  let currencies: Promise<FiatCurrenciesView> | null = null;
  api.get('/fiat/currencies', async (c) => {
    currencies ??= (async () => {
      const [list, countries] = await Promise.all([fiat.currencies(), fiat.countries()]);
      const rows = await Promise.all(
        countries.map(async (country) => {
          const [buy, sell] = await Promise.all([
            fiat.availability('buy', { country: country.code }),
            fiat.availability('sell', { country: country.code }),
          ]);
          return {
            ...country,
            currency: buy.providers.length ? buy.currency : country.currency,
            buy: buy.providers.length > 0,
            sell: sell.providers.length > 0,
          };
        }),
      );
      return { currencies: list, countries: rows };
    })().catch((error: unknown) => {
      currencies = null;
      throw error;
    });
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await currencies);
  });

  api.post('/fiat/quotes', async (c) => {
    const request = await jsonBody(c, fiatQuoteRequestSchema);
    const unit = request.side === 'buy' ? request.fiat : request.coin;
    const quote = await withFiatErrors(() => fiat.quote(request), unit);
    return c.json(quote);
  });

  api.post('/fiat/orders', async (c) => {
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !idempotencyKeySchema.safeParse(key).success) {
      throw new ApiError(400, 'invalid_request', {
        field: 'Idempotency-Key',
        values: { field: 'Idempotency-Key' },
      });
    }
    const request = await jsonBody(c, fiatOrderRequestSchema);
    const unit = request.side === 'buy' ? request.fiat : request.coin;
    const { order, replayed } = await withFiatErrors(
      () =>
        fiatOrders.create(
          { ...request, lang: requestLanguage(c) },
          key ? { scope: c.get('client'), key } : undefined,
        ),
      unit,
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    c.header('Location', `/api/v1/fiat/orders/${order.id}`);
    return c.json(publicFiatOrder(order), 201);
  });

  api.get('/fiat/orders/:orderId', async (c) => {
    const id = c.req.param('orderId').toLowerCase();
    const order = FIAT_ORDER_ID_PATTERN.test(id) ? await fiatOrders.get(id) : null;
    if (!order) throw fiatApiError(new FiatError('order_not_found', 'No such order'));
    c.header('Cache-Control', 'no-store');
    return c.json(publicFiatOrder(order));
  });

  // A sale: where the money goes, in the form its ramp takes (IBAN or card), checked here.
  api.post('/fiat/orders/:orderId/payout', async (c) => {
    const id = c.req.param('orderId').toLowerCase();
    if (!FIAT_ORDER_ID_PATTERN.test(id))
      throw fiatApiError(new FiatError('order_not_found', 'No such order'));
    const { destination, email } = await jsonBody(c, salePayoutRequestSchema);
    const notify = checkOptionalEmail('email', email);
    if (!notify.ok) {
      const { field, code, values } = notify.problem;
      throw new ApiError(422, code, { field, ...(values ? { values } : {}) });
    }
    const order = await withFiatErrors(() => fiatOrders.setPayout(id, destination, notify.email));
    return c.json(publicFiatOrder(order));
  });

  // The sandbox providers' hosted checkout (our page /fiat/checkout/{id}) pays through these.
  const sandboxOrder = (c: { req: { param: (name: string) => string } }) => {
    if (!services.sandbox) throw new ApiError(404, 'not_found');
    const id = c.req.param('orderId').toLowerCase();
    if (!FIAT_ORDER_ID_PATTERN.test(id))
      throw fiatApiError(new FiatError('order_not_found', 'No such order'));
    return id;
  };
  api.post('/sandbox/fiat/orders/:orderId/pay', async (c) => {
    const id = sandboxOrder(c);
    const card = await jsonBody(c, sandboxPaymentSchema);
    const result = await withFiatErrors(() => fiatOrders.sandboxPay(id, card));
    return c.json(result);
  });
  api.post('/sandbox/fiat/orders/:orderId/deposit', async (c) => {
    const id = sandboxOrder(c);
    const order = await withFiatErrors(() => fiatOrders.sandboxDeposit(id));
    return c.json(publicFiatOrder(order));
  });
  api.post('/sandbox/fiat/orders/:orderId/challenge', async (c) => {
    const id = sandboxOrder(c);
    const { passed } = await jsonBody(c, sandboxChallengeSchema);
    const order = await withFiatErrors(() => fiatOrders.sandboxChallenge(id, passed));
    return c.json({ outcome: passed ? 'succeeded' : 'declined', order });
  });
}
