/**
 * `npm run dev`: the same Hono server as `npm start` (APIs, security headers, normalisation, the
 * database and jobs), with the React Router app served by Vite in middleware mode: modules are
 * compiled on request, the browser gets hot updates, and each page request renders with the
 * current sources. The HTML cache is off, so an edit shows on the next load.
 */
process.env.NODE_ENV = 'development';
process.env.HTML_CACHE ??= 'off';

const { createServer: createHttpServer } = await import('node:http');
const { resolve } = await import('node:path');
const { createServer } = await import('vite');
const { loadConfig } = await import('../core/config.ts');
const { createLogger } = await import('./logger.ts');
const { startServer } = await import('./boot.ts');

const ROOT = resolve(import.meta.dirname, '..');
const config = loadConfig();
const log = createLogger(config);

// One HTTP server for the pages and Vite's hot-update socket: the socket is then same-origin, which
// the Content-Security-Policy (`connect-src 'self'`) allows.
const httpServer = createHttpServer();
const vite = await createServer({
  root: ROOT,
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: 'custom',
});

await startServer({
  config,
  log,
  // The app as Vite compiles it now: a changed module is picked up by the next request.
  build: () => vite.ssrLoadModule('virtual:react-router/server-build') as never,
  // Files of public/ as they are; hashed assets do not exist in development.
  clientDir: resolve(ROOT, 'public'),
  // Vite first (its client, modules, styles and hot updates), then everything else to the app.
  createServer: (listener) =>
    httpServer.on('request', (request, response) =>
      vite.middlewares(request, response, () => listener(request, response)),
    ),
});

export {};
