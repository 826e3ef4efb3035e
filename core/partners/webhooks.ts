import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { partnerWebhookDeliveries, partnerWebhooks, swaps } from '../../db/schema.ts';
import { backoffMs } from '../mail/outbox.ts';
import { MAX_WEBHOOK_URL, SIGNATURE_HEADER } from './rules.ts';

export { MAX_WEBHOOK_URL, SIGNATURE_HEADER };

/**
 * Partner webhooks (issue 26): a partner registers one URL; every status its swaps reach (the
 * creation's `waiting` included) is queued as a delivery in the transaction that stores it, then
 * POSTed by the webhook job, signed, and retried with the mail outbox's backoff (30 s doubling,
 * capped at an hour) up to MAX_ATTEMPTS. The deliveries table is the partner's delivery log.
 *
 * Signature (header `SwapGate-Signature: t=<unix seconds>,v1=<hex>`): HMAC-SHA256 with the
 * partner's secret over `<t>.<raw body>`, the scheme of the fiat webhooks we receive; the receiver
 * checks it and refuses a timestamp older than five minutes (replays).
 */

export const EVENT_HEADER = 'SwapGate-Event';
export const DELIVERY_HEADER = 'SwapGate-Delivery';
/** Attempts before a delivery is given up (about four hours of retries). */
export const MAX_ATTEMPTS = 10;
/** How long one POST may take. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed delivery is left alone by other nodes this long. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** Deliveries the partner's log shows. */
export const DELIVERY_LOG_SIZE = 50;
/** How old a signed timestamp a receiver accepts. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type WebhookEvent = 'swap.status_changed' | 'test';

// ---------------------------------------------------------------------------------------------
// Where a webhook may point (SSRF)
// ---------------------------------------------------------------------------------------------

/**
 * Addresses a production webhook may not reach: this host, private networks, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast, documentation and reserved ranges.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a production webhook may not reach (IPv4-mapped IPv6 read as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return BLOCKED.check(mapped[1], 'ipv4');
  if (/^::ffff:/i.test(address)) return true;
  return BLOCKED.check(address, 'ipv6');
}

/** What webhooks may reach: production refuses http and private networks; the sandbox (demo) takes both. */
export interface WebhookPolicy {
  production: boolean;
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses.map((entry) => entry.address));
    });
  });

export type UrlCheck =
  | { ok: true; url: string }
  | { ok: false; code: 'webhookUrl' | 'webhookHttps' | 'webhookPrivate' | 'webhookUnresolved' };

/** The host of a URL without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Checks a webhook URL at registration: an absolute http(s) URL without credentials or fragment;
 * in production https only, and a host whose every address is public (checked again at each
 * delivery, where the connection is made only to an address that passes: DNS rebinding).
 */
export async function checkWebhookUrl(
  value: string | undefined,
  policy: WebhookPolicy,
  resolve: Resolver = systemResolver,
): Promise<UrlCheck> {
  const text = (value ?? '').trim();
  if (!text || text.length > MAX_WEBHOOK_URL || /[\s\p{Cc}]/u.test(text))
    return { ok: false, code: 'webhookUrl' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, code: 'webhookUrl' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, code: 'webhookUrl' };
  if (url.username || url.password || url.hash || !url.hostname) return { ok: false, code: 'webhookUrl' };
  if (!policy.production) return { ok: true, url: url.href };
  if (url.protocol !== 'https:') return { ok: false, code: 'webhookHttps' };
  const host = bareHost(url);
  if (host === 'localhost' || host.endsWith('.localhost')) return { ok: false, code: 'webhookPrivate' };
  if (isIP(host))
    return isPrivateAddress(host) ? { ok: false, code: 'webhookPrivate' } : { ok: true, url: url.href };
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, code: 'webhookUnresolved' };
  }
  if (addresses.length === 0) return { ok: false, code: 'webhookUnresolved' };
  if (addresses.some(isPrivateAddress)) return { ok: false, code: 'webhookPrivate' };
  return { ok: true, url: url.href };
}

