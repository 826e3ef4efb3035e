import { createHmac, randomBytes } from 'node:crypto';
import { base32nopad } from '@scure/base';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { partnerEarnings, partners, partnerWithdrawals } from '../../db/schema.ts';
import { networkTxHash } from '../address/tx-hash.ts';
import { validateAddress, validateMemo } from '../address/validate.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { Big, formatDecimal, toAmount } from '../exchange/decimal.ts';
import type { PriceSource } from '../exchange/types.ts';
import type { Dictionary } from '../i18n/dictionaries.ts';
import type { Lang } from '../i18n/languages.ts';
import { translate } from '../i18n/translate.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { localizePath } from '../routing/paths.ts';
import type { PartnerLedger } from './ledger.ts';
import { MIN_WITHDRAWAL_USD } from './rules.ts';

/** The smallest balance a partner may withdraw, in USD (core/partners/rules.ts, which pages import). */
export { MIN_WITHDRAWAL_USD };
/** How long the mailed confirmation link works. */
export const CONFIRM_LINK_TTL_MS = 60 * 60_000;
/** The link's token: 32 random bytes, base64url. */
export const WITHDRAWAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A withdrawal's id: 128 random bits, lowercase base32 (26 characters). */
export const WITHDRAWAL_ID_PATTERN = /^[a-z2-7]{26}$/;

export type WithdrawalStatus = (typeof partnerWithdrawals.$inferSelect)['status'];

export type WithdrawalError =
  | 'below_minimum'
  | 'unknown_coin'
  | 'no_price'
  | 'invalid_address'
  | 'invalid_memo'
  | 'memo_required';

export interface WithdrawalView {
  id: string;
  coin: string;
  network: string;
  networkName: string;
  address: string;
  memo: string | null;
  amountUsd: string;
  amount: string | null;
  /** `expired`: asked but not confirmed in time. */
  status: WithdrawalStatus | 'expired';
  txHash: string | null;
  txUrl: string | null;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  /** Why the operator refused it (status `refused`); null when it was refused for the balance. */
  refusedReason: string | null;
}

export type ConfirmResult =
  | { ok: true; withdrawal: WithdrawalView }
  | { ok: false; error: 'invalid' | 'expired' | 'used' | 'balance'; id?: string };

type Row = typeof partnerWithdrawals.$inferSelect;

export interface PartnerWithdrawalsOptions {
  db: Database;
  ledger: PartnerLedger;
  catalogue: Catalogue;
  prices: PriceSource;
  mail: MailOutbox;
  dictionaries: ReadonlyMap<string, Dictionary>;
  baseUrl: string;
  /** Key of the HMAC kept of each link's token (the account area's secret). */
  secret: string;
  /** Sandbox: a confirmed withdrawal is paid at once with a sandbox transaction hash. */
  sandbox: boolean;
  /**
   * Sandbox: withdrawals of this many USD or more wait in the queue for the operator instead, as
   * real ones do (0: every one; unset: none). `SANDBOX_WITHDRAWALS_QUEUE_FROM_USD`.
   */
  sandboxQueueFromUsd?: number | undefined;
  log: Logger;
  now?: () => Date;
}

/**
 * Partners' withdrawals of their balance: asked in the account area (the whole balance, in a coin
 * and to an address of the partner's choice, checked like a swap's payout), confirmed through a
 * mailed link that works once and for an hour, then paid. Confirming debits the ledger in the
 * transaction that marks the withdrawal confirmed, under a lock of the partner's row, so two
 * confirmations at once never pay one balance twice.
 */
export class PartnerWithdrawals {
  readonly #o: PartnerWithdrawalsOptions & { now: () => Date };

  constructor(options: PartnerWithdrawalsOptions) {
    this.#o = { now: () => new Date(), ...options };
  }

  #tokenHash(token: string): string {
    return createHmac('sha256', this.#o.secret).update(`withdrawal:${token}`).digest('hex');
  }

