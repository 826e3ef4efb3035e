import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NATIVE_TOKEN } from '../../core/dex/networks.ts';
import { RESPONSE_SCHEMAS } from '../../core/exchange/contract.ts';
import { LANGUAGES as LANGS } from '../../core/i18n/languages.ts';
import { createApiKey } from '../../core/partners/api-keys.ts';
import { seedDemoData } from '../../core/seed.ts';
import {
  FORM_ACTIONS,
  FORM_FIELDS,
  MONTHLY_VOLUMES,
  type SupportFormKind,
} from '../../core/support/fields.ts';
import { widgetThemeSchema } from '../../core/widget/theme.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { partnerWithdrawals, swaps } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { type FakeLiFi, startFakeLiFi } from '../../tests/fakes/lifi-fake.ts';
import { type FakeRecaptcha, startFakeRecaptcha } from '../../tests/fakes/recaptcha-fake.ts';
import { type FakeZeroEx, startFakeZeroEx } from '../../tests/fakes/zerox-fake.ts';
import {
  hostileStrings,
  hostileValue,
  invalidValue,
  type JsonSchema,
  malformedJsonText,
  schemaErrors,
  validValue,
} from '../../tests/support/arbitraries.ts';
import { insertTestSwap } from '../../tests/support/reviews.ts';
import { createApiGlobal, subscribeSchema } from '../apiglobal.ts';
import { createTestApp, loadServerBuild } from '../testing.ts';
import { openApiDocument } from './openapi.ts';

/**
 * API fuzzing (issue 9): every operation of the OpenAPI document and every /apiglobal endpoint
 * gets requests generated from its schemas (valid, boundary, malformed, hostile) and must answer
 * with no 5xx, a status the document names for it, a body matching the documented schema, and
 * errors in the error format. CI runs a fixed seed and a few runs per operation; `npm run fuzz`
 * runs longer (FUZZ_RUNS, FUZZ_SEED; FUZZ_DATABASE=postgres with TEST_DATABASE_URL for PostgreSQL).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Fixed unless FUZZ_SEED says otherwise; `FUZZ_SEED=random` (npm run fuzz) draws one and prints it. */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_261_125);
/** Each operation's property may take this long (swap creation commits several rows per request). */
const TIMEOUT_MS = 30_000 + RUNS * 400;
if (process.env.FUZZ_RUNS || process.env.FUZZ_SEED)
  console.info(`API fuzzing: seed ${SEED}, ${RUNS} runs per operation`);
const DATABASE = process.env.FUZZ_DATABASE ?? 'pglite';

const build = await loadServerBuild();

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const DEX_USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const DEX_DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const BRIDGE_TX = `0x${'b'.repeat(64)}`;
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const RECAPTCHA_SECRET = 'fuzz-recaptcha-secret';
const OPERATOR_TOKEN = 'fuzz-operator-token-0123456789';

interface Operation {
  responses: Record<string, ResponseDoc | { $ref: string }>;
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface ResponseDoc {
  description: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema: JsonSchema }>;
}
interface ApiDocument {
  components: { schemas: Record<string, unknown>; responses?: Record<string, ResponseDoc> };
  paths: Record<string, Record<string, Operation>>;
}

const errorSchema = z.toJSONSchema(RESPONSE_SCHEMAS.Error, { io: 'output' });
const errorResponse = (description: string): ResponseDoc => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * The /apiglobal endpoints (SPEC §7) described the way the OpenAPI document describes /api/v1, for
 * the same checks. A new /apiglobal endpoint must be added here: the coverage test below fails until it is.
 */
/** A support form's answer once stored. */
const received: ResponseDoc = {
  description: 'Stored',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { received: { const: true }, id: { type: 'integer' } },
        required: ['received', 'id'],
        additionalProperties: false,
      } as JsonSchema,
    },
  },
};

/** An operator's list behind OPERATOR_TOKEN, with an `after` cursor. */
function operatorListOperation(key: string): Record<string, Operation> {
  return {
    get: {
      parameters: [
        { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'after', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
      ],
      responses: {
        200: {
          description: 'The list',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { [key]: { type: 'array', items: { type: 'object' } } },
                required: [key],
              } as JsonSchema,
            },
          },
        },
        400: errorResponse('Bad cursor'),
        401: errorResponse('Wrong operator token'),
        404: errorResponse('No operator token configured'),
        503: errorResponse('Database unavailable'),
      },
    },
  };
}

/** A partner's widget theme behind OPERATOR_TOKEN: read, replace, remove. */
function widgetThemeOperations(): Record<string, Operation> {
  const parameters = [
    { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } },
    { name: 'partnerId', in: 'path', required: true, schema: { type: 'string' } },
  ] as const;
  const themeAnswer: ResponseDoc = {
    description: 'The stored theme',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { partnerId: { type: 'string' }, theme: { type: ['object', 'null'] } },
          required: ['partnerId', 'theme'],
        } as JsonSchema,
      },
    },
  };
  const refusals = {
    401: errorResponse('Wrong operator token'),
    404: errorResponse('No operator token configured, or an unknown partner'),
    414: errorResponse('Path too long'),
    503: errorResponse('Database unavailable'),
  };
  return {
    get: { parameters: [...parameters], responses: { 200: themeAnswer, ...refusals } },
    put: {
      parameters: [...parameters],
      requestBody: {
        content: {
          'application/json': { schema: z.toJSONSchema(widgetThemeSchema, { io: 'input' }) as JsonSchema },
        },
      },
      responses: {
        200: themeAnswer,
        ...refusals,
        400: errorResponse('Invalid JSON or body'),
        409: errorResponse('The host belongs to another partner'),
        413: errorResponse('Body too large'),
        422: errorResponse('A refused value'),
      },
    },
    delete: {
      parameters: [...parameters],
      responses: { 204: { description: 'Removed' }, ...refusals },
    },
  };
}

/** A support form (contact, add-coin, partner demo): its fields as strings and the human check's token. */
function supportFormOperation(kind: SupportFormKind): Record<string, Operation> {
  const fields = Object.fromEntries(
    Object.keys(FORM_FIELDS[kind]).map((field) => [field, { type: 'string' }]),
  );
  return {
    post: {
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { ...fields, googleReCaptchaToken: { type: 'string' } },
              required: [...Object.keys(fields), 'googleReCaptchaToken'],
            } as JsonSchema,
          },
        },
      },
      responses: {
        201: received,
        400: errorResponse('Invalid JSON, body or human check'),
        413: errorResponse('Body too large'),
        422: errorResponse('A field refused'),
        429: errorResponse('Rate limited'),
        503: errorResponse('Human check or database unavailable'),
      },
    },
  };
}

