import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';

/**
 * The server's control socket: a Unix socket in the data directory (mode 0600, so only the user the
 * server runs as can reach it) through which the command-line tools act on the running server.
 * PGlite has one owner (the server holds its data directory), so `npm run operator` and the like
 * send their command here instead of opening the database a second time. One JSON line in, one out.
 */

export const CONTROL_SOCKET_FILE = 'control.sock';
/** Unix socket paths are limited to ~107 bytes; a longer data directory gets no socket. */
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST_BYTES = 64 * 1024;

export function controlSocketPath(dataDir: string): string {
  return join(dataDir, CONTROL_SOCKET_FILE);
}

export type ControlHandler = (args: Record<string, unknown>) => Promise<unknown>;

export interface ControlAnswer {
  ok: boolean;
  result?: unknown;
  error?: string;
}

export function startControlSocket(options: {
  dataDir: string;
  handlers: Readonly<Record<string, ControlHandler>>;
  log: Logger;
}): { stop(): Promise<void> } {
  const path = controlSocketPath(options.dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    options.log.warn(
      { path },
      'The data directory path is too long for a control socket; commands open the database',
    );
    return { stop: async () => {} };
  }
  // A socket left by a process that died: this process owns the data directory now.
  if (existsSync(path)) unlinkSync(path);
  const server: Server = createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(60_000, () => socket.destroy());
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) {
        socket.end(`${JSON.stringify({ ok: false, error: 'Request too large' })}\n`);
        return;
      }
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      const line = buffer.slice(0, end);
      buffer = '';
      void answer(line).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  async function answer(line: string): Promise<ControlAnswer> {
    let request: { command?: unknown; args?: unknown };
    try {
      request = JSON.parse(line) as typeof request;
    } catch {
      return { ok: false, error: 'Not JSON' };
    }
    const command = typeof request.command === 'string' ? request.command : '';
    const handler = Object.hasOwn(options.handlers, command) ? options.handlers[command] : undefined;
    if (!handler) return { ok: false, error: `Unknown command: ${command}` };
    try {
      const args =
        request.args && typeof request.args === 'object' ? (request.args as Record<string, unknown>) : {};
      const result = await handler(args);
      options.log.info({ command }, 'Control command');
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }
  server.on('error', (error) => options.log.error({ err: error }, 'Control socket failed'));
  server.listen(path, () => {
    try {
      chmodSync(path, 0o600);
    } catch {
      // Best effort: the data directory itself is the server user's.
    }
  });
  return {
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        try {
          unlinkSync(path);
        } catch {
          // Already gone.
        }
      }),
  };
}

/**
 * Sends one command to the running server's control socket. Answers null when no server listens
 * there (no socket, or a socket left by a process that is gone); throws what the server refused.
 */
export function sendControl(
  dataDir: string,
  command: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  const path = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    if (!existsSync(path)) {
      resolve(null);
      return;
    }
    const socket = createConnection(path);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ command, args })}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      try {
        const reply = JSON.parse(buffer.trim()) as ControlAnswer;
        if (reply.ok) resolve(reply.result ?? {});
        else reject(new Error(reply.error ?? 'Refused'));
      } catch {
        reject(new Error('The server gave no answer'));
      }
    });
  });
}
