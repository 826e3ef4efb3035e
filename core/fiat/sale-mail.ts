import type { Database } from '../../db/client.ts';
import type { fiatOrders } from '../../db/schema.ts';
import type { Catalogue, CatalogueAsset } from '../catalogue/catalogue.ts';
import type { Dictionary } from '../i18n/dictionaries.ts';
import { formatAmount, formatDateTime } from '../i18n/format.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../i18n/languages.ts';
import { translate } from '../i18n/translate.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { MailMessage } from '../mail/transport.ts';
import { localizePath } from '../routing/paths.ts';
import type { FiatOrderStatus } from './types.ts';

/**
 * The mails of a sale (issue 25), as the swap mails are written (core/exchange/swap-mail.ts): plain
 * text in the order's language from the `saleMail` section, queued in the mail outbox in the
 * transaction that stores what they report. They go only to the address the seller gave for the
 * order (its payout step), and hold only our texts and what we or the ramp made: amounts, coin and
 * network names, the ramp's deposit address and memo, the masked payout destination, the order id
 * and our links; no free text anybody typed.
 */

/** The statuses of a sale that send a mail ("coins received", "paid out", "refunded", "expired"). */
export const SALE_MAIL_STATUSES: ReadonlySet<FiatOrderStatus> = new Set([
  'paid',
  'completed',
  'refunded',
  'expired',
]);

/** A sale as its mails read it. */
export type SaleMailRow = Pick<
  typeof fiatOrders.$inferSelect,
  | 'id'
  | 'side'
  | 'status'
  | 'provider'
  | 'fiat'
  | 'fiatAmount'
  | 'coin'
  | 'network'
  | 'cryptoAmount'
  | 'depositAddress'
  | 'depositMemo'
  | 'depositReceived'
  | 'payoutDestination'
  | 'expiresAt'
  | 'lang'
  | 'notifyEmail'
>;

export interface SaleMailContext {
  dictionaries: ReadonlyMap<string, Dictionary>;
  baseUrl: string;
  /** The sale's coin on its network (its name, memo kind), when known. */
  asset: CatalogueAsset | null;
  /** The ramp's display name (the provider registry's one name). */
  providerName: string;
}

/** The sale's order page in the mail's language. */
export function saleOrderUrl(baseUrl: string, lang: Lang, id: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${localizePath(lang, `/fiat/order/${id}`)}`;
}

function money(value: string, currency: string, lang: Lang): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(
      Number(value),
    );
  } catch {
    return `${formatAmount(value, lang)} ${currency.toUpperCase()}`;
  }
}

function mailLang(row: SaleMailRow): Lang {
  return isLang(row.lang) ? row.lang : DEFAULT_LANG;
}

function compose(
  row: SaleMailRow,
  context: SaleMailContext,
  subject: string,
  body: readonly (string | null)[],
): MailMessage | null {
  if (!row.notifyEmail || row.side !== 'sell') return null;
  const lang = mailLang(row);
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(context.dictionaries, lang, `saleMail.${key}`, values);
  const site = translate(context.dictionaries, lang, 'site.name');
  const text = [
    translate(context.dictionaries, lang, 'swapMail.greeting'),
    '',
    ...body.filter((line): line is string => line !== null),
    '',
    t('track', { url: saleOrderUrl(context.baseUrl, lang, row.id) }),
    t('orderId', { id: row.id }),
    '',
    t('signature', { site }),
    '',
    '-- ',
    t('footer', { site, id: row.id }),
  ].join('\n');
  return { to: row.notifyEmail, subject: `${subject} | ${site}`.slice(0, 200), text };
}

function values(row: SaleMailRow, context: SaleMailContext) {
  const lang = mailLang(row);
  return {
    amount: formatAmount(row.cryptoAmount, lang),
    coin: row.coin.toUpperCase(),
    network: context.asset?.network.name ?? row.network,
    money: money(row.fiatAmount, row.fiat, lang),
    provider: context.providerName,
  };
}

/** "Send your coins": the deposit address and memo, the amount and the deadline, where the money goes. */
export function depositMail(row: SaleMailRow, context: SaleMailContext): MailMessage | null {
  if (!row.depositAddress) return null;
  const lang = mailLang(row);
  const t = (key: string, v: Record<string, string | number> = {}) =>
    translate(context.dictionaries, lang, `saleMail.${key}`, v);
  const v = values(row, context);
  const memoKind = context.asset?.network.memo?.kind ?? 'memo';
  const memoName = translate(context.dictionaries, lang, `exchange.memoNames.${memoKind}`);
  return compose(row, context, t('deposit.subject', v), [
    t('deposit.intro', v),
    '',
    t('deposit.send', v),
    row.depositAddress,
    row.depositMemo ? t('deposit.memo', { memo: memoName, value: row.depositMemo }) : null,
    t('deposit.deadline', { time: formatDateTime(row.expiresAt.toISOString(), lang) }),
    '',
    row.payoutDestination ? t('deposit.payout', { ...v, destination: row.payoutDestination }) : null,
  ]);
}

/** The mail of a sale's status its seller must know of; null for the others. */
export function saleStatusMail(row: SaleMailRow, context: SaleMailContext): MailMessage | null {
  if (!SALE_MAIL_STATUSES.has(row.status)) return null;
  const lang = mailLang(row);
  const t = (key: string, v: Record<string, string | number> = {}) =>
    translate(context.dictionaries, lang, `saleMail.${key}`, v);
  const v = {
    ...values(row, context),
    received: formatAmount(row.depositReceived ?? row.cryptoAmount, lang),
    destination: row.payoutDestination ?? '',
  };
  const lines: (string | null)[] = [t(`${row.status}.body`, v)];
  if (row.status === 'completed' && row.payoutDestination) lines.push(t('completed.destination', v));
  return compose(row, context, t(`${row.status}.subject`, v), lines);
}

export interface SaleMailerOptions {
  mail: MailOutbox;
  dictionaries: ReadonlyMap<string, Dictionary>;
  catalogue: Catalogue;
  baseUrl: string;
  /** The ramp's display name by its id. */
  providerName: (id: string) => string;
}

/** Queues a sale's mails in the caller's transaction; `wake` once it has committed. */
export class SaleMailer {
  readonly #o: SaleMailerOptions;

  constructor(options: SaleMailerOptions) {
    this.#o = options;
  }

  async #context(row: SaleMailRow): Promise<SaleMailContext> {
    return {
      dictionaries: this.#o.dictionaries,
      baseUrl: this.#o.baseUrl,
      asset: await this.#o.catalogue.asset(row.coin, row.network),
      providerName: this.#o.providerName(row.provider),
    };
  }

  /** The "send your coins" mail; false when there is nothing to send (no address, no email). */
  async depositAsked(row: SaleMailRow, db: Database): Promise<boolean> {
    const message = depositMail(row, await this.#context(row));
    if (message) await this.#o.mail.enqueue(message, db);
    return message !== null;
  }

  /** A sale that has just reached `row.status`: its mail, when it sends one. */
  async statusChanged(row: SaleMailRow, db: Database): Promise<boolean> {
    if (!row.notifyEmail || !SALE_MAIL_STATUSES.has(row.status)) return false;
    const message = saleStatusMail(row, await this.#context(row));
    if (message) await this.#o.mail.enqueue(message, db);
    return message !== null;
  }

  wake(): void {
    this.#o.mail.wake();
  }
}
