import { createContext, type RouterContextProvider } from 'react-router';

/** Per request: texts a loader left out of the hydration data for the document's render only. */
export const withheldTextsContext = createContext<Map<string, string> | null>(null);

/**
 * A text the page shows inside `<ServerHtml>` (app/ui/ServerHtml.tsx): the browser keeps the
 * server's HTML of it at hydration and never reads it from the loader data, so a document request's
 * data goes without it (`''`), the document's render reading it through `useWithheldText` (issue 32,
 * docs/decisions/032). A client navigation's data request (`.data`) gets it: the browser renders it.
 */
export function withheldFromDocument(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  key: string,
  text: string,
): string {
  if (new URL(args.request.url).pathname.endsWith('.data')) return text;
  let texts = args.context.get(withheldTextsContext);
  if (!texts) {
    texts = new Map();
    (args.context as RouterContextProvider).set(withheldTextsContext, texts);
  }
  texts.set(key, text);
  return '';
}
