import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { swaps } from '../../db/schema.ts';
import { swapMailsAllowed } from '../account/customers.ts';
import { networkTxHash } from '../address/tx-hash.ts';
import type { Catalogue, CatalogueAsset } from '../catalogue/catalogue.ts';
import type { Dictionary } from '../i18n/dictionaries.ts';
import { formatAmount, formatDateTime } from '../i18n/format.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../i18n/languages.ts';
import { translate } from '../i18n/translate.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { MailMessage } from '../mail/transport.ts';
import { localizePath } from '../routing/paths.ts';
import { DecisionLinks } from './decision-link.ts';
import type { SwapStatus } from './types.ts';

/**
 * The optional swap mails (issue 16): a receipt when a swap is created with an email, and a mail
 * when it reaches a status its owner must know of. Written in the visitor's language from the
 * `swapMail` dictionary section, plain text, queued in the mail outbox in the transaction that
 * stores the swap or its status. Every mail ends with the swap's unsubscribe link.
 */

/** The statuses that send a mail (the in-between steps do not). */
export const MAIL_STATUSES: ReadonlySet<SwapStatus> = new Set([
  'finished',
  'refunded',
  'failed',
  'expired',
  'hold',
  'action_needed',
  'refunding',
]);

/** A swap row as the mails read it. */
export type SwapMailRow = Pick<
  typeof swaps.$inferSelect,
  | 'id'
  | 'status'
  | 'rateType'
  | 'fromCoin'
  | 'fromNetwork'
  | 'toCoin'
  | 'toNetwork'
  | 'amountFrom'
  | 'amountTo'
  | 'depositAddress'
  | 'depositMemo'
  | 'payoutAddress'
  | 'refundAddress'
  | 'amountDeposited'
  | 'amountPaidOut'
  | 'payoutHash'
  | 'problem'
  | 'actionDeadline'
  | 'refundHash'
  | 'amountRefunded'
  | 'expiresAt'
  | 'notifyEmail'
  | 'notifyLang'
  | 'notifyToken'
>;

