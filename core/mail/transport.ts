import nodemailer, { type Transporter } from 'nodemailer';

/** One plain-text mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string> | null;
}

/** Sends mail now, or throws; the outbox (outbox.ts) decides when to try again. */
export interface MailTransport {
  /** False when no mail server is configured: mail waits in the outbox. */
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** No mail server configured (SMTP_URL unset): nothing is sent, the outbox keeps everything. */
export const NO_MAIL_TRANSPORT: MailTransport = {
  configured: false,
  async send() {
    throw new Error('No mail server is configured (SMTP_URL)');
  },
  close() {},
};

export interface SmtpTransportOptions {
  /** smtp://user:pass@host:port or smtps://… (SMTP_URL). */
  url: string;
  /** Sender (MAIL_FROM). */
  from: string;
  /** How long connecting, greeting and each command may take. */
  timeoutMs?: number;
}

/** SMTP through nodemailer, one pooled connection reused between mails. */
export class SmtpTransport implements MailTransport {
  readonly configured = true;
  readonly #transporter: Transporter;
  readonly #from: string;

  constructor(options: SmtpTransportOptions) {
    const timeout = options.timeoutMs ?? 10_000;
    const url = new URL(options.url);
    const secure = url.protocol === 'smtps:';
    this.#transporter = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      // A local relay without TLS is fine (`?tls=off`); otherwise STARTTLS is used when offered.
      ...(url.searchParams.get('tls') === 'off' ? { ignoreTLS: true } : {}),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    this.#from = options.from;
  }

  async send(message: MailMessage): Promise<void> {
    await this.#transporter.sendMail({
      from: this.#from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    });
  }

  close(): void {
    this.#transporter.close();
  }
}

/** The transport the configuration asks for. */
export function createMailTransport(config: {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
}): MailTransport {
  return config.SMTP_URL
    ? new SmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM })
    : NO_MAIL_TRANSPORT;
}
