import { createServer, type IncomingMessage, type Server } from 'node:http';
import { closeServer, listenOnLoopback } from '../support/local-server.ts';

/** A message the bot sent or edited, as the fake Bot API recorded it. */
export interface SentMessage {
  method: 'sendMessage' | 'editMessageText';
  chatId: number;
  messageId: number;
  text: string;
  parseMode?: string;
  /** The inline keyboard's buttons, row by row, when the message has one. */
  buttons: { text: string; data: string }[][];
}

interface Keyboard {
  inline_keyboard?: { text: string; callback_data?: string }[][];
}

/** A Telegram user as updates carry it. */
export interface FakeUser {
  id: number;
  first_name: string;
  language_code?: string;
}

/**
 * A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api) for tests and
 * development: `POST /bot{token}/{method}` with a JSON or form body, answering `{ ok, result }` as
 * Telegram does for the methods the bot uses (getMe, sendMessage, editMessageText,
 * answerCallbackQuery, setWebhook, deleteWebhook, getUpdates). It records what the bot sends and
 * builds the updates a user's messages and button presses would give, for `getUpdates` (long
 * polling) or for posting to a webhook.
 */
export class FakeTelegram {
  readonly token: string;
  readonly sent: SentMessage[] = [];
  readonly calls: { method: string; body: Record<string, unknown> }[] = [];
  webhook: { url: string; secretToken?: string } | null = null;
  #server: Server | null = null;
  #queue: Record<string, unknown>[] = [];
  #nextUpdateId = 1;
  #nextMessageId = 1;
  #waiting: (() => void)[] = [];
  #origin = '';

  constructor(token = '123456:TEST-token') {
    this.token = token;
  }

  /** The API root for grammY's `client.apiRoot`. */
  get apiRoot(): string {
    return this.#origin;
  }

  async start(): Promise<string> {
    this.#server = createServer((req, res) => {
      void this.#handle(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: false, error_code: 500, description: String(error) }));
        },
      );
    });
    this.#origin = await listenOnLoopback(this.#server);
    return this.#origin;
  }

  async stop(): Promise<void> {
    for (const wake of this.#waiting.splice(0)) wake();
    if (this.#server) await closeServer(this.#server);
  }

  /** A text message from `user` in their private chat (chat id = user id). */
  message(user: FakeUser, text: string): Record<string, unknown> {
    const entities = text.startsWith('/')
      ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }]
      : undefined;
    return this.#update({
      message: {
        message_id: this.#nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user.id, type: 'private', first_name: user.first_name },
        from: { ...user, is_bot: false },
        text,
        ...(entities ? { entities } : {}),
      },
    });
  }

  /** A press on an inline button with this callback data, under the bot's message `messageId`. */
  press(user: FakeUser, data: string, messageId: number): Record<string, unknown> {
    const original = this.sent.findLast((sent) => sent.messageId === messageId);
    return this.#update({
      callback_query: {
        id: String(this.#nextUpdateId * 1000),
        from: { ...user, is_bot: false },
        chat_instance: String(user.id),
        data,
        message: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: user.id, type: 'private', first_name: user.first_name },
          from: { id: 1, is_bot: true, first_name: 'SwapGate', username: 'swapgate_test_bot' },
          text: original?.text ?? '',
        },
      },
    });
  }

  /** Queues an update for the bot's next getUpdates (long polling). */
  inject(update: Record<string, unknown>): void {
    this.#queue.push(update);
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /** Messages sent to one chat, oldest first. */
  messagesTo(chatId: number): SentMessage[] {
    return this.sent.filter((sent) => sent.chatId === chatId);
  }

  #update(body: Record<string, unknown>): Record<string, unknown> {
    return { update_id: this.#nextUpdateId++, ...body };
  }

  async #handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (!match) return { status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } };
    if (match[1] !== this.token) {
      return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
    }
    const method = match[2] as string;
    const body = await readBody(req);
    this.calls.push({ method, body });
    const ok = (result: unknown) => ({ status: 200, body: { ok: true, result } });
    const bad = (description: string) => ({
      status: 400,
      body: { ok: false, error_code: 400, description: `Bad Request: ${description}` },
    });
    switch (method) {
      case 'getMe':
        return ok({
          id: 1,
          is_bot: true,
          first_name: 'SwapGate',
          username: 'swapgate_test_bot',
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case 'sendMessage':
      case 'editMessageText': {
        const chatId = Number(body.chat_id);
        const text = typeof body.text === 'string' ? body.text : '';
        if (!Number.isFinite(chatId)) return bad('chat not found');
        if (text.trim() === '') return bad('message text is empty');
        if (text.length > 4096) return bad('message is too long');
        const messageId = method === 'sendMessage' ? this.#nextMessageId++ : Number(body.message_id);
        const keyboard = parseJson(body.reply_markup) as Keyboard | undefined;
        this.sent.push({
          method,
          chatId,
          messageId,
          text,
          ...(typeof body.parse_mode === 'string' ? { parseMode: body.parse_mode } : {}),
          buttons: (keyboard?.inline_keyboard ?? []).map((row) =>
            row.map((button) => ({ text: button.text, data: button.callback_data ?? '' })),
          ),
        });
        return ok({
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          text,
        });
      }
      case 'answerCallbackQuery':
        return ok(true);
      case 'setWebhook':
        if (typeof body.url !== 'string' || !body.url.startsWith('https://')) {
          return bad('bad webhook: An HTTPS URL must be provided for webhook');
        }
        this.webhook = {
          url: body.url,
          ...(typeof body.secret_token === 'string' ? { secretToken: body.secret_token } : {}),
        };
        return ok(true);
      case 'deleteWebhook':
        this.webhook = null;
        return ok(true);
      case 'getUpdates': {
        if (this.webhook)
          return {
            status: 409,
            body: {
              ok: false,
              error_code: 409,
              description:
                "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
            },
          };
        const offset = Number(body.offset ?? 0);
        if (offset > 0) this.#queue = this.#queue.filter((update) => Number(update.update_id) >= offset);
        const timeout = Math.min(Number(body.timeout ?? 0), 50);
        if (this.#queue.length === 0 && timeout > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeout * 1000);
            this.#waiting.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
        return ok(this.#queue.slice(0, Number(body.limit ?? 100)));
      }
      default:
        return {
          status: 404,
          body: { ok: false, error_code: 404, description: 'Not Found: method not found' },
        };
    }
  }
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