const APIGLOBAL_DOCUMENT: ApiDocument = {
  components: {
    schemas: {
      Error: errorSchema,
      Global: z.toJSONSchema(
        z.strictObject({
          popularCrypto: z.array(
            z.strictObject({ coinInfo: z.strictObject({ name: z.string(), code: z.string() }) }),
          ),
          popularPairs: z.array(
            z.strictObject({
              pairInfo: z.strictObject({
                from: z.strictObject({ code: z.string() }),
                to: z.strictObject({ code: z.string() }),
              }),
            }),
          ),
          socialMedias: z.array(z.strictObject({ link: z.string(), logo: z.string() })),
        }),
      ),
    },
  },
  paths: {
    '/global': {
      get: {
        responses: {
          200: {
            description: 'Global data',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Global' } } },
          },
          304: { description: 'Not modified' },
          503: errorResponse('Database unavailable'),
        },
      },
    },
    '/locale/{code}': {
      get: {
        parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'A dictionary',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          304: { description: 'Not modified' },
          404: errorResponse('No such language'),
          414: errorResponse('Path too long'),
        },
      },
    },
    '/contact/message': supportFormOperation('contact'),
    '/coins/request': supportFormOperation('add_coin'),
    '/partners/demo': supportFormOperation('partner_demo'),
    '/reviews': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: z.toJSONSchema(
                z.object({
                  swapId: z.string(),
                  name: z.string(),
                  rating: z.union([z.number(), z.string()]),
                  text: z.string(),
                  googleReCaptchaToken: z.string(),
                }),
                { io: 'input' },
              ) as JsonSchema,
            },
          },
        },
        responses: {
          201: received,
          400: errorResponse('Invalid JSON, body or human check'),
          404: errorResponse('No such swap'),
          409: errorResponse('Swap not finished, or already reviewed'),
          413: errorResponse('Body too large'),
          422: errorResponse('A field refused'),
          429: errorResponse('Rate limited'),
          503: errorResponse('Human check or database unavailable'),
        },
      },
    },
    '/swaps/{id}/unsubscribe': {
      post: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: z.toJSONSchema(z.object({ token: z.string().max(200) }), { io: 'input' }) as JsonSchema,
            },
          },
        },
        responses: {
          200: {
            description: 'Unsubscribed (or already)',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { unsubscribed: { const: true }, already: { type: 'boolean' } },
                  required: ['unsubscribed', 'already'],
                  additionalProperties: false,
                } as JsonSchema,
              },
            },
          },
          400: errorResponse('Invalid JSON or body'),
          404: errorResponse('No such swap, or a wrong token'),
          413: errorResponse('Body too large'),
          414: errorResponse('Path too long'),
          422: errorResponse('A token that is not a string or too long'),
          429: errorResponse('Rate limited'),
          503: errorResponse('Database unavailable'),
        },
      },
    },
    '/mail/outbox': operatorListOperation('mails'),
    '/partners/{partnerId}/widget-theme': widgetThemeOperations(),
    '/partners/withdrawals': {
      get: {
        parameters: [{ name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'Confirmed withdrawals waiting to be sent',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { withdrawals: { type: 'array', items: { type: 'object' } } },
                  required: ['withdrawals'],
                } as JsonSchema,
              },
            },
          },
          401: errorResponse('Wrong operator token'),
          404: errorResponse('No operator token configured'),
          503: errorResponse('Database unavailable'),
        },
      },
    },
    '/partners/withdrawals/{id}/paid': {
      post: {
        parameters: [
          { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { txHash: { type: 'string', pattern: '^[A-Za-z0-9]{16,128}$' } },
                required: ['txHash'],
                additionalProperties: false,
              } as JsonSchema,
            },
          },
        },
        responses: {
          200: {
            description: 'The withdrawal, paid',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { withdrawal: { type: 'object' } },
                  required: ['withdrawal'],
                } as JsonSchema,
              },
            },
          },
          400: errorResponse('Invalid JSON or body'),
          401: errorResponse('Wrong operator token'),
          404: errorResponse('No operator token configured, or an unknown withdrawal'),
          409: errorResponse('The withdrawal is not waiting to be sent'),
          413: errorResponse('Body too large'),
          414: errorResponse('Path too long'),
          422: errorResponse('Control characters in the body'),
          503: errorResponse('Database unavailable'),
        },
      },
    },
    '/support/requests': {
      get: {
        parameters: [
          { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'after', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
        ],
        responses: {
          200: {
            description: 'Form submissions',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { requests: { type: 'array', items: { type: 'object' } } },
                  required: ['requests'],
                } as JsonSchema,
              },
            },
          },
          400: errorResponse('Bad cursor'),
          401: errorResponse('Wrong operator token'),
          404: errorResponse('No operator token configured'),
          503: errorResponse('Database unavailable'),
        },
      },
    },
    '/contact/subscribe': {
      post: {
        requestBody: {
          content: {
            'application/json': { schema: z.toJSONSchema(subscribeSchema, { io: 'input' }) as JsonSchema },
          },
        },
        responses: {
          200: {
            description: 'Subscribed',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { subscribed: { const: true } },
                  required: ['subscribed'],
                  additionalProperties: false,
                },
              },
            },
          },
          400: errorResponse('Invalid JSON, body or human check'),
          413: errorResponse('Body too large'),
          422: errorResponse('Invalid email'),
          429: errorResponse('Rate limited'),
          503: errorResponse('Human check or database unavailable'),
        },
      },
    },
  },
};

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A path template (`/swaps/{id}`) under `prefix` as a regular expression for decoded paths. */
function templatePattern(prefix: string, template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return new RegExp(`^${prefix}${escaped}$`);
}

/** encodeURIComponent, with lone surrogates as the invalid UTF-8 a raw client would send. */
function encodeSegment(text: string): string {
  return [...text]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

/** A query string from generated parameters: arrays repeat the name, other values are stringified. */
function queryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
  const parts: string[] = [];
  for (const [name, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      parts.push(
        `${encodeSegment(name)}=${encodeSegment(typeof one === 'string' ? one : JSON.stringify(one))}`,
      );
    }
  }
  return parts.join('&');
}

