import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the fake received. */
export interface FakeMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as sent. */
  raw: string;
}

/**
 * A local SMTP server for tests (smtp-server): accepts mail without TLS, keeps what it receives,
 * and can go down and come back on the same port, or refuse mail with a temporary error.
 */
export class FakeSmtpServer {
  readonly received: FakeMail[] = [];
  /** While true, every message is answered with 451 (try again later). */
  refusing = false;
  #server: SMTPServer | null = null;
  #port = 0;

  get port(): number {
    return this.#port;
  }

  /** `smtp://127.0.0.1:PORT?tls=off`, for SMTP_URL. */
  get url(): string {
    return `smtp://127.0.0.1:${this.#port}?tls=off`;
  }

  /** Starts listening (on the same port as before after a stop()). */
  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refusing) {
            const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Stops listening: clients get "connection refused" until start() again. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
