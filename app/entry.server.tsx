import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { DEFAULT_LANG } from '../core/i18n/languages.ts';
import { createI18n, type Dictionaries } from './i18n/i18n.ts';
import { I18nProvider } from './i18n/react.tsx';
import { NonceContext } from './lib/nonce.ts';
import { requestStateContext } from './lib/request-context.ts';
import { withDocumentRoutes } from './routing/document-routes.server.ts';
import { requestLocationContext } from './routing/location.server.ts';
import { withheldTextsContext } from './routing/withheld.server.ts';
import { WithheldTexts } from './ui/ServerHtml.tsx';

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and middlewares (React Router renders the error page for them). One
 * that says the database is unavailable marks the request, so it is answered 503, not 500.
 */
export function handleError(
  error: unknown,
  { context, request }: { context: Readonly<RouterContextProvider>; request: Request },
): void {
  const state = context.get(requestStateContext);
  const outage = state.services.databaseOutage.report(error);
  if (!outage) {
    // A visitor who left is no failure; anything else is a bug the operator must see (a 500).
    if (!request.signal.aborted && !(isRouteErrorResponse(error) && !('error' in error && error.error))) {
      state.services.log.error(
        { err: error, reqId: state.requestId, path: new URL(request.url).pathname },
        'Page error',
      );
    }
    return;
  }
  state.databaseUnavailable = true;
  if (outage === 'new') state.services.log.warn({ err: error }, 'Database unavailable; pages answer 503');
}

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });

  const { services, nonce } = loadContext.get(requestStateContext);
  const lang = loadContext.get(requestLocationContext).contentLang;
  const dictionaries: Dictionaries = {
    [DEFAULT_LANG]: services.dictionaries.get(DEFAULT_LANG),
    [lang]: services.dictionaries.get(lang),
  };
  const i18n = createI18n(lang, dictionaries);

  return new Promise<Response>((resolve, reject) => {
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // Pages are small and carry no deferred data, so the whole document is rendered, then sent at
    // once with its final status, as one buffer (no stream to pass through per chunk).
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nProvider i18n={i18n}>
          <WithheldTexts.Provider value={loadContext.get(withheldTextsContext)}>
            <ServerRouter context={withDocumentRoutes(routerContext)} url={request.url} nonce={nonce} />
          </WithheldTexts.Provider>
        </I18nProvider>
      </NonceContext.Provider>,
      {
        nonce,
        // The document is sent whole, so no Suspense boundary is worth moving to the end of the
        // stream (React does that past 12,800 bytes and adds its reveal scripts to the page).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              timeout = undefined;
              headers.set('Content-Type', 'text/html; charset=utf-8');
              const body = Buffer.concat(chunks);
              resolve(new Response(body as Uint8Array<ArrayBuffer>, { headers, status }));
              callback();
            },
          });
          pipe(document);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          services.log.error({ err: error, url: request.url }, 'Render error');
        },
      },
    );
  });
}
