import type { ServerResponse } from 'node:http';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import type { ServerBuild } from 'react-router';
import { localizePath } from '../core/routing/paths.ts';
import { isHealthy, migrationsApplied } from '../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/errors.ts';
import { createAccountHostRouting, createAccountRoutes } from './account.ts';
import { apiReferenceScript } from './api/docs-assets.ts';
import { ApiError, errorResponse } from './api/errors.ts';
import { API_REFERENCE_SCRIPT } from './api/openapi.ts';
import { createApiV1 } from './api/v1.ts';
import { createApiGlobal } from './apiglobal.ts';
import { createBlogFeedRoutes } from './blog-feeds.ts';
import { clientIp } from './client-ip.ts';
import { createFiatWebhooks } from './fiat-webhooks.ts';
import { coinIcon } from './icons.ts';
import { createImageHandler } from './img.ts';
import { rootLanguageRedirect } from './language-redirect.ts';
import { routeLabel } from './metrics.ts';
import { inFlightLimit, overloadedResponse } from './overload.ts';
import { answerResponse, createPageHandler } from './page-handler.ts';
import { referralLinks } from './referral.ts';
import { RenderQueueFull } from './render-queue.ts';
import { type LocationEnv, requestLocation } from './request-location.ts';
import { createSandboxRpcRoutes } from './sandbox-rpc.ts';
import { createNonce, securityHeaders } from './security-headers.ts';
import type { AppServices } from './services.ts';
import { createSitemapRoutes } from './sitemap.ts';

export interface AppOptions {
  services: AppServices;
  /** The app's server build, or a function giving the current one (the dev server's, rebuilt on change). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (hashed assets, builds/*.json, public files). */
  clientDir: string;
}

type Env = { Variables: { requestId: string; nonce: string } & LocationEnv['Variables'] };

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The one HTTP app: security, normalisation, APIs, static files, then the React Router pages. */
/** The longest request path served (characters of the decoded path). */
export const MAX_PATH_CHARS = 1024;

const varyOnEncoding: MiddlewareHandler = async (c, next) => {
  c.header('Vary', 'Accept-Encoding');
  await next();
};

