import { createContext, redirect } from 'react-router';
import type { Lang } from '../../core/i18n/languages.ts';
import type { RouteMiddlewareName } from '../../core/routing/middleware-names.ts';
import type { MiddlewareSwitches } from '../../core/routing/path-rules.ts';
import { localizePath } from '../../core/routing/paths.ts';

/** Per-path middleware switches from the path rules, set by the root middleware. */
export const middlewareSwitchesContext = createContext<MiddlewareSwitches>({});

export interface RouteMiddlewareArgs {
  url: URL;
  lang: Lang;
  /** The page name from app/routing/pages.ts. */
  page: string;
  params: Record<string, string>;
  /** Raises the route-check 404 ('Page Not Found: {path}'). */
  notFound(): never;
}

export type RouteMiddleware = (args: RouteMiddlewareArgs) => void;

const BLOG_SECTIONS = new Set(['page', 'authors', 'search', 'tag']);

/** The named route middlewares of SPEC §8; the type makes every registered name implemented. */
export const ROUTE_MIDDLEWARES: Record<RouteMiddlewareName, RouteMiddleware> = {
  // A section name of the blog is not an article slug: `/blog/page` without a number is not a page.
  'blog-article': ({ params, notFound }) => {
    if (BLOG_SECTIONS.has(params.slug ?? '')) notFound();
  },
  // A coin is never compared with, or exchanged for, itself.
  'compare-pair': ({ params, notFound }) => {
    if (params.from === params.to) notFound();
  },
  'exchange-pair': ({ params, notFound }) => {
    if (params.from === params.to) notFound();
  },
  'fiat-exchange-pair': ({ params, notFound }) => {
    if (params.from === params.to) notFound();
  },
  // The first widget is retired: /widget sends its embeds, with their query, to /v2/widget.
  'widget-v2-redirect': ({ url, lang, page }) => {
    if (page === 'widget') throw redirect(`${localizePath(lang, '/v2/widget')}${url.search}`, 302);
  },
};
