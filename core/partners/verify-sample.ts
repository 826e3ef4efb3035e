/**
 * How a partner's server checks a webhook delivery, as the account's webhook page and the README
 * show it (Node). core/partners/webhooks.test.ts runs this very text against signed deliveries.
 */
export const VERIFY_SAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body as received, before JSON.parse
function verify(secret, header, rawBody) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  return v1?.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}`;
