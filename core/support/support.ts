import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type SupportRequestKind, supportRequests } from '../../db/schema.ts';
import type { Dictionary } from '../i18n/dictionaries.ts';
import { isLang } from '../i18n/languages.ts';
import { translate } from '../i18n/translate.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { MailMessage } from '../mail/transport.ts';
import type { FormValues, SupportFormKind } from './fields.ts';

export interface SubmitContext {
  lang: string;
  ipHash: string | null;
}

export interface StoredRequest {
  id: number;
  kind: SupportRequestKind;
  name: string;
  email: string;
  message: string;
  details: Record<string, string>;
  lang: string;
  createdAt: string;
}

const KIND_TITLES: Record<SupportFormKind, string> = {
  contact: 'Contact message',
  add_coin: 'Add-coin request',
  partner_demo: 'Partner demo request',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  company: 'Company',
  email: 'Email',
  coinName: 'Coin',
  ticker: 'Ticker',
  network: 'Network',
  contractAddress: 'Contract address',
  website: 'Website',
  monthlyVolume: 'Monthly volume (USD)',
  message: 'Message',
};

/** The operator's notice of a request, in English (the operator's language). */
export function operatorMail(
  kind: SupportFormKind,
  id: number,
  values: Record<string, string>,
  context: SubmitContext,
  operatorEmail: string,
): MailMessage {
  const who = values.name || values.company || values.email || '';
  const lines = Object.entries(values)
    .filter(([field, value]) => field !== 'message' && value !== '')
    .map(([field, value]) => `${FIELD_LABELS[field] ?? field}: ${value}`);
  return {
    to: operatorEmail,
    replyTo: values.email ?? null,
    subject: `[SwapGate] ${KIND_TITLES[kind]} #${id} from ${who}`.slice(0, 200),
    text: [
      `${KIND_TITLES[kind]} #${id}`,
      '',
      ...lines,
      `Site language: ${context.lang}`,
      '',
      values.message ? `Message:\n${values.message}` : '(no message)',
      '',
      'Reply to this mail to answer the sender.',
    ].join('\n'),
  };
}

/**
 * The sender's confirmation, in the language of the page they wrote from. The address is not
 * verified (anyone may type anyone's), so the mail carries nothing the submitter chose: no name,
 * no copy of the message; only our fixed words, and a line for whoever did not write to us.
 */
export function visitorMail(
  email: string,
  context: SubmitContext,
  dictionaries: ReadonlyMap<string, Dictionary>,
  operatorEmail: string,
): MailMessage {
  const lang = isLang(context.lang) ? context.lang : 'en';
  const text = (key: string) => translate(dictionaries, lang, `mail.${key}`);
  return {
    to: email,
    replyTo: operatorEmail,
    subject: text('subject'),
    text: [
      text('hello'),
      '',
      text('received'),
      '',
      text('automatic'),
      text('notYou'),
      '',
      text('signature'),
    ].join('\n'),
  };
}

/** One confirmation per recipient in this long, however many requests name the address. */
export const CONFIRMATION_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * Contact, add-coin and partner demo requests: stored, and the operator told by mail through the
 * outbox in the same transaction, so a request is never kept without its notice or the reverse. The
 * sender gets a fixed confirmation in their language the same way (at most one a day per address).
 */
export class SupportService {
  readonly #db: Database;
  readonly #mail: MailOutbox;
  readonly #operatorEmail: string;
  readonly #dictionaries: ReadonlyMap<string, Dictionary>;
  readonly #now: () => Date;

  constructor(options: {
    db: Database;
    mail: MailOutbox;
    operatorEmail: string;
    dictionaries: ReadonlyMap<string, Dictionary>;
    now?: () => Date;
  }) {
    this.#now = options.now ?? (() => new Date());
    this.#db = options.db;
    this.#mail = options.mail;
    this.#operatorEmail = options.operatorEmail;
    this.#dictionaries = options.dictionaries;
  }

  async submit<K extends SupportFormKind>(
    kind: K,
    values: FormValues<K>,
    context: SubmitContext,
  ): Promise<{ id: number }> {
    const all = values as Record<string, string>;
    const { name = '', company = '', email = '', message = '', ...rest } = all;
    const details = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== ''));
    const id = await this.#db.transaction(async (tx) => {
      const [row] = await tx
        .insert(supportRequests)
        .values({
          kind,
          name: name || company,
          email,
          message,
          details,
          lang: context.lang,
          ipHash: context.ipHash,
        })
        .returning({ id: supportRequests.id });
      if (!row) throw new Error('support_requests insert returned nothing');
      await this.#mail.enqueue(operatorMail(kind, row.id, all, context, this.#operatorEmail), tx);
      // The confirmation goes to an address nobody has verified: at most one per recipient a day,
      // so the forms cannot be used to flood someone's mailbox from our domain.
      const [earlier] = await tx
        .select({ n: count() })
        .from(supportRequests)
        .where(
          and(
            eq(supportRequests.email, email),
            lt(supportRequests.id, row.id),
            gt(supportRequests.createdAt, new Date(this.#now().getTime() - CONFIRMATION_INTERVAL_MS)),
          ),
        );
      if (email && (earlier?.n ?? 0) === 0) {
        await this.#mail.enqueue(visitorMail(email, context, this.#dictionaries, this.#operatorEmail), tx);
      }
      return row.id;
    });
    this.#mail.wake();
    return { id };
  }

  /** Requests after `afterId`, newest first (the operator's inbox). */
  async list(afterId = 0, limit = 50): Promise<StoredRequest[]> {
    const rows = await this.#db
      .select()
      .from(supportRequests)
      .where(gt(supportRequests.id, afterId))
      .orderBy(desc(supportRequests.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      email: row.email,
      message: row.message,
      details: row.details,
      lang: row.lang,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