/** A header value a client can send: Latin-1 without CR, LF or NUL. */
const headerValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});

const contentTypes = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/xml',
      '',
    ),
    weight: 2,
  },
  { arbitrary: headerValue, weight: 1 },
);

const acceptLanguage = fc.option(
  fc.oneof(fc.constantFrom(...LANGS, 'fr-CH, de;q=0.5', '*', 'xx'), headerValue),
  {
    nil: undefined,
  },
);

const targets = databaseTargets().filter((target) => target.name === DATABASE);
if (targets.length === 0)
  throw new Error(`FUZZ_DATABASE=${DATABASE}: no such test database (TEST_DATABASE_URL?)`);

describe.each(targets)('API fuzzing on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: ReturnType<typeof createTestApp>['services'];
  let fake: FakeRecaptcha;
  let zeroEx: FakeZeroEx;
  let lifi: FakeLiFi;
  const statuses = new Map<string, Map<number, number>>();
  const hints: Record<string, fc.Arbitrary<unknown>> = {};
  /** Path values for one operation only (by its name), before the shared hints. */
  const operationPathHints: Record<string, Record<string, fc.Arbitrary<unknown>>> = {};
  /** Swaps off the happy path (action_needed, refunding): the ids the decisions are tried on. */
  const offPathSwapIds: string[] = [];
  /** Whole request bodies the business rules accept, by operation (random fields seldom all fit). */
  const examples: Record<string, fc.Arbitrary<unknown>> = {};
  let partnerKey = '';

  const coinCodes = fc.constantFrom('btc', 'eth', 'usdt', 'xrp', 'ltc', 'trx', 'sol', ' BTC ', 'Eth');
  const networks = fc.constantFrom('bitcoin', 'ethereum', 'tron', 'xrp', 'bsc', 'solana', 'Ethereum');

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    fake = await startFakeRecaptcha({
      secret: RECAPTCHA_SECRET,
      tokens: {
        human: { success: true, score: 0.9, action: 'subscribe' },
        bot: { success: true, score: 0.1, action: 'subscribe' },
        ...Object.fromEntries(
          Object.values(FORM_ACTIONS).map((action) => [
            `human-${action}`,
            { success: true, score: 0.9, action },
          ]),
        ),
      },
    });
    // DEX quotes from the local 0x fake: USDC, DAI and ETH on Ethereum (tokens of the default list).
    zeroEx = await startFakeZeroEx({
      apiKey: 'fuzz-0x-key',
      rates: {
        [`1:${DEX_USDC}:${DEX_DAI}`]: [999n * 10n ** 12n, 1000n],
        [`1:${DEX_DAI}:${DEX_USDC}`]: [999n, 1000n * 10n ** 12n],
        [`1:${NATIVE_TOKEN.toLowerCase()}:${DEX_USDC}`]: [2000n, 10n ** 12n],
      },
    });
    // Cross-chain quotes from the local LI.FI fake: USDC from Ethereum to Arbitrum.
    lifi = await startFakeLiFi({
      rates: { [`1:${DEX_USDC}:42161:${ARB_USDC}`]: [998n, 1000n] },
      statuses: {
        [BRIDGE_TX]: {
          status: 'DONE',
          substatus: 'COMPLETED',
          receiving: { txHash: `0x${'c'.repeat(64)}`, amount: '998' },
        },
      },
    });
    const created = createTestApp(build, handle, {
      LIFI_ENABLED: 'true',
      LIFI_API_URL: lifi.url,
      ZEROX_API_KEY: 'fuzz-0x-key',
      ZEROX_API_URL: zeroEx.url,
      RATE_LIMIT_FORMS_PER_HOUR: '1000000',
      OPERATOR_TOKEN,
      SANDBOX_STEP_DELAY_MS: '0',
      RATE_LIMIT_READS_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      RATE_LIMIT_SUBSCRIBE_PER_HOUR: '1000000',
      TRUST_PROXY: 'true',
      RECAPTCHA_SECRET,
      RECAPTCHA_VERIFY_URL: fake.url,
    });
    app = created.app;
    services = created.services;
    await services.market.refresh();
    partnerKey = (await createApiKey(handle.db, { id: 'fuzz-partner' })).key;

    // Real values the business rules accept, mixed into the generated ones so requests get past
    // validation too: fixed quotes, swaps waiting for their deposit.
    const quoteIds: string[] = [];
    const swapIds: string[] = [];
    for (const [from, to, payoutAddress] of [
      ['btc', 'eth', ETH_ADDRESS],
      ['eth', 'btc', BTC_ADDRESS],
      ['btc', 'xrp', XRP_ADDRESS],
    ] as const) {
      const quote = await app.request('/api/v1/quotes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from, to, amount: '0.5', rateType: 'fixed' }),
      });
      quoteIds.push(((await quote.json()) as { quoteId: string }).quoteId);
      for (let i = 0; i < 4; i++) {
        const swap = await app.request('/api/v1/swaps', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ from, to, amount: '0.5', rateType: 'float', payoutAddress }),
        });
        expect(swap.status).toBe(201);
        swapIds.push(((await swap.json()) as { id: string }).id);
      }
    }
    // Swaps off the happy path, so that decisions get past the rules too: fixed-rate swaps paid
    // half (action_needed) and float swaps paid below the minimum without a refund address.
    for (let i = 0; i < 3; i++) {
      const quote = await app.request('/api/v1/quotes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: 'btc', to: 'eth', amount: '0.5', rateType: 'fixed' }),
      });
      const { quoteId } = (await quote.json()) as { quoteId: string };
      for (const [rateType, deposit] of [
        ['fixed', '0.25'],
        ['float', '0.000001'],
        ['float', '0.000002'],
      ] as const) {
        const swap = await app.request('/api/v1/swaps', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            from: 'btc',
            to: 'eth',
            amount: '0.5',
            rateType,
            ...(rateType === 'fixed' ? { quoteId } : {}),
            payoutAddress: ETH_ADDRESS,
          }),
        });
        expect(swap.status).toBe(201);
        const { id } = (await swap.json()) as { id: string };
        await app.request(`/api/v1/sandbox/swaps/${id}/deposit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: deposit }),
        });
        offPathSwapIds.push(id);
      }
    }
    const decisionIds = fc.constantFrom(...offPathSwapIds);
    operationPathHints['POST /api/v1/swaps/{id}/continue'] = { id: decisionIds };
    operationPathHints['POST /api/v1/swaps/{id}/refund'] = { id: decisionIds };
    examples['POST /api/v1/swaps/{id}/refund'] = fc.constantFrom({ refundAddress: BTC_ADDRESS }, {});
    // A swap with mails: its id among the path ids, its unsubscribe token as the body example.
    const mailed = await app.request('/api/v1/swaps', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: 'btc',
        to: 'eth',
        amount: '0.5',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
        email: 'fuzz@example.com',
      }),
    });
    expect(mailed.status).toBe(201);
    const mailedId = ((await mailed.json()) as { id: string }).id;
    swapIds.push(mailedId);
    const [mailedRow] = await handle.db
      .select({ token: swaps.notifyToken })
      .from(swaps)
      .where(eq(swaps.id, mailedId));
    examples['POST /apiglobal/swaps/{id}/unsubscribe'] = fc.constantFrom({ token: mailedRow?.token ?? '' });
    // Partner withdrawals waiting for the operator: the ids a payout is noted on (each once).
    const base32 = 'abcdefghijklmnopqrstuvwxyz234567';
    const withdrawalIds = Array.from(
      { length: 64 },
      (_, i) => `${'w'.repeat(24)}${base32[i % 32]}${base32[i >> 5]}`,
    );
    await handle.db.insert(partnerWithdrawals).values(
      withdrawalIds.map((id) => ({
        id,
        partnerId: 'fuzz-partner',
        coin: 'eth',
        network: 'ethereum',
        address: ETH_ADDRESS,
        amountUsd: '25',
        amount: '0.01',
        status: 'queued' as const,
        tokenHash: `fuzz-${id}`,
        lang: 'en',
        expiresAt: new Date(Date.now() + 60 * 60_000),
        confirmedAt: new Date(),
      })),
    );
    operationPathHints['POST /apiglobal/partners/withdrawals/{id}/paid'] = {
      id: fc.constantFrom(...withdrawalIds),
    };
    examples['POST /apiglobal/partners/withdrawals/{id}/paid'] = fc.constantFrom({ txHash: 'ab'.repeat(32) });
    // Fiat orders waiting for their payment: their ids among the path ids of the fiat operations.
    const fiatOrderIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await app.request('/api/v1/fiat/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          side: 'buy',
          fiat: 'usd',
          coin: 'btc',
          amount: '250',
          country: 'us',
          paymentMethod: 'card',
          walletAddress: BTC_ADDRESS,
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      fiatOrderIds.push(id);
      // Most wait at the sandbox checkout's 3-D Secure step, for the challenge operation.
      if (i % 3 === 0) continue;
      const challenged = await app.request(`/api/v1/sandbox/fiat/orders/${id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: '4000000000003220', expiry: '12/34', cvc: '123' }),
      });
      expect(challenged.status).toBe(200);
    }
    // Sales waiting for their payout details or their deposit, for the sale's operations.
    for (let i = 0; i < 12; i++) {
      const created = await app.request('/api/v1/fiat/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          side: 'sell',
          fiat: 'eur',
          coin: 'btc',
          amount: '0.05',
          country: 'de',
          paymentMethod: 'bank_transfer',
          walletAddress: BTC_ADDRESS,
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      fiatOrderIds.push(id);
      if (i % 3 !== 0) continue;
      const given = await app.request(`/api/v1/fiat/orders/${id}/payout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ destination: 'DE89370400440532013000' }),
      });
      expect(given.status).toBe(200);
    }
    Object.assign(hints, {
      // A sale's payout destination: IBANs its bank transfer takes.
      destination: fc.constantFrom('DE89370400440532013000', 'GB82 WEST 1234 5698 7654 32'),
      // Partners with and without a stored widget theme (fuzz-partner has an API key).
      partnerId: fc.constantFrom('demo-partner', 'fuzz-partner', 'Demo-Partner'),
      from: coinCodes,
      to: coinCodes,
      fromNetwork: networks,
      toNetwork: networks,
      network: networks,
      amount: fc.constantFrom(
        '0.5',
        '0.1',
        '1',
        '2.5',
        '0',
        '0.000000000000000001',
        '999999999999999999',
        '1e3',
      ),
      rateType: fc.constantFrom('float', 'fixed', 'FIXED'),
      quoteId: fc.constantFrom(...quoteIds),
      promoCode: fc.constantFrom('ZEROFEE', 'zerofee'),
      payoutAddress: fc.constantFrom(ETH_ADDRESS, BTC_ADDRESS, XRP_ADDRESS, TRON_ADDRESS),
      refundAddress: fc.constantFrom(ETH_ADDRESS, BTC_ADDRESS, TRON_ADDRESS),
      address: fc.constantFrom(ETH_ADDRESS, BTC_ADDRESS, XRP_ADDRESS, TRON_ADDRESS, ''),
      payoutMemo: fc.constantFrom('123456', '4294967296', 'memo'),
      memo: fc.constantFrom('123456', '4294967296', 'memo'),
      id: fc.constantFrom(...swapIds, ...swapIds.map((id) => id.toUpperCase())),
      orderId: fc.constantFrom(...fiatOrderIds, ...fiatOrderIds.map((id) => id.toUpperCase())),
      side: fc.constantFrom('buy', 'sell', 'BUY'),
      fiat: fc.constantFrom('usd', 'eur', 'EUR', 'xyz'),
      country: fc.constantFrom('us', 'de', 'ir', 'zz'),
      paymentMethod: fc.constantFrom('card', 'bank_transfer', 'apple_pay', 'google_pay'),
      walletAddress: fc.constantFrom(BTC_ADDRESS, ETH_ADDRESS),
      number: fc.constantFrom('4242 4242 4242 4242', '4000000000000002', '4000000000003220', '1234'),
      expiry: fc.constantFrom('12/34', '01/20', '13/40'),
      cvc: fc.constantFrom('123', '12a'),
      code: fc.constantFrom(...LANGS, 'EN', 'xx', 'en-US'),
      email: fc.constantFrom('fuzz@example.com', 'Fuzz+tag@Example.COM', 'no-at-sign', 'a@b', ''),
      googleReCaptchaToken: fc.constantFrom('human', 'bot', 'unknown-token'),
      sellToken: fc.constantFrom(DEX_USDC, DEX_DAI, NATIVE_TOKEN, ETH_ADDRESS),
      buyToken: fc.constantFrom(DEX_USDC, DEX_DAI, DEX_USDC.toUpperCase().replace('0X', '0x')),
      sellAmount: fc.constantFrom('1000000', '1', '25000000000000000000', '0', '1.5'),
      slippageBps: fc.constantFrom(50, 100, 0, 5001),
      taker: fc.constantFrom(ETH_ADDRESS, ETH_ADDRESS.toLowerCase()),
    });
    const quote = fc.record(
      {
        pair: fc.constantFrom<[string, string, string]>(
          ['btc', 'eth', ETH_ADDRESS],
          ['eth', 'btc', BTC_ADDRESS],
          ['btc', 'xrp', XRP_ADDRESS],
          ['eth', 'usdt', ETH_ADDRESS],
        ),
        amount: fc.constantFrom('0.5', '0.25', '1', '0.3333'),
        rateType: fc.constantFrom('float', 'fixed'),
        promoCode: fc.constant('ZEROFEE'),
      },
      { requiredKeys: ['pair', 'amount', 'rateType'] },
    );
    examples['POST /api/v1/quotes'] = quote.map(({ pair: [from, to], ...rest }) => ({ from, to, ...rest }));
    examples['POST /apiglobal/contact/subscribe'] = fc.record({
      email: fc.emailAddress(),
      googleReCaptchaToken: fc.constant('human'),
    });
    // Finished swaps a review may name (one review each), and the support forms filled in right.
    const finished = Array.from(
      { length: 6 },
      (_, i) => `fuzzfinished${'a'.repeat(13)}${'abcdef'.charAt(i)}`,
    );
    for (const id of finished) await insertTestSwap(handle.db, id, 'finished');
    const text = fc.constantFrom('A clear message of some length.', 'Ein Satz mit genug Zeichen darin.');
    const person = fc.constantFrom('Ada', 'Grace Hopper');
    examples['POST /apiglobal/contact/message'] = fc.record({
      name: person,
      email: fc.emailAddress(),
      message: text,
      googleReCaptchaToken: fc.constant(`human-${FORM_ACTIONS.contact}`),
    });
    examples['POST /apiglobal/coins/request'] = fc.record({
      name: person,
      email: fc.emailAddress(),
      coinName: fc.constantFrom('Example Coin'),
      ticker: fc.constantFrom('EXC', 'ex.c'),
      network: fc.constantFrom('Ethereum'),
      contractAddress: fc.constantFrom(ETH_ADDRESS, ''),
      website: fc.constantFrom('https://example.com', ''),
      message: text,
      googleReCaptchaToken: fc.constant(`human-${FORM_ACTIONS.add_coin}`),
    });
    examples['POST /apiglobal/partners/demo'] = fc.record({
      company: fc.constantFrom('Example Ltd'),
      email: fc.emailAddress(),
      monthlyVolume: fc.constantFrom(...MONTHLY_VOLUMES),
      message: fc.constantFrom('', 'We run a wallet.'),
      googleReCaptchaToken: fc.constant(`human-${FORM_ACTIONS.partner_demo}`),
    });
    examples['POST /apiglobal/reviews'] = fc.record({
      swapId: fc.constantFrom(...finished, ...swapIds),
      name: person,
      rating: fc.constantFrom(1, 5, '4'),
      text,
      googleReCaptchaToken: fc.constant(`human-${FORM_ACTIONS.review}`),
    });
    // Whole DEX queries the business rules accept (the fake 0x has these pairs).
    examples['GET /api/v1/dex/quotes'] = fc
      .record(
        {
          network: fc.constant('ethereum'),
          sellToken: fc.constantFrom(DEX_USDC, DEX_DAI),
          buyToken: fc.constant(DEX_USDC),
          sellAmount: fc.constantFrom('1000000', '250000000000000000000'),
          slippageBps: fc.constantFrom(50, 100),
          taker: fc.constant(ETH_ADDRESS),
        },
        { requiredKeys: ['network', 'sellToken', 'buyToken', 'sellAmount'] },
      )
      .map((query) => (query.sellToken === DEX_USDC ? { ...query, buyToken: DEX_DAI } : query));
    examples['GET /api/v1/cross-chain/quotes'] = fc.record(
      {
        fromNetwork: fc.constant('ethereum'),
        toNetwork: fc.constantFrom('arbitrum', 'optimism'),
        fromToken: fc.constant(DEX_USDC),
        toToken: fc.constant(ARB_USDC),
        fromAmount: fc.constantFrom('1000000', '5'),
        fromAddress: fc.constant(ETH_ADDRESS),
        slippageBps: fc.constantFrom(50, 300),
      },
      { requiredKeys: ['fromNetwork', 'toNetwork', 'fromToken', 'toToken', 'fromAmount', 'fromAddress'] },
    );
    examples['GET /api/v1/cross-chain/status'] = fc.record({
      txHash: fc.constantFrom(BRIDGE_TX, `0x${'d'.repeat(64)}`),
      fromNetwork: fc.constant('ethereum'),
      toNetwork: fc.constant('arbitrum'),
      bridge: fc.constant('stargateV2'),
    });
    const fiatQuote = fc.record(
      {
        side: fc.constantFrom('buy'),
        fiat: fc.constantFrom('usd', 'eur'),
        coin: fc.constantFrom('btc', 'eth'),
        amount: fc.constantFrom('100', '250', '1000.5'),
        country: fc.constantFrom('us', 'de', 'gb'),
        region: fc.constantFrom('ca', 'ny'),
        paymentMethod: fc.constantFrom('card', 'apple_pay', 'bank_transfer'),
      },
      { requiredKeys: ['side', 'fiat', 'coin', 'amount', 'country'] },
    );
    examples['POST /api/v1/fiat/quotes'] = fiatQuote;
    examples['POST /api/v1/fiat/orders'] = fiatQuote.map(({ region: _region, coin, ...rest }) => ({
      ...rest,
      coin,
      paymentMethod: 'card',
      walletAddress: coin === 'btc' ? BTC_ADDRESS : ETH_ADDRESS,
    }));
    examples['POST /api/v1/sandbox/fiat/orders/{orderId}/pay'] = fc.record({
      number: fc.constantFrom('4242424242424242', '4000000000000002', '4000000000003220'),
      expiry: fc.constantFrom('12/34'),
      cvc: fc.constantFrom('123'),
    });
    examples['POST /api/v1/sandbox/fiat/orders/{orderId}/challenge'] = fc.record({ passed: fc.boolean() });
    examples['POST /api/v1/fiat/orders/{orderId}/payout'] = fc.record({
      destination: fc.constantFrom('DE89370400440532013000', 'GB82WEST12345698765432'),
    });
    examples['POST /api/v1/swaps'] = quote.map(({ pair: [from, to, payoutAddress], ...rest }) => ({
      from,
      to,
      payoutAddress,
      ...rest,
      rateType: 'float',
    }));
  });
  afterAll(async () => {
    if (process.env.FUZZ_RUNS) {
      for (const [operation, counts] of statuses) {
        console.info(`${operation}: ${[...counts].map(([status, n]) => `${status}×${n}`).join(' ')}`);
      }
    }
    await fake?.close();
    await zeroEx?.close();
    await lifi?.close();
    await handle?.close();
  });

  /** Requests for one operation: parameters, query and body from its schemas, valid or not. */
  function requests(
    name: string,
    prefix: string,
    template: string,
    method: string,
    operation: Operation,
  ): fc.Arbitrary<FuzzRequest> {
    const parameters = operation.parameters ?? [];
    const pathNames = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    const operationHints = operationPathHints[name] ?? {};
    const pathValues = pathNames.map((name) => {
      const schema = parameters.find((p) => p.name === name && p.in === 'path')?.schema ?? {
        type: 'string',
      };
      const hint = operationHints[name] ?? hints[name];
      return fc
        .oneof(
          ...(hint ? [{ arbitrary: hint.map(String), weight: 6 }] : []),
          { arbitrary: validValue(schema, { maxStringLength: 40 }).map(String), weight: 2 },
          { arbitrary: hostileStrings, weight: 2 },
        )
        .filter((value) => !['', '.', '..'].includes(value)); // those make another path (tested below)
    });
    const query = parameters.filter((p) => p.in === 'query');
    const querySchema: JsonSchema = {
      type: 'object',
      properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
      required: query.filter((p) => p.required).map((p) => p.name),
    };
    const queryArb =
      query.length > 0
        ? fc.oneof(
            ...(examples[name] ? [{ arbitrary: examples[name].map(queryString), weight: 4 }] : []),
            { arbitrary: validValue(querySchema, { hints }).map(queryString), weight: 5 },
            { arbitrary: invalidValue(querySchema).map(queryString), weight: 2 },
            { arbitrary: hostileValue(querySchema, { hints }).map(queryString), weight: 2 },
            { arbitrary: fc.constantFrom('a=%zz&&=&b', 'network', '=x', '%'), weight: 1 },
          )
        : fc.oneof(
            { arbitrary: fc.constant(''), weight: 8 },
            {
              arbitrary: fc
                .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }))
                .map(queryString),
              weight: 2,
            },
          );
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    // null: a POST with no body at all.
    const bodyArb: fc.Arbitrary<string | null | undefined> = bodySchema
      ? fc.oneof(
          { arbitrary: fc.constant(null), weight: 1 },
          ...(examples[name] ? [{ arbitrary: examples[name].map((v) => JSON.stringify(v)), weight: 4 }] : []),
          { arbitrary: validValue(bodySchema, { hints }).map((v) => JSON.stringify(v)), weight: 4 },
          { arbitrary: invalidValue(bodySchema).map((v) => JSON.stringify(v)), weight: 3 },
          { arbitrary: hostileValue(bodySchema, { hints }).map((v) => JSON.stringify(v)), weight: 3 },
          { arbitrary: malformedJsonText, weight: 2 },
        )
      : fc.constant(undefined);
    const idempotencyKey = parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')
      ? fc.option(
          fc.oneof(
            fc.string({
              unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
              minLength: 1,
              maxLength: 40,
            }),
            headerValue,
          ),
          { nil: undefined },
        )
      : fc.constant(undefined);
    const authorization = parameters.some((p) => p.in === 'header' && p.name === 'Authorization')
      ? fc.oneof(
          { arbitrary: fc.constant(`Bearer ${OPERATOR_TOKEN}`), weight: 3 },
          { arbitrary: fc.constant(undefined), weight: 1 },
          { arbitrary: headerValue, weight: 1 },
        )
      : fc.constant(undefined);
    const apiKey = fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 12 },
      { arbitrary: fc.constant(partnerKey), weight: 2 },
      { arbitrary: headerValue, weight: 1 },
    );
    return fc
      .record({
        segments: fc.tuple(...pathValues),
        query: queryArb,
        body: bodyArb,
        contentType: contentTypes,
        language: acceptLanguage,
        idempotencyKey,
        apiKey,
        authorization,
        forwardedFor: fc.option(
          fc.oneof(
            fc.constantFrom('203.0.113.7', '2001:db8::1', '203.0.113.7, 198.51.100.1', 'unknown', ''),
            headerValue,
          ),
          { nil: undefined },
        ),
      })
      .map(
        ({
          segments,
          query,
          body,
          contentType,
          language,
          idempotencyKey,
          apiKey,
          authorization,
          forwardedFor,
        }) => {
          let i = 0;
          const path = template.replace(/\{\w+\}/g, () => encodeSegment(segments[i++] as string));
          const headers: Record<string, string> = {};
          if (typeof body === 'string' && contentType) headers['content-type'] = contentType;
          if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
          if (language !== undefined) headers['accept-language'] = language;
          if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
          if (apiKey !== undefined) headers['x-api-key'] = apiKey;
          if (authorization !== undefined) headers.authorization = authorization;
          return {
            method: method.toUpperCase(),
            url: `${prefix}${path}${query ? `?${query}` : ''}`,
            headers,
            ...(typeof body === 'string' ? { body } : {}),
          };
        },
      );
  }

  function resolveResponse(document: ApiDocument, doc: ResponseDoc | { $ref: string } | undefined) {
    if (doc && '$ref' in doc) return document.components.responses?.[doc.$ref.split('/').pop() as string];
    return doc;
  }

  /** Sends the request and checks its answer against the operation's documented responses. */
  async function check(
    document: ApiDocument,
    name: string,
    operation: Operation,
    request: FuzzRequest,
    via: { request: typeof app.request } = app,
  ) {
    const response = await via.request(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const counts = statuses.get(name) ?? new Map<number, number>();
    counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
    statuses.set(name, counts);
    const text = await response.text();
    const where = `${name} → ${response.status} ${text.slice(0, 300)}`;
    const { status } = response;
    expect(response.status, where).toBeLessThan(500);
    const documented = resolveResponse(document, operation.responses[String(response.status)]);
    expect(documented, `undocumented status: ${where}`).toBeDefined();
    for (const [header, spec] of Object.entries(documented?.headers ?? {})) {
      if (spec.required) expect(response.headers.get(header), `${header}: ${where}`).not.toBeNull();
    }
    const content = documented?.content;
    if (!content) {
      expect(text, where).toBe('');
      return status;
    }
    const type = response.headers.get('content-type') ?? '';
    const jsonContent = content['application/json'];
    if (jsonContent) {
      expect(type, where).toMatch(/^application\/json/);
      const body = JSON.parse(text) as unknown;
      expect(schemaErrors(jsonContent.schema, body, document), where).toEqual([]);
      if (response.status >= 400) {
        const { error } = body as { error: { code: string; message: string } };
        expect(error.code, where).toMatch(/^[a-z_]+$/);
        expect(error.message.trim().length, where).toBeGreaterThan(0);
        expect(error.message, where).not.toMatch(/^apiErrors\./);
      }
      if (response.status === 405) expect(response.headers.get('allow'), where).toBeTruthy();
    } else {
      expect(type, where).toMatch(/^text\/html/);
    }
    return status;
  }

  const v1 = openApiDocument('https://swapgate.example') as unknown as ApiDocument;
  const operationsOf = (document: ApiDocument, prefix: string) =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${prefix}${path}`,
        document,
        prefix,
        path,
        method,
        operation,
      })),
    );
  const operations = [...operationsOf(v1, '/api/v1'), ...operationsOf(APIGLOBAL_DOCUMENT, '/apiglobal')];

  /**
   * Operations that cannot succeed in this app, with where their success is tested: the faucet
   * needs sandbox chains, which the test app keeps off (server/sandbox-rpc.test.ts and
   * tests/e2e/sandbox-chains.spec.ts run it on real ones); here it must still refuse cleanly.
   */
  const WITHOUT_SUCCESS_HERE = new Set(['POST /api/v1/sandbox/networks/{network}/faucet']);

  it.each(operations)(
    '$name: no 5xx, documented statuses and bodies',
    async ({ name, document, prefix, path, method, operation }) => {
      await fc.assert(
        fc.asyncProperty(requests(name, prefix, path, method, operation), async (request) => {
          await check(document, name, operation, request);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      // The same, several at once: the same request thrice (an Idempotency-Key in flight, a
      // deposit racing itself) or different ones side by side.
      const arbitrary = requests(name, prefix, path, method, operation);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            arbitrary.map((request) => [request, request, request]),
            fc.array(arbitrary, { minLength: 2, maxLength: 4 }),
          ),
          async (batch) => {
            await Promise.all(batch.map((request) => check(document, name, operation, request)));
          },
        ),
        { seed: SEED, numRuns: Math.ceil(RUNS / 4) },
      );
      // The generated requests got past validation at least once, and were refused at least once.
      const seen = [...(statuses.get(name)?.keys() ?? [])];
      expect(seen.some((status) => status < 300) || WITHOUT_SUCCESS_HERE.has(name), `${name}: ${seen}`).toBe(
        true,
      );
      if (operation.parameters?.length || operation.requestBody) {
        expect(
          seen.some((status) => status >= 400),
          `${name}: ${seen}`,
        ).toBe(true);
      }
    },
    TIMEOUT_MS,
  );

  it('describes every /apiglobal route (a new endpoint needs its description above)', () => {
    const routes = createApiGlobal(services)
      .routes.filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const described = operationsOf(APIGLOBAL_DOCUMENT, '').map((operation) => operation.name);
    expect(described.sort()).toEqual([...new Set(routes)].sort());
  });

  it(
    'answers other paths and methods under the APIs in the error format (404, 405), never 5xx or HTML',
    async () => {
      const known = operations.map((operation) => ({
        ...operation,
        pattern: templatePattern(operation.prefix, operation.path),
      }));
      const segment = fc.oneof(
        fc.constantFrom(
          ...['coins', 'pairs', 'quotes', 'swaps', 'sandbox', 'deposit', 'addresses', 'validate'],
          ...['global', 'locale', 'contact', 'subscribe', 'openapi.json', 'docs', 'btc', 'v2', 'COINS'],
          ...['', '.', '..', '%2e%2e', '%2F', '%00', '%zz', 'coins;x', 'coins%20', '*'],
        ),
        hostileStrings.filter((text) => text.length < 200).map(encodeSegment),
      );
      const arbitrary = fc.record({
        prefix: fc.constantFrom('/api/v1', '/apiglobal'),
        segments: fc.array(segment, { maxLength: 4 }),
        trailingSlash: fc.boolean(),
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ prefix, segments, trailingSlash, method }) => {
          const path = `${prefix}${segments.map((part) => `/${part}`).join('')}${trailingSlash ? '/' : ''}`;
          const { pathname } = new URL(path, 'http://localhost');
          // Dot segments that climb out of the API are the pages' business.
          fc.pre(pathname === prefix || pathname.startsWith(`${prefix}/`));
          let decoded = pathname;
          try {
            decoded = decodeURI(pathname);
          } catch {}
          const request: FuzzRequest = {
            method,
            url: path,
            headers: { 'content-type': 'application/json' },
            ...(method === 'GET' ? {} : { body: '{}' }),
          };
          const matching = known.filter((operation) => operation.pattern.test(decoded));
          const operation = matching.find((candidate) => candidate.method.toUpperCase() === method);
          if (operation) {
            await check(operation.document, operation.name, operation.operation, request);
            return;
          }
          const response = await app.request(path, {
            method,
            headers: request.headers,
            ...(request.body === undefined ? {} : { body: request.body }),
          });
          const text = await response.text();
          const where = `${method} ${path} → ${response.status} ${text.slice(0, 200)}`;
          expect([404, 405, 414], where).toContain(response.status);
          expect(response.headers.get('content-type'), where).toMatch(/^application\/json/);
          expect(schemaErrors(errorSchema as JsonSchema, JSON.parse(text)), where).toEqual([]);
          if (response.status === 405) {
            expect(response.headers.get('allow'), where).toBe(
              [...new Set(matching.map((candidate) => candidate.method.toUpperCase()))]
                .concat(matching.some((candidate) => candidate.method === 'get') ? ['HEAD'] : [])
                .join(', '),
            );
          }
        }),
        { seed: SEED, numRuns: RUNS * 4 },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'answers each rate-limited operation with its documented 429 beyond the limit',
    async () => {
      const limited = createTestApp(build, handle, {
        SANDBOX_STEP_DELAY_MS: '0',
        RATE_LIMIT_READS_PER_MINUTE: '2',
        RATE_LIMIT_WRITES_PER_MINUTE: '2',
        RATE_LIMIT_SUBSCRIBE_PER_HOUR: '2',
        RATE_LIMIT_FORMS_PER_HOUR: '2',
        OPERATOR_TOKEN,
        TRUST_PROXY: 'true',
        RECAPTCHA_SECRET,
        RECAPTCHA_VERIFY_URL: fake.url,
      });
      await limited.services.market.refresh();
      for (const [index, { name, document, prefix, path, method, operation }] of operations.entries()) {
        const samples = fc.sample(requests(name, prefix, path, method, operation), {
          seed: SEED,
          numRuns: 8,
        });
        const seen = new Set<number>();
        for (const request of samples) {
          // Each operation from its own address; partners' keys have higher limits.
          const { 'x-api-key': _key, ...headers } = request.headers;
          const response = await check(
            document,
            name,
            operation,
            { ...request, headers: { ...headers, 'x-forwarded-for': `198.51.100.${index + 1}` } },
            limited.app,
          );
          seen.add(response);
        }
        if (operation.responses['429']) expect([...seen], name).toContain(429);
      }
    },
    TIMEOUT_MS,
  );
});