// ---------------------------------------------------------------------------------------------
// Signing
// ---------------------------------------------------------------------------------------------

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The signature header's value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * What a receiver does with a delivery (the README's sample is this function): read `t` and `v1`,
 * recompute the HMAC over `t.body` (the raw body, before any JSON parsing), compare in constant
 * time, and refuse a timestamp more than `toleranceSeconds` away from now.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  rawBody: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

// ---------------------------------------------------------------------------------------------
// Deliveries
// ---------------------------------------------------------------------------------------------

type SwapRow = typeof swaps.$inferSelect;

/** What a swap event carries: the swap's public state, no addresses of its owner. */
function swapPayload(row: SwapRow) {
  return {
    id: row.id,
    status: row.status,
    rateType: row.rateType,
    from: row.fromCoin,
    fromNetwork: row.fromNetwork,
    to: row.toCoin,
    toNetwork: row.toNetwork,
    amountFrom: row.amountFrom,
    amountTo: row.amountTo,
    amountDeposited: row.amountDeposited,
    amountPaidOut: row.amountPaidOut,
    depositHash: row.depositHash,
    payoutHash: row.payoutHash,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A delivery as the partner's log shows it. */
export interface WebhookDeliveryView {
  id: string;
  event: WebhookEvent;
  swapId: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The receiver's HTTP status of the last attempt; null when none answered (refused, timeout). */
  statusCode: number | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
}

export interface WebhookView {
  url: string;
  createdAt: string;
  updatedAt: string;
}

/** What one POST came to. */
export interface SendResult {
  statusCode: number | null;
  error: string | null;
}

/** Sends one signed POST; swapped in tests. */
export type WebhookSender = (
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: WebhookPolicy,
) => Promise<SendResult>;

/**
 * The POST itself, with node:http(s): no redirects followed, a 10 s timeout, the answer's body
 * read and dropped (at most 64 KB). In production the connection's DNS lookup refuses private
 * addresses, so a name that resolved to a public address at registration cannot be pointed at
 * this network later.
 */
type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for the connection that fails unless every address of the host is public. */
function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new Error('refused: the host resolves to a private address'), '', 4);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
}

export const sendWebhook: WebhookSender = (url, headers, body, policy) =>
  new Promise((resolve) => {
    const target = new URL(url);
    if (policy.production) {
      const host = bareHost(target);
      if (target.protocol !== 'https:' || (isIP(host) && isPrivateAddress(host))) {
        resolve({ statusCode: null, error: 'refused: not a public https address' });
        return;
      }
    }
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: DELIVERY_TIMEOUT_MS,
        ...(policy.production
          ? {
              lookup: publicOnlyLookup as unknown as typeof dnsLookup,
            }
          : {}),
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 65_536) response.destroy();
        });
        response.on('end', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
        response.on('error', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
        response.on('close', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ statusCode: null, error: error.message.slice(0, 200) }));
    request.end(body);
  });

export interface WebhookOutboxOptions {
  db: Database;
  log: Logger;
  policy: WebhookPolicy;
  now?: () => Date;
  send?: WebhookSender;
}

/**
 * A partner's webhook and the outbox of its deliveries. Deliveries are claimed with FOR UPDATE
 * SKIP LOCKED and a lease (as the mail outbox's are), so several nodes never send one at once, and
 * POSTed outside any transaction; the job (core/mail/outbox-job.ts) runs `deliverDue`.
 */
export class WebhookOutbox {
  readonly #db: Database;
  readonly #log: Logger;
  readonly #now: () => Date;
  readonly #send: WebhookSender;
  readonly policy: WebhookPolicy;
  /** Called after a delivery is queued, so the job sends it without waiting for its next tick. */
  onQueued: (() => void) | null = null;
  /** The job runs wherever the server does. */
  readonly configured = true;

  constructor(options: WebhookOutboxOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.policy = options.policy;
    this.#now = options.now ?? (() => new Date());
    this.#send = options.send ?? sendWebhook;
  }

  wake(): void {
    this.onQueued?.();
  }