/** The unsubscribe token: 192 random bits, URL-safe. */
export function newUnsubscribeToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The swap's page in the mail's language. */
export function swapPageUrl(baseUrl: string, lang: Lang, id: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${localizePath(lang, `/swap/${id}`)}`;
}

/** The unsubscribe page of a swap's mails. */
export function unsubscribeUrl(baseUrl: string, lang: Lang, id: string, token: string): string {
  return `${swapPageUrl(baseUrl, lang, id)}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The signed decision page of a swap in action_needed (core/exchange/decision-link.ts). */
export function decisionUrl(baseUrl: string, lang: Lang, id: string, token: string): string {
  return `${swapPageUrl(baseUrl, lang, id)}/decide?token=${encodeURIComponent(token)}`;
}

/** True when `given` is the swap's token (compared in constant time). */
export function tokenMatches(stored: string | null, given: string | null | undefined): boolean {
  if (!stored || !given) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface MailContext {
  dictionaries: ReadonlyMap<string, Dictionary>;
  baseUrl: string;
  /** The two sides' catalogue entries (names, memo, explorer), when known. */
  from: CatalogueAsset | null;
  to: CatalogueAsset | null;
  /** Signs the decision link of the "action needed" mail; without it the mail links the swap page. */
  links?: DecisionLinks;
}

function mailLang(row: SwapMailRow): Lang {
  return isLang(row.notifyLang) ? row.notifyLang : DEFAULT_LANG;
}

/** Puts the mail together: greeting, body lines, the swap's link, and the unsubscribe footer. */
function compose(
  row: SwapMailRow,
  context: MailContext,
  subject: string,
  body: readonly (string | null)[],
): MailMessage | null {
  if (!row.notifyEmail || !row.notifyToken) return null;
  const lang = mailLang(row);
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(context.dictionaries, lang, `swapMail.${key}`, values);
  const site = translate(context.dictionaries, lang, 'site.name');
  const unsubscribe = unsubscribeUrl(context.baseUrl, lang, row.id, row.notifyToken);
  const text = [
    t('greeting'),
    '',
    ...body.filter((line): line is string => line !== null),
    '',
    t('track', { url: swapPageUrl(context.baseUrl, lang, row.id) }),
    t('swapId', { id: row.id }),
    '',
    t('signature', { site }),
    '',
    '-- ',
    t('footer', { site, id: row.id }),
    t('unsubscribe', { url: unsubscribe }),
  ].join('\n');
  return {
    to: row.notifyEmail,
    subject: `${subject} | ${site}`.slice(0, 200),
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  };
}

function names(row: SwapMailRow, context: MailContext) {
  return {
    from: row.fromCoin.toUpperCase(),
    to: row.toCoin.toUpperCase(),
    fromNetwork: context.from?.network.name ?? row.fromNetwork,
    toNetwork: context.to?.network.name ?? row.toNetwork,
  };
}

/** The receipt of a new swap: what to send where, what comes back, the rate type, the deadline. */
export function receiptMail(row: SwapMailRow, context: MailContext): MailMessage | null {
  const lang = mailLang(row);
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(context.dictionaries, lang, `swapMail.${key}`, values);
  const n = names(row, context);
  const memoKind = context.from?.network.memo?.kind ?? 'memo';
  const memoName = translate(context.dictionaries, lang, `exchange.memoNames.${memoKind}`);
  const fixed = row.rateType === 'fixed';
  return compose(row, context, t('receipt.subject', { from: n.from, to: n.to }), [
    t('receipt.intro', { from: n.from, to: n.to }),
    '',
    t('receipt.send', { amount: formatAmount(row.amountFrom, lang), coin: n.from, network: n.fromNetwork }),
    row.depositAddress,
    row.depositMemo ? t('receipt.memo', { memo: memoName, value: row.depositMemo }) : null,
    t('receipt.deadline', { time: formatDateTime(row.expiresAt.toISOString(), lang) }),
    '',
    t(fixed ? 'receipt.receiveFixed' : 'receipt.receiveFloat', {
      amount: formatAmount(row.amountTo, lang),
      coin: n.to,
      network: n.toNetwork,
    }),
    t('receipt.payout', { address: row.payoutAddress }),
    t(fixed ? 'receipt.rateFixed' : 'receipt.rateFloat'),
  ]);
}

function explorerLink(asset: CatalogueAsset | null, hash: string | null): string | null {
  if (!asset?.network.explorerTx || !hash) return null;
  const written = networkTxHash(asset.network.addressFormat ?? '', hash);
  return asset.network.explorerTx.replaceAll('{hash}', encodeURIComponent(written));
}

/** The mail of a status the owner must know of; null for the others. */
export function statusMail(row: SwapMailRow, context: MailContext): MailMessage | null {
  if (!MAIL_STATUSES.has(row.status)) return null;
  const lang = mailLang(row);
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(context.dictionaries, lang, `swapMail.${key}`, values);
  const n = names(row, context);
  const pair = { from: n.from, to: n.to };
  const subject = t(`${row.status}.subject`, pair);
  switch (row.status) {
    case 'finished': {
      const link = explorerLink(context.to, row.payoutHash);
      return compose(row, context, subject, [
        t('finished.body', {
          ...pair,
          amount: formatAmount(row.amountPaidOut ?? row.amountTo, lang),
          coin: n.to,
          address: row.payoutAddress,
        }),
        link ? t('finished.transaction', { url: link }) : null,
      ]);
    }
    case 'refunded': {
      const link = explorerLink(context.from, row.refundHash);
      const refunded = row.amountRefunded ?? row.amountDeposited;
      return compose(row, context, subject, [
        t('refunded.body', pair),
        refunded ? t('refunded.amount', { amount: formatAmount(refunded, lang), coin: n.from }) : null,
        row.refundAddress ? t('refunded.address', { address: row.refundAddress }) : null,
        link ? t('refunded.transaction', { url: link }) : null,
      ]);
    }
    case 'action_needed': {
      // The link is signed for this swap and its deadline, and expires with it (decision 020). It
      // opens a page that asks: a link in a mail must not act, as mail scanners open links.
      const url =
        context.links && row.actionDeadline
          ? decisionUrl(context.baseUrl, lang, row.id, context.links.sign(row.id, row.actionDeadline))
          : `${swapPageUrl(context.baseUrl, lang, row.id)}#decision`;
      const amounts = {
        received: formatAmount(row.amountDeposited ?? row.amountFrom, lang),
        ordered: formatAmount(row.amountFrom, lang),
        coin: n.from,
      };
      return compose(row, context, subject, [
        t(row.problem === 'late' ? 'action_needed.late' : 'action_needed.body', amounts),
        '',
        t('action_needed.choose', { url }),
        row.actionDeadline
          ? t('action_needed.deadline', { time: formatDateTime(row.actionDeadline.toISOString(), lang) })
          : null,
      ]);
    }
    case 'refunding': {
      // A refund with its address on file needs nothing from the owner: the refunded mail follows.
      if (row.refundAddress) return null;
      return compose(row, context, subject, [
        t('refunding.body', {
          received: formatAmount(row.amountDeposited ?? row.amountFrom, lang),
          coin: n.from,
          url: `${swapPageUrl(context.baseUrl, lang, row.id)}#refund`,
        }),
      ]);
    }
    default:
      return compose(row, context, subject, [t(`${row.status}.body`, pair)]);
  }
}

/** What the unsubscribe page finds for a swap and token. */
export type Subscription = 'subscribed' | 'unsubscribed' | 'not_found';

export interface SwapMailerOptions {
  mail: MailOutbox;
  dictionaries: ReadonlyMap<string, Dictionary>;
  catalogue: Catalogue;
  /** The site's origin (config BASE_URL), for the links in the mails. */
  baseUrl: string;
  /** The server's secret (32+ characters), which signs the decision links. */
  linkSecret: string;
}

/** Queues the swap mails and keeps the unsubscriptions. */
export class SwapMailer {
  readonly #options: SwapMailerOptions;
  /** Signs and checks the decision links of the "action needed" mails. */
  readonly links: DecisionLinks;

  constructor(options: SwapMailerOptions) {
    this.#options = options;
    this.links = new DecisionLinks(options.linkSecret);
  }

  async #context(row: SwapMailRow): Promise<MailContext> {
    const { catalogue, dictionaries, baseUrl } = this.#options;
    const [from, to] = await Promise.all([
      catalogue.asset(row.fromCoin, row.fromNetwork),
      catalogue.asset(row.toCoin, row.toNetwork),
    ]);
    return { dictionaries, baseUrl, from, to, links: this.links };
  }

  /** A new swap: its receipt, when it has an email. `db` is the transaction storing it. */
  async created(row: SwapMailRow, db: Database): Promise<boolean> {
    if (!row.notifyEmail) return false;
    const message = receiptMail(row, await this.#context(row));
    if (message) await this.#options.mail.enqueue(message, db);
    return message !== null;
  }

  /** A swap that has just reached `row.status`: its mail, when it sends one and has an email. */
  async statusChanged(row: SwapMailRow, db: Database): Promise<boolean> {
    if (!row.notifyEmail || !MAIL_STATUSES.has(row.status)) return false;
    // The account that keeps the swap may have switched its swap mails off (core/account/customers.ts).
    if (!(await swapMailsAllowed(db, row.id))) return false;
    const message = statusMail(row, await this.#context(row));
    if (message) await this.#options.mail.enqueue(message, db);
    return message !== null;
  }

  /** Tells the outbox job there is mail, once the transaction that queued it has committed. */
  wake(): void {
    this.#options.mail.wake();
  }

  /** Whether the swap's mails still go out; 'not_found' for an unknown swap or a wrong token. */
  async subscription(db: Database, id: string, token: string): Promise<Subscription> {
    const [row] = await db
      .select({ email: swaps.notifyEmail, token: swaps.notifyToken })
      .from(swaps)
      .where(eq(swaps.id, id));
    if (!row || !tokenMatches(row.token, token)) return 'not_found';
    return row.email ? 'subscribed' : 'unsubscribed';
  }

  /** Stops the swap's mails (the address is forgotten); 'already' when they were stopped before. */
  async unsubscribe(
    db: Database,
    id: string,
    token: string,
  ): Promise<'unsubscribed' | 'already' | 'not_found'> {
    const found = await this.subscription(db, id, token);
    if (found === 'not_found') return found;
    const cleared = await db
      .update(swaps)
      .set({ notifyEmail: null })
      .where(and(eq(swaps.id, id), isNotNull(swaps.notifyEmail)))
      .returning({ id: swaps.id });
    return cleared.length > 0 ? 'unsubscribed' : 'already';
  }
}