/**
 * The site's own searches and query parameters, and its form endpoints, with what drills throw at
 * them (NUL, CR/LF, huge values, odd unicode): never a 5xx, and no line break kept in a one-line
 * form field (it could end up in a mail's header).
 */
describe('site fuzzing: searches, query parameters and forms', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  const siteHostile = fc.oneof(
    hostileStrings,
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\r\n',
      'x\r\nSet-Cookie: a=b',
      '\u2028\u2029',
      '\u0085',
      '\ud800',
      'e\u0301',
      '\u202egnp.exe',
      '𝄞'.repeat(300),
      'a'.repeat(5_000),
    ),
  );
  /** Pages whose loaders read a query parameter, with the parameter. */
  const QUERIES: [string, string][] = [
    ['/blog/search/', 'q'],
    ['/blog/search/2/', 'q'],
    ['/coins', 'q'],
    ['/exchange-pairs', 'q'],
    ['/customer-feedbacks', 'page'],
    ['/customer-feedbacks', 'swap'],
    ['/congrats', 'code'],
    ['/dex', 'network'],
    ['/withdrawal/confirm', 'token'],
    ['/withdrawal/processing', 'id'],
    [`/swap/${'a'.repeat(26)}/unsubscribe`, 'token'],
  ];

  beforeAll(async () => {
    handle = await (
      databaseTargets().find((target) => target.name === DATABASE) as (typeof targets)[number]
    ).open();
    await seedDemoData(handle.db);
    app = createTestApp(build, handle, {
      HTML_CACHE: 'off',
      RATE_LIMIT_FORMS_PER_HOUR: '100000',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
    }).app;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it(
    'answers every search and query parameter without a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...QUERIES), siteHostile, async ([path, name], value) => {
          // Byte by byte, as a client would send it (a lone surrogate goes as U+FFFD's bytes).
          const encoded = [...Buffer.from(value, 'utf8')].map(
            (byte) => `%${byte.toString(16).padStart(2, '0')}`,
          );
          const response = await app.request(`${path}?${name}=${encoded.join('')}`);
          await response.arrayBuffer();
          expect(response.status, `${path}?${name}=${JSON.stringify(value.slice(0, 40))}`).toBeLessThan(500);
        }),
        { seed: SEED, numRuns: RUNS * 4 },
      );
    },
    TIMEOUT_MS * 2,
  );

  it(
    'refuses a line break in any one-line form field, and never answers a form with a 5xx',
    async () => {
      const FORMS: [string, SupportFormKind][] = [
        ['/apiglobal/contact/message', 'contact'],
        ['/apiglobal/coins/request', 'add_coin'],
        ['/apiglobal/partners/demo', 'partner_demo'],
      ];
      const valid: Record<SupportFormKind, Record<string, string>> = {
        contact: { name: 'Ann', email: 'ann@example.com', message: 'A long enough message.' },
        add_coin: {
          name: 'Ann',
          email: 'ann@example.com',
          coinName: 'Coin',
          ticker: 'CN',
          network: 'Ethereum',
          message: 'A long enough message.',
        },
        partner_demo: { company: 'Co', email: 'ann@example.com', monthlyVolume: MONTHLY_VOLUMES[0] },
      };
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...FORMS),
          fc.nat(),
          siteHostile,
          fc.constantFrom('\r\n', '\n', '\r', '\u0000', ''),
          async ([path, kind], pick, value, lineBreak) => {
            const fields = Object.keys(FORM_FIELDS[kind]);
            const field = fields[pick % fields.length] as string;
            const body = { ...valid[kind], [field]: `${value}${lineBreak}Bcc: all@example.com` };
            const response = await app.request(path, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            const json = (await response.json()) as { error?: { code: string; field?: string } };
            expect(response.status, `${kind}.${field}`).toBeLessThan(500);
            const multiline = (FORM_FIELDS[kind] as Record<string, { multiline?: boolean }>)[field]
              ?.multiline;
            // The forms trim their values first: only what stays inside counts.
            const text = (body[field] as string).trim();
            const broken = /[\r\n]/.test(text) || text.includes(String.fromCharCode(0));
            if (broken && !(multiline && lineBreak !== String.fromCharCode(0))) {
              // Refused: the field named (422), or the whole body (413) when it is huge.
              expect(response.status, `${kind}.${field}`).toBeGreaterThanOrEqual(400);
              expect(json.error?.code).toBeDefined();
            }
          },
        ),
        { seed: SEED, numRuns: RUNS * 4 },
      );
    },
    TIMEOUT_MS * 2,
  );
});