  async webhook(partnerId: string): Promise<WebhookView | null> {
    const [row] = await this.#db
      .select()
      .from(partnerWebhooks)
      .where(eq(partnerWebhooks.partnerId, partnerId));
    return row
      ? { url: row.url, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
      : null;
  }

  /**
   * Registers or changes the partner's URL (checked with checkWebhookUrl). A first registration
   * makes the signing secret and answers it, once; a change of URL keeps the secret (null).
   */
  async register(
    partnerId: string,
    value: string | undefined,
    resolve?: Resolver,
  ): Promise<{ ok: true; secret: string | null } | Extract<UrlCheck, { ok: false }>> {
    const checked = await checkWebhookUrl(value, this.policy, resolve);
    if (!checked.ok) return checked;
    const secret = newWebhookSecret();
    const at = this.#now();
    const [row] = await this.#db
      .insert(partnerWebhooks)
      .values({ partnerId, url: checked.url, secret, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: partnerWebhooks.partnerId, set: { url: checked.url, updatedAt: at } })
      .returning({ secret: partnerWebhooks.secret });
    return { ok: true, secret: row?.secret === secret ? secret : null };
  }

  /** A new signing secret for the partner's webhook, answered once; null without a webhook. */
  async rotateSecret(partnerId: string): Promise<string | null> {
    const secret = newWebhookSecret();
    const updated = await this.#db
      .update(partnerWebhooks)
      .set({ secret, updatedAt: this.#now() })
      .where(eq(partnerWebhooks.partnerId, partnerId))
      .returning({ partnerId: partnerWebhooks.partnerId });
    return updated.length > 0 ? secret : null;
  }

  /** Removes the webhook; what was still pending is given up. */
  async remove(partnerId: string): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const removed = await tx
        .delete(partnerWebhooks)
        .where(eq(partnerWebhooks.partnerId, partnerId))
        .returning({ partnerId: partnerWebhooks.partnerId });
      await tx
        .update(partnerWebhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, lastError: 'webhook removed' })
        .where(
          and(
            eq(partnerWebhookDeliveries.partnerId, partnerId),
            eq(partnerWebhookDeliveries.status, 'pending'),
          ),
        );
      return removed.length > 0;
    });
  }

  async #queue(
    db: Database,
    partnerId: string,
    event: WebhookEvent,
    data: Record<string, unknown>,
    swapId: string | null,
  ): Promise<string> {
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    const at = this.#now();
    const body = JSON.stringify({ id: eventId, type: event, createdAt: at.toISOString(), data });
    await db.insert(partnerWebhookDeliveries).values({
      partnerId,
      eventId,
      event,
      swapId,
      body,
      nextAttemptAt: at,
      createdAt: at,
    });
    return eventId;
  }

  /**
   * A swap of a partner reached a status: queues its event in `tx`, the transaction that stores
   * the status, when the partner has a webhook. True when one was queued (the caller wakes the job
   * once it has committed).
   */
  async swapStatus(tx: Database, swapId: string): Promise<boolean> {
    const [row] = await tx.select().from(swaps).where(eq(swaps.id, swapId));
    if (!row?.partnerId) return false;
    const [hook] = await tx
      .select({ partnerId: partnerWebhooks.partnerId })
      .from(partnerWebhooks)
      .where(eq(partnerWebhooks.partnerId, row.partnerId));
    if (!hook) return false;
    await this.#queue(tx, row.partnerId, 'swap.status_changed', { swap: swapPayload(row) }, row.id);
    return true;
  }

  /** The account's "send a test event": null without a webhook, else the event's id. */
  async sendTest(partnerId: string): Promise<string | null> {
    const hook = await this.webhook(partnerId);
    if (!hook) return null;
    const eventId = await this.#queue(
      this.#db,
      partnerId,
      'test',
      { message: 'A test event from your SwapGate account.' },
      null,
    );
    this.wake();
    return eventId;
  }

  /** The partner's latest deliveries, newest first. */
  async deliveries(partnerId: string, limit = DELIVERY_LOG_SIZE): Promise<WebhookDeliveryView[]> {
    const rows = await this.#db
      .select()
      .from(partnerWebhookDeliveries)
      .where(eq(partnerWebhookDeliveries.partnerId, partnerId))
      .orderBy(desc(partnerWebhookDeliveries.id))
      .limit(Math.max(1, Math.min(limit, DELIVERY_LOG_SIZE)));
    return rows.map((row) => ({
      id: row.eventId,
      event: row.event as WebhookEvent,
      swapId: row.swapId,
      status: row.status,
      attempts: row.attempts,
      statusCode: row.lastStatusCode,
      createdAt: row.createdAt.toISOString(),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    }));
  }

  /**
   * Sends up to `limit` due deliveries, at once: claimed with SKIP LOCKED and a lease, POSTed to
   * the webhook's current URL with a fresh signature; a 2xx answer delivers, anything else (or no
   * answer) is retried after backoffMs(attempts), and given up after MAX_ATTEMPTS.
   */
  async deliverDue(limit = 20): Promise<{ sent: number; failed: number }> {
    const at = this.#now();
    const lease = new Date(at.getTime() + CLAIM_LEASE_MS);
    const claimed = await this.#db.transaction(async (tx) => {
      const due = await tx
        .select({ id: partnerWebhookDeliveries.id })
        .from(partnerWebhookDeliveries)
        .where(
          and(
            eq(partnerWebhookDeliveries.status, 'pending'),
            lte(partnerWebhookDeliveries.nextAttemptAt, at),
          ),
        )
        .orderBy(asc(partnerWebhookDeliveries.nextAttemptAt), asc(partnerWebhookDeliveries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      await tx
        .update(partnerWebhookDeliveries)
        .set({ nextAttemptAt: lease })
        .where(inArray(partnerWebhookDeliveries.id, ids));
      return tx
        .select({
          id: partnerWebhookDeliveries.id,
          eventId: partnerWebhookDeliveries.eventId,
          event: partnerWebhookDeliveries.event,
          body: partnerWebhookDeliveries.body,
          attempts: partnerWebhookDeliveries.attempts,
          url: partnerWebhooks.url,
          secret: partnerWebhooks.secret,
        })
        .from(partnerWebhookDeliveries)
        .leftJoin(partnerWebhooks, eq(partnerWebhooks.partnerId, partnerWebhookDeliveries.partnerId))
        .where(inArray(partnerWebhookDeliveries.id, ids));
    });

    const outcomes = await Promise.all(
      claimed.map(async (row) => {
        const attempts = row.attempts + 1;
        let result: SendResult;
        if (!row.url || !row.secret) result = { statusCode: null, error: 'webhook removed' };
        else {
          const timestamp = Math.floor(this.#now().getTime() / 1000);
          const headers = {
            'content-type': 'application/json',
            'user-agent': 'SwapGate-Webhooks/1',
            [SIGNATURE_HEADER.toLowerCase()]: signWebhook(row.secret, timestamp, row.body),
            [EVENT_HEADER.toLowerCase()]: row.event,
            [DELIVERY_HEADER.toLowerCase()]: row.eventId,
          };
          try {
            result = await this.#send(row.url, headers, row.body, this.policy);
          } catch (error) {
            result = { statusCode: null, error: error instanceof Error ? error.message : String(error) };
          }
        }
        const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
        const givenUp = !delivered && (attempts >= MAX_ATTEMPTS || !row.url);
        await this.#db
          .update(partnerWebhookDeliveries)
          .set({
            attempts,
            lastStatusCode: result.statusCode,
            lastError: delivered ? null : (result.error ?? `HTTP ${result.statusCode}`).slice(0, 300),
            status: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
            deliveredAt: delivered ? this.#now() : null,
            nextAttemptAt:
              delivered || givenUp ? null : new Date(this.#now().getTime() + backoffMs(attempts)),
          })
          .where(eq(partnerWebhookDeliveries.id, row.id));
        if (!delivered) {
          this.#log.info(
            { delivery: row.eventId, attempts, statusCode: result.statusCode, givenUp },
            'A partner webhook was not delivered',
          );
        }
        return delivered;
      }),
    );
    const sent = outcomes.filter(Boolean).length;
    return { sent, failed: outcomes.length - sent };
  }
}
