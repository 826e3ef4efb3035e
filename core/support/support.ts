import { desc, gt } from 'drizzle-orm';
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

/** The sender's confirmation, in the language of the page they wrote from, with a copy of their message. */
export function visitorMail(
  values: Record<string, string>,
  context: SubmitContext,
  dictionaries: ReadonlyMap<string, Dictionary>,
  operatorEmail: string,
): MailMessage {
  const lang = isLang(context.lang) ? context.lang : 'en';
  const text = (key: string, params: Record<string, string> = {}) =>
    translate(dictionaries, lang, `mail.${key}`, params);
  const name = values.name || values.company || '';
  return {
    to: values.email ?? '',
    replyTo: operatorEmail,
    subject: text('subject'),
    text: [
      text('hello', { name }),
      '',
      text('received'),
      ...(values.message ? ['', text('copy'), values.message] : []),
      '',
      text('automatic'),
      '',
      text('signature'),
    ].join('\n'),
  };
}

/**
 * Contact, add-coin and partner demo requests: stored, and the operator told by mail through the
 * outbox in the same transaction, so a request is never kept without its notice or the reverse. The
 * sender gets a confirmation in their language the same way.
 */
export class SupportService {
  readonly #db: Database;
  readonly #mail: MailOutbox;
  readonly #operatorEmail: string;
  readonly #dictionaries: ReadonlyMap<string, Dictionary>;

  constructor(options: {
    db: Database;
    mail: MailOutbox;
    operatorEmail: string;
    dictionaries: ReadonlyMap<string, Dictionary>;
  }) {
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
      await this.#mail.enqueue(visitorMail(all, context, this.#dictionaries, this.#operatorEmail), tx);
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
