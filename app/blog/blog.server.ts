import { type LoaderFunctionArgs, redirect } from 'react-router';
import { type ArticlePage, BLOG_PAGE_SIZE, normalizeSearch } from '../../core/blog/blog.ts';
import type { Services } from '../../core/services.ts';
import { defaultPair } from '../exchange/pair.server.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, pageNotFound, resolvePage } from '../routing/page-loader.server.ts';
import { withheldFromDocument } from '../routing/withheld.server.ts';
import { ARTICLE_BODY, type BlogPagination } from './types.ts';

interface BlogArgs {
  page: PageData;
  services: Services;
  url: URL;
}

function blogArgs(args: LoaderFunctionArgs): BlogArgs {
  return {
    page: resolvePage(args),
    services: args.context.get(requestStateContext).services,
    url: new URL(args.request.url),
  };
}

/**
 * The number of a paginated blog list from its `{number}` or `{page}` parameter: page 1 answers
 * 301 to the list's own address (`firstPage`, with its trailing slash), the query kept.
 */
function pageNumber({ page, url }: BlogArgs, firstPage: string): number {
  const value = page.params.number ?? page.params.page;
  if (value === undefined) return 1;
  if (value === '1') throw redirect(`${firstPage}${url.search}`, 301);
  return Number(value);
}

/** The pagination of a list, or 404 for a page past its end (an empty list has its page 1). */
function paginate({ url }: BlogArgs, number: number, total: number, firstPage: string): BlogPagination {
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (number > pages) pageNotFound(url);
  return { page: number, pages, total, firstPage };
}

/** Blog pages are English whatever the URL's prefix; their links point at the unprefixed blog. */
function listData(args: BlogArgs, list: ArticlePage, number: number, firstPage: string) {
  return { ...args.page, articles: list.articles, pagination: paginate(args, number, list.total, firstPage) };
}

/** /blog/ and /blog/page/{number}/: the featured articles (first page) and every article, newest first. */
export async function loadBlogIndex(loaderArgs: LoaderFunctionArgs) {
  const args = blogArgs(loaderArgs);
  const number = pageNumber(args, '/blog/');
  const [list, featured] = await Promise.all([
    args.services.blog.latest(number),
    number === 1 ? args.services.blog.featured() : Promise.resolve([]),
  ]);
  return { ...listData(args, list, number, '/blog/'), featured };
}

/** /blog/{slug}/: the article (the blog-article middleware has checked it is published). */
export async function loadBlogArticle(loaderArgs: LoaderFunctionArgs) {
  const args = blogArgs(loaderArgs);
  const { blog } = args.services;
  const article = await blog.article(args.page.params.slug ?? '');
  if (!article) pageNotFound(args.url);
  const [related, adjacent, form] = await Promise.all([
    blog.related(article),
    blog.adjacent(article),
    defaultPair(args.services),
  ]);
  // The body is the page's bulk: the document carries it once, in its HTML (issue 32).
  const bodyHtml = withheldFromDocument(loaderArgs, ARTICLE_BODY, article.bodyHtml);
  return { ...args.page, article: { ...article, bodyHtml }, related, ...adjacent, form };
}

/** /blog/authors/: every author with a published article. */
export async function loadBlogAuthors(loaderArgs: LoaderFunctionArgs) {
  const args = blogArgs(loaderArgs);
  return { ...args.page, authors: await args.services.blog.authors() };
}

/**
 * A list of one author's or one topic's articles: the author or topic by the `{slug}` (404 when
 * unknown), then the page of its articles.
 */
async function loadOwnedList<Owner>(
  args: BlogArgs,
  firstPageOf: (slug: string) => string,
  find: (slug: string) => Promise<Owner | null>,
  list: (slug: string, page: number) => Promise<ArticlePage>,
) {
  const slug = args.page.params.slug ?? '';
  const owner = await find(slug);
  if (!owner) pageNotFound(args.url);
  const firstPage = firstPageOf(slug);
  const number = pageNumber(args, firstPage);
  return { owner, ...listData(args, await list(slug, number), number, firstPage) };
}

/** /blog/authors/{slug}/ and /{page}/: an author and their articles; 404 for an unknown author. */
export async function loadBlogAuthor(loaderArgs: LoaderFunctionArgs) {
  const args = blogArgs(loaderArgs);
  const { blog } = args.services;
  const { owner, ...list } = await loadOwnedList(
    args,
    (slug) => `/blog/authors/${slug}/`,
    (slug) => blog.author(slug),
    (slug, page) => blog.byAuthor(slug, page),
  );
  return { ...list, author: owner };
}

/** /blog/tag/: every topic with a published article. */
export async function loadBlogTags(loaderArgs: LoaderFunctionArgs) {
  const args = blogArgs(loaderArgs);
  return { ...args.page, tags: await args.services.blog.tags() };
}

/** /blog/tag/{slug}/ and /{page}/: a topic and its articles; 404 for an unknown topic. */
export async function loadBlogTag(loaderArgs: LoaderFunctionArgs) {
  const args = blogArgs(loaderArgs);
  const { blog } = args.services;
  const { owner, ...list } = await loadOwnedList(
    args,
    (slug) => `/blog/tag/${slug}/`,
    (slug) => blog.tag(slug),
    (slug, page) => blog.byTag(slug, page),
  );
  return { ...list, tag: owner };
}

/**
 * /blog/search/?q= and /blog/search/{number}/?q=: the ranked hits with snippets. Without a query
 * the page invites one (and its later pages do not exist); the topics are offered either way.
 */
export async function loadBlogSearch(loaderArgs: LoaderFunctionArgs) {
  const args = blogArgs(loaderArgs);
  const query = normalizeSearch(args.url.searchParams.get('q'));
  const number = pageNumber(args, '/blog/search/');
  const [result, tags] = await Promise.all([
    query ? args.services.blog.search(query, number) : Promise.resolve({ hits: [], total: 0 }),
    args.services.blog.tags(),
  ]);
  return {
    ...args.page,
    query,
    hits: result.hits,
    tags,
    pagination: paginate(args, number, result.total, '/blog/search/'),
  };
}