  async #view(row: Row): Promise<WithdrawalView> {
    const asset = await this.#o.catalogue.asset(row.coin, row.network);
    const template = asset?.network.explorerTx;
    const hash = row.txHash && asset ? networkTxHash(asset.network.addressFormat, row.txHash) : row.txHash;
    const expired = row.status === 'requested' && row.expiresAt <= this.#o.now();
    return {
      id: row.id,
      coin: row.coin,
      network: row.network,
      networkName: asset?.network.name ?? row.network,
      address: row.address,
      memo: row.memo,
      amountUsd: new Big(row.amountUsd).toFixed(2),
      amount: row.amount === null ? null : formatDecimal(row.amount),
      status: expired ? 'expired' : row.status,
      txHash: hash,
      // The sandbox's hashes are on no chain an explorer knows.
      txUrl:
        hash && template && !this.#o.sandbox ? template.replaceAll('{hash}', encodeURIComponent(hash)) : null,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      refusedReason: row.refusedReason,
    };
  }

  /**
   * Asks for the partner's whole balance to be sent to `address`; mails the confirmation link to
   * `email` in `lang`. Refused below the minimum, for a coin without a price, or an address or memo
   * its network refuses.
   */
  async request(input: {
    partnerId: string;
    coin: string;
    network: string;
    address: string;
    memo?: string;
    email: string;
    lang: Lang;
  }): Promise<{ ok: true; withdrawal: WithdrawalView } | { ok: false; error: WithdrawalError }> {
    const { db, catalogue, prices, ledger, mail, dictionaries } = this.#o;
    const balance = await ledger.balanceUsd(input.partnerId);
    if (balance.lt(MIN_WITHDRAWAL_USD)) return { ok: false, error: 'below_minimum' };
    const asset = await catalogue.asset(input.coin, input.network);
    if (!asset || !input.network) return { ok: false, error: 'unknown_coin' };
    if ((await prices.usdPrice(asset.coin)) === null) return { ok: false, error: 'no_price' };
    const address = input.address.trim();
    const memo = input.memo?.trim() ?? '';
    if (!validateAddress(asset.network.id, address).valid) return { ok: false, error: 'invalid_address' };
    if (memo && !validateMemo(asset.network.id, memo).valid) return { ok: false, error: 'invalid_memo' };
    if (!memo && asset.network.memo?.required) return { ok: false, error: 'memo_required' };

    const token = randomBytes(32).toString('base64url');
    const id = base32nopad.encode(randomBytes(16)).toLowerCase();
    const now = this.#o.now();
    const row = await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(partnerWithdrawals)
        .values({
          id,
          partnerId: input.partnerId,
          coin: asset.coin,
          network: asset.network.id,
          address,
          memo: memo || null,
          amountUsd: balance.toFixed(2),
          status: 'requested',
          tokenHash: this.#tokenHash(token),
          lang: input.lang,
          expiresAt: new Date(now.getTime() + CONFIRM_LINK_TTL_MS),
          createdAt: now,
        })
        .returning();
      const link = `${this.#o.baseUrl}${localizePath(input.lang, '/withdrawal/confirm')}?token=${token}`;
      const t = (key: string, values?: Record<string, string | number>) =>
        translate(dictionaries, input.lang, `withdrawal.mail.${key}`, values);
      await mail.enqueue(
        {
          to: input.email,
          subject: t('subject'),
          text: t('text', {
            amount: balance.toFixed(2),
            coin: asset.coin.toUpperCase(),
            network: asset.network.name,
            address: memo ? `${address} (${memo})` : address,
            link,
          }),
        },
        tx,
      );
      return stored as Row;
    });
    mail.wake();
    return { ok: true, withdrawal: await this.#view(row) };
  }

  /** The withdrawal a link's token names, as it stands (null for a token that names none). */
  async byToken(token: string): Promise<WithdrawalView | null> {
    if (!WITHDRAWAL_TOKEN_PATTERN.test(token)) return null;
    const [row] = await this.#o.db
      .select()
      .from(partnerWithdrawals)
      .where(eq(partnerWithdrawals.tokenHash, this.#tokenHash(token)));
    return row ? this.#view(row) : null;
  }

  async get(id: string): Promise<WithdrawalView | null> {
    if (!WITHDRAWAL_ID_PATTERN.test(id)) return null;
    const [row] = await this.#o.db.select().from(partnerWithdrawals).where(eq(partnerWithdrawals.id, id));
    return row ? this.#view(row) : null;
  }

  async list(partnerId: string, limit = 20): Promise<WithdrawalView[]> {
    const rows = await this.#o.db
      .select()
      .from(partnerWithdrawals)
      .where(eq(partnerWithdrawals.partnerId, partnerId))
      .orderBy(desc(partnerWithdrawals.createdAt))
      .limit(limit);
    return Promise.all(rows.map((row) => this.#view(row)));
  }

  /**
   * Confirms the withdrawal a link names: once, before the link expires, and only while the
   * balance still covers it. The ledger's debit and the withdrawal's new status are written in one
   * transaction holding the partner's row, so of two confirmations at once (of one link, or of two
   * withdrawals of one balance) only one pays. Sandbox: paid at once with a sandbox hash (below
   * `sandboxQueueFromUsd`); otherwise queued for the operator (markPaid).
   */
  async confirm(token: string): Promise<ConfirmResult> {
    const { db, prices, catalogue, sandbox, log } = this.#o;
    if (!WITHDRAWAL_TOKEN_PATTERN.test(token)) return { ok: false, error: 'invalid' };
    const tokenHash = this.#tokenHash(token);
    const [found] = await db
      .select()
      .from(partnerWithdrawals)
      .where(eq(partnerWithdrawals.tokenHash, tokenHash));
    if (!found) return { ok: false, error: 'invalid' };
    if (found.status !== 'requested') return { ok: false, error: 'used', id: found.id };
    const now = this.#o.now();
    if (found.expiresAt <= now) return { ok: false, error: 'expired', id: found.id };
    // The price is read before the transaction (PGlite runs one query at a time).
    const price = await prices.usdPrice(found.coin);
    const asset = await catalogue.asset(found.coin, found.network);
    if (!price || !asset) return { ok: false, error: 'invalid' };
    const amount = toAmount(new Big(found.amountUsd).div(price), asset.decimals);

    const outcome = await db.transaction(async (tx) => {
      await tx
        .select({ id: partners.id })
        .from(partners)
        .where(eq(partners.id, found.partnerId))
        .for('update');
      const claimed = await tx
        .update(partnerWithdrawals)
        .set({ status: 'queued', confirmedAt: now, amount })
        .where(
          and(
            eq(partnerWithdrawals.id, found.id),
            eq(partnerWithdrawals.status, 'requested'),
            gt(partnerWithdrawals.expiresAt, now),
          ),
        )
        .returning({ id: partnerWithdrawals.id });
      if (claimed.length === 0) return 'used' as const;
      const balance = await this.#o.ledger.balanceUsd(found.partnerId, tx);
      if (balance.lt(found.amountUsd)) {
        await tx
          .update(partnerWithdrawals)
          .set({ status: 'refused' })
          .where(eq(partnerWithdrawals.id, found.id));
        return 'balance' as const;
      }
      await tx.insert(partnerEarnings).values({
        partnerId: found.partnerId,
        kind: 'withdrawal',
        withdrawalId: found.id,
        coin: found.coin,
        network: found.network,
        amount: new Big(amount).neg().toFixed(),
        usd: new Big(found.amountUsd).neg().toFixed(),
        at: now,
      });
      return 'queued' as const;
    });
    if (outcome !== 'queued') return { ok: false, error: outcome, id: found.id };
    const queueFrom = this.#o.sandboxQueueFromUsd;
    if (sandbox && (queueFrom === undefined || new Big(found.amountUsd).lt(queueFrom))) {
      const txHash = randomBytes(32).toString('hex');
      await this.markPaid(found.id, txHash);
    } else {
      log.info(
        { withdrawal: found.id, partner: found.partnerId },
        'A partner withdrawal waits for its payout',
      );
    }
    return { ok: true, withdrawal: (await this.get(found.id)) as WithdrawalView };
  }

  /** Confirmed withdrawals waiting for the operator to send them, oldest first (with their partner). */
  async queued(limit = 100): Promise<(WithdrawalView & { partnerId: string })[]> {
    const rows = await this.#o.db
      .select()
      .from(partnerWithdrawals)
      .where(eq(partnerWithdrawals.status, 'queued'))
      .orderBy(partnerWithdrawals.confirmedAt)
      .limit(limit);
    return Promise.all(rows.map(async (row) => ({ ...(await this.#view(row)), partnerId: row.partnerId })));
  }

  /**
   * Refuses a queued withdrawal (the operator will not send it: a wrong address, abuse…): it
   * becomes `refused` with the reason the partner sees, and the debit its confirmation wrote is
   * given back by a `refusal` row of the opposite sign, in one transaction under the partner's lock.
   * Answers the withdrawal as it was, or null when no queued withdrawal has this id.
   */
  async refuse(id: string, reason: string): Promise<WithdrawalView | null> {
    if (!WITHDRAWAL_ID_PATTERN.test(id)) return null;
    const now = this.#o.now();
    const before = await this.#o.db.transaction(async (tx) => {
      const [row] = await tx.select().from(partnerWithdrawals).where(eq(partnerWithdrawals.id, id));
      if (row?.status !== 'queued') return null;
      await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, row.partnerId)).for('update');
      const refused = await tx
        .update(partnerWithdrawals)
        .set({ status: 'refused', refusedReason: reason, refusedAt: now })
        .where(and(eq(partnerWithdrawals.id, id), eq(partnerWithdrawals.status, 'queued')))
        .returning({ id: partnerWithdrawals.id });
      if (refused.length === 0) return null;
      const [debit] = await tx
        .select()
        .from(partnerEarnings)
        .where(and(eq(partnerEarnings.withdrawalId, id), eq(partnerEarnings.kind, 'withdrawal')));
      if (debit) {
        await tx.insert(partnerEarnings).values({
          partnerId: row.partnerId,
          kind: 'refusal',
          withdrawalId: id,
          coin: debit.coin,
          network: debit.network,
          amount: new Big(debit.amount).neg().toFixed(),
          usd: new Big(debit.usd).neg().toFixed(),
          at: now,
        });
      }
      return row;
    });
    if (!before) return null;
    this.#o.log.info({ withdrawal: id, partner: before.partnerId }, 'A partner withdrawal was refused');
    return this.#view(before);
  }

  /** Notes a queued withdrawal's payout (the operator's, or the sandbox's at once). */
  async markPaid(id: string, txHash: string): Promise<boolean> {
    const paid = await this.#o.db
      .update(partnerWithdrawals)
      .set({ status: 'paid', txHash, paidAt: this.#o.now() })
      .where(and(eq(partnerWithdrawals.id, id), eq(partnerWithdrawals.status, 'queued')))
      .returning({ id: partnerWithdrawals.id });
    return paid.length > 0;
  }
}
