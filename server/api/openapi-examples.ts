import type { SwapRequest } from '../../core/exchange/contract.ts';

/**
 * Request and response examples of the OpenAPI document (issue 26): one sandbox swap from quote to
 * status, shaped like the real answers. `openapi-docs.test.ts` parses every one with the contract's
 * schemas, so an example cannot drift from what the API accepts and answers.
 */

const SWAP_ID = 'k3xq7m2v4ndr5w6yb7ctf2hj3e';
const CREATED = '2026-11-27T12:00:00.000Z';

export const QUOTE_REQUEST_EXAMPLE = {
  from: 'btc',
  to: 'eth',
  amount: '0.05',
  rateType: 'float',
} as const;

export const QUOTE_EXAMPLE = {
  rateType: 'float',
  from: 'btc',
  fromNetwork: 'bitcoin',
  to: 'eth',
  toNetwork: 'ethereum',
  amountFrom: '0.05',
  amountTo: '1.684212',
  rate: '33.68424',
  min: '0.0005',
  max: '20',
  provider: 'sandbox-alpha',
  providerName: 'Alpha Sandbox',
  networkFee: '0.0009',
  serviceFee: '0.006762',
  reverse: false,
  offers: [
    {
      provider: 'sandbox-alpha',
      providerName: 'Alpha Sandbox',
      amountFrom: '0.05',
      amountTo: '1.684212',
      rate: '33.68424',
      fixedRate: true,
      eta: { min: 300, max: 1200 },
    },
    {
      provider: 'sandbox-bravo',
      providerName: 'Bravo Sandbox',
      amountFrom: '0.05',
      amountTo: '1.679934',
      rate: '33.59868',
      fixedRate: false,
      eta: { min: 600, max: 1800 },
    },
  ],
  eta: { seconds: 780, source: 'swaps' },
  usd: { from: '96120.5', to: '2853.4' },
} as const;

export const SWAP_REQUEST_EXAMPLE = {
  from: 'btc',
  to: 'eth',
  amount: '0.05',
  rateType: 'float',
  payoutAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  refundAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  email: 'you@example.com',
} as const satisfies Partial<SwapRequest>;

export const SWAP_EXAMPLE = {
  id: SWAP_ID,
  status: 'waiting',
  rateType: 'float',
  from: 'btc',
  fromNetwork: 'bitcoin',
  to: 'eth',
  toNetwork: 'ethereum',
  provider: 'sandbox-alpha',
  depositAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  depositMemo: null,
  amountFrom: '0.05',
  amountTo: '1.684212',
  rate: '33.68424',
  networkFee: '0.0009',
  serviceFee: '0.006762',
  payoutAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  payoutMemo: null,
  refundAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  refundMemo: null,
  amountDeposited: null,
  amountPaidOut: null,
  depositHash: null,
  payoutHash: null,
  problem: null,
  min: '0.0005',
  max: '20',
  amountExpected: null,
  actionDeadline: null,
  defaultDecision: null,
  decision: null,
  decidedBy: null,
  continueOffer: null,
  refundHash: null,
  refundTxUrl: null,
  amountRefunded: null,
  refundAddressNeeded: false,
  expiresAt: '2026-11-27T14:00:00.000Z',
  rateExpiresAt: null,
  createdAt: CREATED,
  updatedAt: CREATED,
  history: [{ status: 'waiting', at: CREATED }],
} as const;

/** The same swap once the sandbox deposit went through and the payout was sent. */
export const FINISHED_SWAP_EXAMPLE = {
  ...SWAP_EXAMPLE,
  status: 'finished',
  amountDeposited: '0.05',
  amountPaidOut: '1.684212',
  depositHash: 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d',
  payoutHash: '0x9fc76417374aa880d4449a1f7f31ec597f00b1f6f3dd2d66f4c9c6c445836d8b',
  updatedAt: '2026-11-27T12:00:16.000Z',
  history: [
    { status: 'waiting', at: CREATED },
    { status: 'confirming', at: '2026-11-27T12:00:04.000Z' },
    { status: 'exchanging', at: '2026-11-27T12:00:08.000Z' },
    { status: 'sending', at: '2026-11-27T12:00:12.000Z' },
    { status: 'finished', at: '2026-11-27T12:00:16.000Z' },
  ],
} as const;

export const DEPOSIT_REQUEST_EXAMPLE = { amount: '0.05' } as const;

export const ERROR_EXAMPLE = {
  error: { code: 'amount_below_min', message: 'The minimum amount is 0.0005 BTC.' },
} as const;

/** The quick start of the reference: a key, a quote, a swap and its status on the sandbox, with curl. */
export function quickStart(apiUrl: string, accountUrl: string): string {
  const curl = (lines: string[]) => ['```sh', ...lines, '```'].join('\n');
  return [
    '## Quick start',
    '',
    `1. **Get a key.** Sign up in the [account area](${accountUrl}) and create an API key (it is shown once). ` +
      'Send it in `X-Api-Key`; without a key the API works too, at the anonymous rate limits.',
    '2. **Ask for a quote** (the sandbox providers answer on a fresh install):',
    '',
    curl([
      `curl -s ${apiUrl}/quotes \\`,
      '  -H "X-Api-Key: $SWAPGATE_KEY" -H "Content-Type: application/json" \\',
      `  -d '${JSON.stringify(QUOTE_REQUEST_EXAMPLE)}'`,
    ]),
    '',
    '3. **Create the swap** with the payout address (an `Idempotency-Key` makes a retry safe):',
    '',
    curl([
      `curl -s ${apiUrl}/swaps \\`,
      '  -H "X-Api-Key: $SWAPGATE_KEY" -H "Content-Type: application/json" \\',
      '  -H "Idempotency-Key: $(uuidgen)" \\',
      `  -d '${JSON.stringify({ ...QUOTE_REQUEST_EXAMPLE, payoutAddress: SWAP_REQUEST_EXAMPLE.payoutAddress })}'`,
    ]),
    '',
    '4. **Sandbox only: pay it.** Simulate the deposit the visitor would send to `depositAddress`:',
    '',
    curl([
      `curl -s ${apiUrl}/sandbox/swaps/$SWAP_ID/deposit \\`,
      '  -H "X-Api-Key: $SWAPGATE_KEY" -H "Content-Type: application/json" \\',
      `  -d '${JSON.stringify(DEPOSIT_REQUEST_EXAMPLE)}'`,
    ]),
    '',
    '5. **Follow the status** until it is `finished` (or `refunded`, `failed`, `expired`):',
    '',
    curl([`curl -s ${apiUrl}/swaps/$SWAP_ID -H "X-Api-Key: $SWAPGATE_KEY"`]),
  ].join('\n');
}

/** The error codes as a Markdown table: the code and its English message (`apiErrors.*`). */
export function errorCodesTable(messages: Record<string, string>): string {
  const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\{\{(\w+)\}\}/g, '‹$1›');
  return [
    '## Error codes',
    '',
    'Every error answers `{"error": {"code", "message"}}`; `message` follows Accept-Language, `field` names a refused field.',
    '',
    '| code | meaning |',
    '| --- | --- |',
    ...Object.entries(messages).map(([code, message]) => `| \`${code}\` | ${cell(message)} |`),
  ].join('\n');
}
