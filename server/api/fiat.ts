import { OpenAPIHono } from '@hono/zod-openapi';
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
import { checkOptionalEmail } from '../../core/support/fields.ts';
import { ApiError } from './errors.ts';
import {
  type ApiContext,
  type ApiEnv,
  type ApiRoutes,
  answer,
  errors,
  everyOperation,
  idempotencyHeader,
  jsonRequest,
  operation,
  pathParams,
} from './operation.ts';
import { requestLanguage } from './request-language.ts';
import { schemas } from './schemas.ts';

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
export function fiatRoutes(): ApiRoutes {
  const api = new OpenAPIHono<ApiEnv>();

  // The list is the same until the catalogue tables change: built once per process.
  let currencies: Promise<FiatCurrenciesView> | null = null;
  operation(
    api,
    {
      method: 'get',
      path: '/fiat/currencies',
      summary:
        'Fiat currencies the providers take, and every country with its currency, regions and whether one can buy or sell there',
      responses: { 200: answer('Currencies and countries', schemas.FiatCurrencies), ...everyOperation },
    },
    async (c) => {
      const { fiat } = c.var.services;
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
    },
  );

  operation(
    api,
    {
      method: 'post',
      path: '/fiat/quotes',
      summary: 'Offers of every fiat provider for buying or selling a coin in a country, best first',
      request: { body: jsonRequest(fiatQuoteRequestSchema) },
      responses: {
        200: answer('The offers', schemas.FiatQuote),
        ...errors(400, 413, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const request = await input.body();
      const unit = request.side === 'buy' ? request.fiat : request.coin;
      const quote = await withFiatErrors(() => c.var.services.fiat.quote(request), unit);
      return c.json(quote);
    },
  );

  operation(
    api,
    {
      method: 'post',
      path: '/fiat/orders',
      summary:
        "Create a fiat order from a provider's offer: the answer's checkoutUrl is where the visitor pays",
      request: {
        headers: idempotencyHeader('Same key and body: the same order. Same key, other body: 422.'),
        body: jsonRequest(fiatOrderRequestSchema),
      },
      responses: {
        201: answer('The new order', schemas.FiatOrder),
        ...errors(400, 413, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const key = input.header('Idempotency-Key');
      const request = await input.body();
      const unit = request.side === 'buy' ? request.fiat : request.coin;
      const { order, replayed } = await withFiatErrors(
        () =>
          c.var.services.fiatOrders.create(
            { ...request, lang: requestLanguage(c) },
            key ? { scope: c.var.client, key } : undefined,
          ),
        unit,
      );
      if (replayed) c.header('Idempotent-Replayed', 'true');
      c.header('Location', `/api/v1/fiat/orders/${order.id}`);
      return c.json(publicFiatOrder(order), 201);
    },
  );

  operation(
    api,
    {
      method: 'get',
      path: '/fiat/orders/{orderId}',
      summary:
        'A fiat order and its status history (created, pending_payment, paid, sending, completed; failed, refunded, expired); a sale shows both legs: deposit (coins in: address, memo, amount, deadline, received, transaction, confirmations) and payout (money out: method, masked destination, amount, status)',
      request: { params: pathParams('orderId') },
      responses: { 200: answer('The order', schemas.FiatOrder), ...errors(404, 414), ...everyOperation },
    },
    async (c, input) => {
      const id = input.param('orderId').toLowerCase();
      const order = FIAT_ORDER_ID_PATTERN.test(id) ? await c.var.services.fiatOrders.get(id) : null;
      if (!order) throw fiatApiError(new FiatError('order_not_found', 'No such order'));
      c.header('Cache-Control', 'no-store');
      return c.json(publicFiatOrder(order));
    },
  );

  // A sale: where the money goes, in the form its ramp takes (IBAN or card), checked here.
  operation(
    api,
    {
      method: 'post',
      path: '/fiat/orders/{orderId}/payout',
      summary:
        "A sale's payout destination, as its ramp takes it: an IBAN (bank_transfer; country format and mod-97 checked) or a card number (Luhn checked); stored and shown masked; may change until the deposit is seen. With an email, the sale's mails go there: where to send the coins at once, then coins received, paid out, refunded or expired",
      request: { params: pathParams('orderId'), body: jsonRequest(salePayoutRequestSchema) },
      responses: {
        200: answer('The order', schemas.FiatOrder),
        ...errors(400, 404, 409, 413, 414, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const id = input.param('orderId').toLowerCase();
      if (!FIAT_ORDER_ID_PATTERN.test(id))
        throw fiatApiError(new FiatError('order_not_found', 'No such order'));
      const { destination, email } = await input.body();
      const notify = checkOptionalEmail('email', email);
      if (!notify.ok) {
        const { field, code, values } = notify.problem;
        throw new ApiError(422, code, { field, ...(values ? { values } : {}) });
      }
      const order = await withFiatErrors(() =>
        c.var.services.fiatOrders.setPayout(id, destination, notify.email),
      );
      return c.json(publicFiatOrder(order));
    },
  );

  sandboxCheckoutRoutes(api);
  return api;
}

/** The sandbox providers' hosted checkout (our page /fiat/checkout/{id}) pays through these. */
function sandboxCheckoutRoutes(api: ApiRoutes): void {
  const sandboxOrder = (c: ApiContext, orderId: string) => {
    if (!c.var.services.sandbox) throw new ApiError(404, 'not_found');
    const id = orderId.toLowerCase();
    if (!FIAT_ORDER_ID_PATTERN.test(id))
      throw fiatApiError(new FiatError('order_not_found', 'No such order'));
    return id;
  };

  operation(
    api,
    {
      method: 'post',
      path: '/sandbox/fiat/orders/{orderId}/pay',
      summary: "Sandbox only: pay an order on the sandbox providers' checkout with a test card",
      request: { params: pathParams('orderId'), body: jsonRequest(sandboxPaymentSchema) },
      responses: {
        200: answer('The outcome and the order', schemas.SandboxPayment),
        ...errors(400, 404, 409, 413, 414, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const id = sandboxOrder(c, input.param('orderId'));
      const card = await input.body();
      const result = await withFiatErrors(() => c.var.services.fiatOrders.sandboxPay(id, card));
      return c.json(result);
    },
  );

  operation(
    api,
    {
      method: 'post',
      path: '/sandbox/fiat/orders/{orderId}/deposit',
      summary:
        'Sandbox only: the seller\'s coins reach the sale\'s deposit address ("I have sent it"); the ramp then confirms them and pays out',
      request: { params: pathParams('orderId') },
      responses: {
        200: answer('The order', schemas.FiatOrder),
        ...errors(400, 404, 409, 413, 414),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const id = sandboxOrder(c, input.param('orderId'));
      const order = await withFiatErrors(() => c.var.services.fiatOrders.sandboxDeposit(id));
      return c.json(publicFiatOrder(order));
    },
  );

  operation(
    api,
    {
      method: 'post',
      path: '/sandbox/fiat/orders/{orderId}/challenge',
      summary: 'Sandbox only: the 3-D Secure step of the sandbox checkout',
      request: { params: pathParams('orderId'), body: jsonRequest(sandboxChallengeSchema) },
      responses: {
        200: answer('The outcome and the order', schemas.SandboxPayment),
        ...errors(400, 404, 409, 413, 414, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const id = sandboxOrder(c, input.param('orderId'));
      const { passed } = await input.body();
      const order = await withFiatErrors(() => c.var.services.fiatOrders.sandboxChallenge(id, passed));
      return c.json({ outcome: passed ? 'succeeded' : 'declined', order });
    },
  );
}
