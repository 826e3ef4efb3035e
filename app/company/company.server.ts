import type { LoaderFunctionArgs } from 'react-router';
import { isLegalPage } from '../../core/company/legal.ts';
import type { Services } from '../../core/services.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, pageNotFound, resolvePage } from '../routing/page-loader.server.ts';
import { siteIndex } from './site-index.server.ts';

function services(args: LoaderFunctionArgs): Services {
  return args.context.get(requestStateContext).services;
}

/** /about-us: the figures counted from the catalogue. */
export async function loadAboutUs(args: LoaderFunctionArgs) {
  return { ...resolvePage(args), figures: await services(args).company.figures() };
}

/** /partners and /providers: the liquidity providers with their live figures. */
export async function loadProviders(args: LoaderFunctionArgs) {
  const { company } = services(args);
  const [providers, sources] = await Promise.all([company.providerStats(), company.sourceStats()]);
  return { ...resolvePage(args), providers, sources };
}

/** Pages that need only the page and the configured outward addresses. */
export function loadLinks(args: LoaderFunctionArgs) {
  const { config } = services(args);
  return {
    ...resolvePage(args),
    links: { account: config.ACCOUNT_URL, apiDocs: config.API_DOCS_URL, pressKit: config.PRESS_KIT_URL },
  };
}

/** The legal pages: the page's text in the content language (English while it has none). */
export async function loadLegal(args: LoaderFunctionArgs) {
  const page: PageData = resolvePage(args);
  if (!isLegalPage(page.page)) pageNotFound(new URL(args.request.url));
  return { ...page, document: await services(args).legal.document(page.page, page.lang) };
}

/** /sitemap: the fixed pages by section, every coin and the blog's latest articles and topics. */
export async function loadSitemap(args: LoaderFunctionArgs) {
  const { catalogue, blog } = services(args);
  const [coins, latest, tags] = await Promise.all([catalogue.coins(), blog.latest(1), blog.tags()]);
  return {
    ...resolvePage(args),
    sections: siteIndex(),
    coins: coins.map((coin) => ({ code: coin.code, name: coin.name })),
    articles: latest.articles.map((article) => ({ slug: article.slug, title: article.title })),
    tags: tags.map((tag) => ({ slug: tag.slug, name: tag.name })),
  };
}
