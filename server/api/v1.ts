import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { validateAddress, validateMemo } from '../../core/address/validate.ts';
import { publicCoin } from '../../core/catalogue/catalogue.ts';
import {
  type CrossChainStatusView,
  crossChainQuoteQuerySchema,
  crossChainQuotesView,
  crossChainStatusQuerySchema,
} from '../../core/crosschain/contract.ts';
import { dexQuoteQuerySchema, dexQuotesView, sandboxFaucetRequestSchema } from '../../core/dex/contract.ts';
import { DexQuoteError } from '../../core/dex/dex.ts';
import { explorerTxUrl } from '../../core/dex/networks.ts';
import {
  addressQuerySchema,
  depositRequestSchema,
  idempotencyKeySchema,
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
import {
  ApiKeyCache,
  type KeyHolder,
  listApiKeys,
  type Partner,
  usageMonth,
} from '../../core/partners/api-keys.ts';
import type { PartnerKeysView, WebhookDeliveriesView } from '../../core/partners/contract.ts';
import { referredPartner } from '../../core/partners/referral.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import type { Services } from '../../core/services.ts';
import { checkOptionalEmail } from '../../core/support/fields.ts';
import { clientIp } from '../client-ip.ts';
import { ApiError, apiErrorHandler, errorResponse } from './errors.ts';
import { registerFiatRoutes } from './fiat.ts';
import { jsonBody, MAX_JSON_BODY, parseInput, refuseControlCharacters } from './input.ts';
import { openApiDocument, renderApiDocs } from './openapi.ts';
import { enforceRateLimit } from './rate-limit.ts';
import { requestLanguage } from './request-language.ts';

type Env = { Variables: { partner: KeyHolder | null; client: string } };

/** The English texts of a flat dictionary section (`apiErrors`), for the OpenAPI document. */
function englishSection(dictionaries: Services['dictionaries'], name: string): Record<string, string> {
  const section = dictionaries.get('en')?.[name];
  if (!section || typeof section === 'string') return {};
  return Object.fromEntries(
    Object.entries(section).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const MINUTE = 60_000;

/** The public exchange API (`/api/v1`): JSON in and out, errors as `{error: {code, message, field?}}`. */
export function createApiV1(services: Services, limiter: RateLimiter): Hono<Env> {
  const { catalogue, quotes, swaps, config, db } = services;
  const api = new Hono<Env>();

  api.onError(apiErrorHandler(services));
  api.notFound((c) => errorResponse(c, services, new ApiError(404, 'not_found')));

  // Every body is read whole before it is parsed: bound it (a 200 MB body was read and parsed).
  api.use(
    bodyLimit({
      maxSize: MAX_JSON_BODY,
      onError: (c) => errorResponse(c, services, new ApiError(413, 'payload_too_large')),
    }),
  );

  // Catalogue reads may be called from partners' browser apps; the rest is for servers and our site.
  api.use('/coins', cors({ origin: '*', allowMethods: ['GET'] }));
  api.use('/pairs/*', cors({ origin: '*', allowMethods: ['GET'] }));
  api.use('/openapi.json', cors({ origin: '*', allowMethods: ['GET'] }));

  // Partners identify themselves with X-Api-Key; anonymous callers get lower limits. Keys are looked
  // up at most once per API_KEY_CACHE_TTL_MS (60 s): a revoked key is refused within that time.
  const apiKeys = new ApiKeyCache(db);
  api.use(async (c, next) => {
    const key = c.req.header('x-api-key') || undefined;
    const write = c.req.method === 'POST' && !c.req.path.endsWith('/quotes');
    const kind = write ? 'w' : 'r';
    const base = write ? config.RATE_LIMIT_WRITES_PER_MINUTE : config.RATE_LIMIT_READS_PER_MINUTE;
    const ip = `ip:${clientIp(c, config.TRUST_PROXY)}`;
    // Every request but those with a key known to be a partner's counts against the address's
    // anonymous limit BEFORE its key is looked up: invalid keys use that limit up and then get 429
    // like any anonymous request, with no lookup. (So the first request of a new key counts there too.)
    // The site's own pages (same-origin browser requests, no key) read on a budget of their own
    // that fits browsing; every other caller keeps the API's limits. A forged Sec-Fetch-Site only
    // moves a client to that bucket, which is limited too.
    const fromSite = !key && !write && c.req.header('sec-fetch-site') === 'same-origin';
    if (fromSite) {
      await enforceRateLimit(
        c,
        limiter,
        `site:${kind}:${ip}`,
        config.RATE_LIMIT_SITE_READS_PER_MINUTE,
        MINUTE,
      );
    } else if (!key || !apiKeys.knownValid(key)) {
      await enforceRateLimit(c, limiter, `${kind}:${ip}`, base, MINUTE);
    }
    const partner = key ? await apiKeys.partnerFor(key) : null;
    if (key && !partner) throw new ApiError(401, 'invalid_api_key');
    const client = partner ? `partner:${partner.id}` : ip;
    if (partner) {
      const limit = base * config.RATE_LIMIT_PARTNER_MULTIPLIER;
      await enforceRateLimit(c, limiter, `${kind}:${client}`, limit, MINUTE);
      // Counted in memory, written once a minute (core/partners/api-keys.ts).
      services.apiKeyUsage.record(partner.keyId);
    }
    c.set('partner', partner);
    c.set('client', client);
    await next();
  });

  const documented = () =>
    openApiDocument(config.BASE_URL, {
      accountUrl: config.ACCOUNT_URL,
      errorMessages: englishSection(services.dictionaries, 'apiErrors'),
    });
  api.get('/openapi.json', (c) => c.json(documented()));
  // The reference page (Scalar, docs/decisions/023): its one inline script carries this response's nonce.
  // The app's first middleware (server/app.ts) sets `nonce` for the response's CSP.
  api.get('/docs', (c) => c.html(renderApiDocs(documented(), (c.var as { nonce?: string }).nonce ?? '')));

  // The catalogue list is the same object until the catalogue reloads: serialise it once per list.
  const coinsBody = new WeakMap<object, string>();
  api.get('/coins', async (c) => {
    const list = await catalogue.coins();
    let body = coinsBody.get(list);
    if (!body) {
      body = JSON.stringify({ coins: list.map(publicCoin) });
      coinsBody.set(list, body);
    }
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(body);
  });

  api.get('/pairs/:from/:to', async (c) => {
    refuseControlCharacters({ from: c.req.param('from'), to: c.req.param('to') });
    const query = parseInput(pairQuerySchema, c.req.query());
    const from = c.req.param('from').toLowerCase();
    const to = c.req.param('to').toLowerCase();
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
  });

  api.post('/quotes', async (c) => {
    const request = await jsonBody(c, quoteRequestSchema);
    const quote = await withQuoteErrors(() => quotes.quote(request), request.from);
    const view: QuoteView = quoteView(quote, (id) => swaps.provider(id)?.name ?? id);
    return c.json(view);
  });

  api.get('/dex/quotes', async (c) => {
    const query = parseInput(dexQuoteQuerySchema, c.req.query());
    try {
      const result = await services.dex.quote({
        network: query.network,
        sellToken: query.sellToken,
        buyToken: query.buyToken,
        sellAmount: BigInt(query.sellAmount),
        slippageBps: query.slippageBps,
        ...(query.taker ? { taker: query.taker } : {}),
      });
      c.header('Cache-Control', 'no-store');
      const served = services.dex.networks().find((info) => info.network.id === result.network.id);
      return c.json(dexQuotesView(result, served));
    } catch (error) {
      if (error instanceof DexQuoteError) {
        throw new ApiError(error.status, error.code, error.field ? { field: error.field } : {});
      }
      throw error;
    }
  });

  api.get('/cross-chain/quotes', async (c) => {
    const query = parseInput(crossChainQuoteQuerySchema, c.req.query());
    try {
      const result = await services.crossChain.quote({
        ...query,
        fromAmount: BigInt(query.fromAmount),
      });
      c.header('Cache-Control', 'no-store');
      return c.json(crossChainQuotesView(result));
    } catch (error) {
      if (error instanceof DexQuoteError) {
        throw new ApiError(error.status, error.code, error.field ? { field: error.field } : {});
      }
      throw error;
    }
  });

  const sandboxNetwork = (id: string) =>
    services.dex.networks().some((info) => info.network.id === id && info.sandbox);

  api.get('/cross-chain/status', async (c) => {
    const query = parseInput(crossChainStatusQuerySchema, c.req.query());
    let result: Awaited<ReturnType<typeof services.crossChain.status>>;
    try {
      result = await services.crossChain.status(query);
    } catch (error) {
      if (error instanceof DexQuoteError) {
        throw new ApiError(error.status, error.code, error.field ? { field: error.field } : {});
      }
      services.log.warn({ err: error }, 'A cross-chain status check failed');
      throw new ApiError(502, 'provider_unavailable');
    }
    const view: CrossChainStatusView = {
      status: result.status,
      substatus: result.substatus,
      receivingTxHash: result.receivingTxHash,
      // A local sandbox chain has no explorer (docs/decisions/009).
      receivingTxUrl:
        result.receivingTxHash && !sandboxNetwork(result.toNetwork.id)
          ? explorerTxUrl(result.toNetwork, result.receivingTxHash)
          : null,
      receivedAmount: result.receivedAmount?.toString() ?? null,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(view);
  });

  api.get('/addresses/validate', async (c) => {
    const { network, address, memo } = parseInput(addressQuerySchema, c.req.query());
    const result = validateAddress(network, address);
    return c.json({
      valid: result.valid,
      ...(result.valid ? {} : { reason: result.reason }),
      ...(memo ? { memoValid: validateMemo(network, memo).valid } : {}),
    });
  });

  api.post('/swaps', async (c) => {
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !idempotencyKeySchema.safeParse(key).success) {
      throw new ApiError(400, 'invalid_request', {
        field: 'Idempotency-Key',
        values: { field: 'Idempotency-Key' },
      });
    }
    const { email, affiliateId, ...request } = await jsonBody(c, swapRequestSchema);
    // A key's partner first (its API tier); else the partner a widget names, or the affiliate link
    // the visitor followed (its cookie, core/partners/referral.ts), when it exists.
    const keyPartner = c.get('partner');
    const named = affiliateId ?? referredPartner(c.req.header('cookie'));
    const partner = keyPartner ?? (named ? await services.widgetThemes.partner(named) : null);
    const lang = requestLanguage(c);
    const notify = checkOptionalEmail('email', email);
    if (!notify.ok) {
      const { field, code, values } = notify.problem;
      throw new ApiError(422, code, { field, ...(values ? { values } : {}) });
    }
    const { swap, replayed } = await withSwapErrors(services, lang, request, () =>
      swaps.create(
        {
          ...request,
          ...(partner
            ? { partnerId: partner.id, partnerVia: keyPartner ? ('api' as const) : ('affiliate' as const) }
            : {}),
          ...(notify.email ? { notify: { email: notify.email, lang } } : {}),
        },
        key ? { scope: c.get('client'), key } : undefined,
      ),
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    c.header('Location', `/api/v1/swaps/${swap.id}`);
    return c.json(publicSwap(swap), 201);
  });

  api.get('/swaps/:id', async (c) => {
    const id = c.req.param('id').toLowerCase();
    const swap = SWAP_ID_PATTERN.test(id) ? await swaps.get(id) : null;
    if (!swap) throw new ApiError(404, 'swap_not_found');
    c.header('Cache-Control', 'no-store');
    return c.json(publicSwap(swap));
  });

  // A swap in action_needed: the visitor continues at the market rate (no body needed) or takes a
  // refund. Both are idempotent (the decision already taken answers the swap again); the other one then answers 409.
  api.post('/swaps/:id/continue', async (c) => {
    const id = c.req.param('id').toLowerCase();
    if (!SWAP_ID_PATTERN.test(id)) throw new ApiError(404, 'swap_not_found');
    const swap = await withSwapErrors(services, requestLanguage(c), null, () =>
      swaps.decide(id, { action: 'continue' }),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(publicSwap(swap));
  });

  // A refund of an action-needed swap, or the refund address a refunding swap lacks.
  api.post('/swaps/:id/refund', async (c) => {
    const id = c.req.param('id').toLowerCase();
    if (!SWAP_ID_PATTERN.test(id)) throw new ApiError(404, 'swap_not_found');
    const body = await jsonBody(c, refundRequestSchema);
    const existing = await swaps.get(id);
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
      () => swaps.decide(id, { action: 'refund', ...body }),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(publicSwap(swap));
  });

  // The sandbox's stand-in for a blockchain deposit; absent when real providers run alone.
  api.post('/sandbox/swaps/:id/deposit', async (c) => {
    if (!services.sandbox) throw new ApiError(404, 'not_found');
    const { amount, scenario } = await jsonBody(c, depositRequestSchema);
    const id = c.req.param('id').toLowerCase();
    if (!SWAP_ID_PATTERN.test(id)) throw new ApiError(404, 'swap_not_found');
    const swap = await withSwapErrors(services, requestLanguage(c), null, () =>
      swaps.simulateDeposit(id, amount, scenario),
    );
    return c.json(publicSwap(swap));
  });

  // The faucet of the sandbox chains (core/dex/sandbox/runtime.ts): absent where none runs.
  api.post('/sandbox/networks/:network/faucet', async (c) => {
    const info = services.dex.networks().find((known) => known.network.id === c.req.param('network'));
    const chains = services.sandboxChains;
    // A chain not running yet starts with the claim.
    if (!info?.sandbox || !chains?.serves(info.chainId)) throw new ApiError(404, 'not_found');
    const { address } = await jsonBody(c, sandboxFaucetRequestSchema);
    await enforceRateLimit(
      c,
      limiter,
      `sandbox-faucet:ip:${clientIp(c, config.TRUST_PROXY)}`,
      config.SANDBOX_FAUCET_PER_IP_PER_HOUR,
      60 * MINUTE,
    );
    await enforceRateLimit(
      c,
      limiter,
      `sandbox-faucet:${info.chainId}:${address}`,
      config.SANDBOX_FAUCET_PER_ADDRESS_PER_DAY,
      24 * 60 * MINUTE,
    );
    if (!(await chains.use(info.chainId))) throw new ApiError(503, 'unavailable');
    const transactions = await chains.faucet(info.chainId, address);
    c.header('Cache-Control', 'no-store');
    return c.json({ network: info.network.id, chainId: info.chainId, transactions });
  });

  registerFiatRoutes(api, services);

  // The partner's own operations: their key's partner only, never another's.
  const partnerOf = (c: { get(key: 'partner'): KeyHolder | null }) => {
    const partner = c.get('partner');
    if (!partner) throw new ApiError(401, 'api_key_required');
    return partner;
  };
  api.get('/partner/keys', async (c) => {
    const partner = partnerOf(c);
    const now = new Date();
    const view: PartnerKeysView = {
      partnerId: partner.id,
      month: usageMonth(now),
      keys: await listApiKeys(db, partner.id, now),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(view);
  });
  api.get('/partner/webhook-deliveries', async (c) => {
    const partner = partnerOf(c);
    const view: WebhookDeliveriesView = {
      webhook: await services.webhooks.webhook(partner.id),
      deliveries: await services.webhooks.deliveries(partner.id),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(view);
  });

  // Unknown paths and wrong methods answer in the API's error format, never with the site's HTML
  // page (a mounted app's own notFound is not called by the app it is mounted in).
  const routes = api.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({ method: route.method, pattern: routePattern(route.path) }));
  api.all('*', (c) => {
    const path = c.req.path.replace(/^\/api\/v1/, '') || '/';
    const allowed = [
      ...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method)),
    ];
    if (allowed.length === 0) throw new ApiError(404, 'not_found');
    if (!allowed.includes('HEAD') && allowed.includes('GET')) allowed.push('HEAD');
    c.header('Allow', allowed.join(', '));
    throw new ApiError(405, 'method_not_allowed');
  });

  return api;
}

/** A route path (`/pairs/:from/:to`) as a regular expression for whole request paths. */
function routePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
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
