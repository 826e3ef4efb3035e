import { OpenAPIHono } from '@hono/zod-openapi';
import { validateAddress, validateMemo } from '../../core/address/validate.ts';
import { publicCoin } from '../../core/catalogue/catalogue.ts';
import {
  addressQuerySchema,
  depositRequestSchema,
  type PairView,
  type PublicSwapView,
  pairQuerySchema,
  type QuoteView,
  quoteRequestSchema,
  refundRequestSchema,
  type SwapRequest,
  swapRequestSchema,
} from '../../core/exchange/contract.ts';
import { quoteView } from '../../core/exchange/quote-view.ts';
import { QuoteError } from '../../core/exchange/quotes.ts';
import { SwapError, type SwapView } from '../../core/exchange/swaps.ts';
import { SWAP_ID_PATTERN } from '../../core/exchange/types.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { translate } from '../../core/i18n/translate.ts';
import { referredPartner } from '../../core/partners/referral.ts';
import type { Services } from '../../core/services.ts';
import { checkOptionalEmail } from '../../core/support/fields.ts';
import { ApiError } from './errors.ts';
import { refuseControlCharacters } from './input.ts';
import {
  DEPOSIT_REQUEST_EXAMPLE,
  FINISHED_SWAP_EXAMPLE,
  QUOTE_EXAMPLE,
  QUOTE_REQUEST_EXAMPLE,
  SWAP_EXAMPLE,
  SWAP_REQUEST_EXAMPLE,
} from './openapi-examples.ts';
import {
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

/** `/api/v1`'s exchange: the catalogue, pairs, quotes, address checks and swaps (core/exchange/). */
export function exchangeRoutes(): ApiRoutes {
  const api = new OpenAPIHono<ApiEnv>();

  // The catalogue list is the same object until the catalogue reloads: serialise it once per list.
  const coinsBody = new WeakMap<object, string>();
  operation(
    api,
    {
      method: 'get',
      path: '/coins',
      summary:
        "Coins and their networks, with the catalogue's reference limits (referenceMin, referenceMax): not a trade's limits, which GET /pairs/{from}/{to} and POST /quotes give",
      responses: { 200: answer('The catalogue', schemas.Coins), ...everyOperation },
    },
    async (c) => {
      const list = await c.var.services.catalogue.coins();
      let body = coinsBody.get(list);
      if (!body) {
        body = JSON.stringify({ coins: list.map(publicCoin) });
        coinsBody.set(list, body);
      }
      c.header('Cache-Control', 'public, max-age=300');
      c.header('Content-Type', 'application/json; charset=UTF-8');
      return c.body(body);
    },
  );

  operation(
    api,
    {
      method: 'get',
      path: '/pairs/{from}/{to}',
      summary: 'Whether a pair can be swapped, with fixed-rate support and limits',
      request: { params: pathParams('from', 'to'), query: pairQuerySchema },
      responses: {
        200: answer('The pair', schemas.Pair),
        ...errors(400, 414, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { catalogue, quotes } = c.var.services;
      refuseControlCharacters({ from: input.param('from'), to: input.param('to') });
      const query = input.query();
      const from = input.param('from').toLowerCase();
      const to = input.param('to').toLowerCase();
      const info = await withQuoteErrors(
        () => quotes.pairInfo(from, query.fromNetwork, to, query.toNetwork),
        from,
      );
      const fromAsset = await catalogue.asset(from, query.fromNetwork);
      const toAsset = await catalogue.asset(to, query.toNetwork);
      const pair: PairView = {
        from,
        fromNetwork: fromAsset?.network.id ?? '',
        to,
        toNetwork: toAsset?.network.id ?? '',
        ...info,
      };
      return c.json(pair);
    },
  );

  operation(
    api,
    {
      method: 'post',
      path: '/quotes',
      summary: 'The best offer across providers; fixed quotes carry a quoteId valid until expiresAt',
      request: { body: jsonRequest(quoteRequestSchema, QUOTE_REQUEST_EXAMPLE) },
      responses: {
        200: answer('The quote', schemas.Quote, QUOTE_EXAMPLE),
        ...errors(400, 413, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { quotes, swaps } = c.var.services;
      const request = await input.body();
      const quote = await withQuoteErrors(() => quotes.quote(request), request.from);
      const view: QuoteView = quoteView(quote, (id) => swaps.provider(id)?.name ?? id);
      return c.json(view);
    },
  );

  operation(
    api,
    {
      method: 'get',
      path: '/addresses/validate',
      summary: 'Whether an address (and its memo) is valid on a network',
      request: { query: addressQuerySchema },
      responses: {
        200: answer('The verdict', schemas.AddressValidation),
        ...errors(400, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { network, address, memo } = input.query();
      const result = validateAddress(network, address);
      return c.json({
        valid: result.valid,
        ...(result.valid ? {} : { reason: result.reason }),
        ...(memo ? { memoValid: validateMemo(network, memo).valid } : {}),
      });
    },
  );

  swapRoutes(api);
  return api;
}

/** Swaps: created, read, decided (continue or refund), and the sandbox's simulated deposit. */
function swapRoutes(api: ApiRoutes): void {
  operation(
    api,
    {
      method: 'post',
      path: '/swaps',
      summary: 'Create a swap',
      request: {
        headers: idempotencyHeader(
          'Same key and body: the same swap. Same key, other body: 422. While the first is in flight: 409.',
        ),
        body: jsonRequest(swapRequestSchema, SWAP_REQUEST_EXAMPLE),
      },
      responses: {
        201: answer('The new swap', schemas.Swap, SWAP_EXAMPLE),
        ...errors(400, 409, 413, 422, 502),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { services } = c.var;
      const key = input.header('Idempotency-Key');
      const { email, affiliateId, ...request } = await input.body();
      // A key's partner first (its API tier); else the partner a widget names, or the affiliate link
      // the visitor followed (its cookie, core/partners/referral.ts), when it exists.
      const keyPartner = c.var.partner;
      const named = affiliateId ?? referredPartner(c.req.header('cookie'));
      const partner = keyPartner ?? (named ? await services.widgetThemes.partner(named) : null);
      const lang = requestLanguage(c);
      const notify = checkOptionalEmail('email', email);
      if (!notify.ok) {
        const { field, code, values } = notify.problem;
        throw new ApiError(422, code, { field, ...(values ? { values } : {}) });
      }
      const { swap, replayed } = await withSwapErrors(services, lang, request, () =>
        services.swaps.create(
          {
            ...request,
            ...(partner
              ? {
                  partnerId: partner.id,
                  partnerVia: keyPartner ? ('api' as const) : ('affiliate' as const),
                }
              : {}),
            ...(notify.email ? { notify: { email: notify.email, lang } } : {}),
          },
          key ? { scope: c.var.client, key } : undefined,
        ),
      );
      if (replayed) c.header('Idempotent-Replayed', 'true');
      c.header('Location', `/api/v1/swaps/${swap.id}`);
      return c.json(publicSwap(swap), 201);
    },
  );

  operation(
    api,
    {
      method: 'get',
      path: '/swaps/{id}',
      summary: 'A swap and its status history',
      request: { params: pathParams('id') },
      responses: {
        200: answer('The swap', schemas.Swap, FINISHED_SWAP_EXAMPLE),
        ...errors(404, 414),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const id = input.param('id').toLowerCase();
      const swap = SWAP_ID_PATTERN.test(id) ? await c.var.services.swaps.get(id) : null;
      if (!swap) throw new ApiError(404, 'swap_not_found');
      c.header('Cache-Control', 'no-store');
      return c.json(publicSwap(swap));
    },
  );

  // A swap in action_needed: the visitor continues at the market rate (no body needed) or takes a
  // refund. Both are idempotent (the decision already taken answers the swap again); the other one then answers 409.
  operation(
    api,
    {
      method: 'post',
      path: '/swaps/{id}/continue',
      summary:
        'Status action_needed (a fixed-rate deposit of another amount, or after the rate ran out): continue at the market rate of now (continueOffer), instead of a refund',
      description:
        'Idempotent: once continued, the same call answers the swap again. Without a decision by actionDeadline, defaultDecision (continue) applies. 409 swap_not_actionable when there is nothing to decide, or the swap was refunded instead.',
      request: { params: pathParams('id') },
      responses: {
        200: answer('The swap after the decision', schemas.Swap),
        ...errors(400, 404, 409, 413, 414, 422, 502),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { services } = c.var;
      const id = input.param('id').toLowerCase();
      if (!SWAP_ID_PATTERN.test(id)) throw new ApiError(404, 'swap_not_found');
      const swap = await withSwapErrors(services, requestLanguage(c), null, () =>
        services.swaps.decide(id, { action: 'continue' }),
      );
      c.header('Cache-Control', 'no-store');
      return c.json(publicSwap(swap));
    },
  );

  // A refund of an action-needed swap, or the refund address a refunding swap lacks.
  operation(
    api,
    {
      method: 'post',
      path: '/swaps/{id}/refund',
      summary:
        'Status action_needed: send the deposit back instead; status refunding with refundAddressNeeded: give the refund address',
      description:
        'The refund address is checked for the deposit network, with its memo rules (refund_memo_required where the network needs one). Idempotent: once a refund is under way, the same call answers the swap again. 409 swap_not_actionable when there is nothing to refund.',
      request: { params: pathParams('id'), body: jsonRequest(refundRequestSchema) },
      responses: {
        200: answer('The swap after the decision', schemas.Swap),
        ...errors(400, 404, 409, 413, 414, 422, 502),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { services } = c.var;
      const id = input.param('id').toLowerCase();
      if (!SWAP_ID_PATTERN.test(id)) throw new ApiError(404, 'swap_not_found');
      const body = await input.body();
      const existing = await services.swaps.get(id);
      if (!existing) throw new ApiError(404, 'swap_not_found');
      const swap = await withSwapErrors(
        services,
        requestLanguage(c),
        {
          from: existing.from,
          fromNetwork: existing.fromNetwork,
          to: existing.to,
          toNetwork: existing.toNetwork,
        },
        () => services.swaps.decide(id, { action: 'refund', ...body }),
      );
      c.header('Cache-Control', 'no-store');
      return c.json(publicSwap(swap));
    },
  );

  // The sandbox's stand-in for a blockchain deposit; absent when real providers run alone.
  operation(
    api,
    {
      method: 'post',
      path: '/sandbox/swaps/{id}/deposit',
      summary: 'Sandbox only: simulate the deposit of a waiting swap',
      request: { params: pathParams('id'), body: jsonRequest(depositRequestSchema, DEPOSIT_REQUEST_EXAMPLE) },
      responses: {
        200: answer('The swap after the deposit', schemas.Swap, { ...SWAP_EXAMPLE, status: 'confirming' }),
        ...errors(400, 404, 409, 413, 414, 422),
        ...everyOperation,
      },
    },
    async (c, input) => {
      const { services } = c.var;
      if (!services.sandbox) throw new ApiError(404, 'not_found');
      const { amount, scenario } = await input.body();
      const id = input.param('id').toLowerCase();
      if (!SWAP_ID_PATTERN.test(id)) throw new ApiError(404, 'swap_not_found');
      const swap = await withSwapErrors(services, requestLanguage(c), null, () =>
        services.swaps.simulateDeposit(id, amount, scenario),
      );
      return c.json(publicSwap(swap));
    },
  );
}

/** The swap as the API shows it: internal bookkeeping (fees shares, partner) stays inside. */
function publicSwap(swap: SwapView): PublicSwapView {
  const { partnerId: _partner, ...rest } = swap;
  return rest;
}

async function withQuoteErrors<T>(run: () => Promise<T>, fromCoin: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof QuoteError) {
      const malformed = error.code === 'invalid_amount';
      throw new ApiError(malformed ? 400 : 422, error.code, {
        ...(error.field ? { field: error.field } : {}),
        ...(error.details ? { details: error.details } : {}),
        values: { coin: fromCoin.toUpperCase() },
      });
    }
    throw error;
  }
}

/** The coins and networks of a swap, to name them in an error message. */
type SwapSides = Pick<SwapRequest, 'from' | 'fromNetwork' | 'to' | 'toNetwork'>;

async function withSwapErrors<T>(
  services: Services,
  lang: Lang,
  request: SwapSides | null,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await withQuoteErrors(run, request?.from ?? '');
  } catch (error) {
    if (error instanceof SwapError) {
      const to = request && (await services.catalogue.asset(request.to, request.toNetwork));
      const from = request && (await services.catalogue.asset(request.from, request.fromNetwork));
      const refund = error.code.startsWith('invalid_refund') || error.code.startsWith('refund_');
      const network = refund ? from?.network : to?.network;
      throw new ApiError(error.status, error.code, {
        ...(error.field ? { field: error.field } : {}),
        values: {
          network: network?.name ?? '',
          memo: translate(services.dictionaries, lang, `exchange.memoNames.${network?.memo?.kind ?? 'memo'}`),
        },
      });
    }
    throw error;
  }
}