export function createApp({ services, build, clientDir }: AppOptions): Hono<Env> {
  const { log } = services;
  const app = new Hono<Env>();
  const pages = createPageHandler(services, build);

  const securityOptions = {
    analytics: Boolean(services.config.GTM_ID),
    humanCheckScript: services.config.RECAPTCHA_SITE_KEY ? services.config.RECAPTCHA_SCRIPT_URL : undefined,
  };

  // A fresh stored page is answered first, with what the steps below would add to it (its security
  // headers with a new nonce, a request id, the log line): the same response, several times faster
  // than through every step (docs/decisions/006).
  app.use(async (c, next) => {
    const started = performance.now();
    let reqId = '';
    // Where the request goes, worked out once here for every step below (server/request-location.ts).
    const location = requestLocation(c);
    const answer = await pages.fromCache(c.req.raw, location, (nonce) => {
      reqId = crypto.randomUUID();
      const headers: Record<string, string> = { 'x-request-id': reqId };
      for (const [name, value] of Object.entries(securityHeaders(location, nonce, securityOptions))) {
        headers[name.toLowerCase()] = value;
      }
      return headers;
    });
    if (!answer) return next();
    services.metrics.record({
      method: c.req.method,
      route: routeLabel(location),
      status: answer.status,
      seconds: (performance.now() - started) / 1000,
      cache: answer.headers['x-cache'],
    });
    log.info(
      {
        reqId,
        method: c.req.method,
        path: c.req.path,
        status: answer.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
    // Under Node the pieces go to the socket as they are (one writev, no joined copy).
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (!outgoing) return answerResponse(answer);
    outgoing.writeHead(answer.status, answer.headers);
    outgoing.cork();
    for (const piece of answer.body ?? []) outgoing.write(piece);
    outgoing.end();
    return RESPONSE_ALREADY_SENT;
  });
  app.use(requestId());
  app.use(services.metrics.middleware());
  app.use(async (c, next) => {
    const started = performance.now();
    const nonce = createNonce();
    c.set('nonce', nonce);
    await next();
    // A 304 updates the headers the browser stored with the page: a new CSP would not match the
    // nonce in the stored body (docs/decisions/006).
    // A body refused as too large is left unread, and the server drops the connection rather than
    // read megabytes it does not want: the client is told so, and sends its next request on a new
    // connection instead of having it reset (docs/OPERATIONS.md).
    if (c.res.status === 413) c.res.headers.set('Connection', 'close');
    const notModified = c.res.status === 304;
    for (const [name, value] of Object.entries(securityHeaders(requestLocation(c), nonce, securityOptions))) {
      // Set on the response's own headers: `c.header()` after the handler rebuilds the response
      // (and copies its body) on every call.
      if (!(notModified && name === 'Content-Security-Policy')) c.res.headers.set(name, value);
    }
    log.info(
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(
    inFlightLimit({
      max: services.config.MAX_IN_FLIGHT,
      services,
      onReject: () => services.metrics.overloadRejected('in_flight'),
    }),
  );
  app.use(compress());
  // The APIs' JSON varies with Accept-Encoding whether or not it is compressed: said before the
  // handler answers, the compression step finds it and leaves the response as it is, instead of
  // adding the header afterwards by building the whole response again (~15% of a quote's time).
  app.use('/api/v1/*', varyOnEncoding);
  app.use('/apiglobal/*', varyOnEncoding);

  // No address of the site comes near this length; a longer one is refused before any routing or
  // rendering, so a huge path cannot make a page (or a log line) huge.
  app.use(async (c, next) => {
    if (c.req.path.length <= MAX_PATH_CHARS) return next();
    // The APIs answer in their error format, whatever the path (found by the API fuzzer).
    if (/^\/(?:api\/v1|apiglobal)(?:\/|$)/.test(c.req.path)) {
      return errorResponse(c, services, new ApiError(414, 'uri_too_long'));
    }
    return c.text('URI Too Long', 414);
  });

  // The account area on its own host, when ACCOUNT_URL names one (server/account.ts).
  const accountHost = createAccountHostRouting(
    services.config,
    typeof build === 'function' ? build : async () => build,
  );
  if (accountHost) app.use(accountHost);
  // The account area's rules (no-store, noindex, the Origin check of writes) and its language
  // prefix, before the path normalisation.
  const accountArea = createAccountRoutes(services);
  app.use(accountArea.guard);

  // SPEC §9 path normalisation, then the root language choice (SPEC §4), for page requests only.
  app.use(async (c, next) => {
    const method = c.req.method;
    const location = requestLocation(c);
    if ((method !== 'GET' && method !== 'HEAD') || !location.isPage) return next();
    const url = new URL(c.req.url);
    const target = location.canonical;
    if (target) return c.redirect(`${target}${url.search}`, 301);
    if (url.pathname === '/') {
      const lang = rootLanguageRedirect(c.req.raw.headers);
      if (lang) {
        c.header('Vary', 'Cookie, Accept-Language');
        c.header('Cache-Control', 'private, no-store');
        return c.redirect(`${localizePath(lang, '/')}${url.search}`, 302);
      }
      await next();
      // The English root is only served to visitors the redirect above let through.
      const vary = c.res.headers.get('Vary');
      c.res.headers.set(
        'Vary',
        vary?.includes('Cookie') ? `${vary}, Accept-Language` : 'Cookie, Accept-Language',
      );
      return;
    }
    return next();
  });

  // The affiliate link's `?ref=`: a cookie and a redirect to the address without it.
  app.use(referralLinks(services));

  // Liveness: the process answers. Whether it can serve is /readyz's question, so a database
  // outage takes a node out of the balancer's rotation without getting it restarted.
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  // Readiness: the database answers and has this build's migrations. Redis (when configured) is
  // reported but does not decide: without it the node counts rate limits in process and serves, and
  // a balancer checking /readyz would otherwise take every node out at once when Redis goes away.
  app.get('/readyz', async (c) => {
    const [database, migrations] = await Promise.all([
      isHealthy(services.db),
      migrationsApplied(services.db),
    ]);
    const limiter = services.rateLimiter as { healthy?: () => boolean };
    const checks: Record<string, boolean> = { database, migrations };
    const ready = database && migrations;
    if (services.config.REDIS_URL) checks.redis = limiter.healthy?.() ?? true;
    c.header('Cache-Control', 'no-store');
    return c.json({ status: ready ? 'ready' : 'unavailable', checks }, ready ? 200 : 503);
  });
  app.get('/metrics', services.metrics.handler(services.config.METRICS_TOKEN));

  app.get('/icons/coins/:file', (c) => {
    const svg = coinIcon(c.req.param('file').replace(/\.svg$/, ''));
    if (!svg) return c.notFound();
    c.header('Content-Type', 'image/svg+xml');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(svg);
  });
  app.get('/img', createImageHandler({ root: clientDir }));
  // The API reference's renderer (Scalar's standalone bundle), from node_modules, by version.
  app.get(API_REFERENCE_SCRIPT, apiReferenceScript());

  // The Telegram bot's webhook (core/bot/telegram.ts): only with a token, at its secret path.
  const telegram = services.telegram;
  if (telegram?.handleWebhook && telegram.path) {
    const handle = telegram.handleWebhook;
    app.post(telegram.path, (c) => handle(c.req.raw));
  }

  app.route('/', accountArea.routes);
  app.route('/', createFiatWebhooks(services));
  app.route('/api/v1', createApiV1(services, services.rateLimiter));
  app.route('/', createSandboxRpcRoutes(services));

  app.route('/apiglobal', createApiGlobal(services));

  // Before the static files (no public/robots.txt) and the pages.
  app.route('/', createSitemapRoutes(services));
  app.route('/', createBlogFeedRoutes(services));

  // Hashed build files never change; the build pointer must always be revalidated.
  const files = serveStatic({ root: clientDir });
  const filesCachedFor =
    (pick: (path: string) => string): MiddlewareHandler =>
    async (c, next) => {
      const response = await files(c, next);
      if (response instanceof Response && response.status === 200) {
        response.headers.set('Cache-Control', pick(c.req.path));
      }
      return response;
    };
  app.use(
    '/assets/*',
    filesCachedFor(() => IMMUTABLE),
  );
  app.use(
    '/builds/*',
    filesCachedFor((path) => (path.endsWith('/latest.json') ? 'no-cache' : IMMUTABLE)),
  );
  // The widget's embed script lives at a versioned address (/embed/v1/…): a change is a new version.
  app.use(
    '/embed/*',
    filesCachedFor(() => IMMUTABLE),
  );
  const publicFiles = filesCachedFor(() => 'public, max-age=3600');
  app.use('*', (c, next) => (requestLocation(c).isPage ? next() : publicFiles(c, next)));

  app.all('*', async (c) => {
    try {
      return await pages(c.req.raw, requestLocation(c), {
        services,
        requestId: c.get('requestId'),
        nonce: c.get('nonce'),
        ip: clientIp(c, services.config.TRUST_PROXY),
      });
    } catch (error) {
      if (!(error instanceof RenderQueueFull)) throw error;
      services.metrics.overloadRejected('render_queue');
      return overloadedResponse(services, requestLocation(c));
    }
  });

  app.onError((error, c) => {
    const outage = services.databaseOutage.report(error);
    if (outage) {
      if (outage === 'new') {
        log.warn({ err: error, reqId: c.get('requestId'), path: c.req.path }, 'Database unavailable');
      }
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ error: { code: 'unavailable', message: 'Service Unavailable' } }, 503);
    }
    log.error({ err: error, reqId: c.get('requestId'), path: c.req.path }, 'Unhandled error');
    return c.json({ error: { code: 'internal_error', message: 'Internal Server Error' } }, 500);
  });

  return app;
}
