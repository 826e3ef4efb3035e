import { escapeXml, w3cDatetime } from '../seo/sitemap.ts';
import type { Article } from './blog.ts';

export interface FeedOptions {
  baseUrl: string;
  title: string;
  description: string;
}

/** Site paths in an article's HTML made absolute: feed readers show it away from our site. */
export function absoluteLinks(html: string, baseUrl: string): string {
  return html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${baseUrl}/`);
}

function articleUrl(baseUrl: string, article: Article): string {
  return `${baseUrl}/blog/${article.slug}/`;
}

/** The feed's own time: the latest change of any of its articles (now for an empty feed). */
function lastChange(articles: readonly Article[]): Date {
  const times = articles.map((article) => new Date(article.updatedAt).getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : new Date();
}

/** RSS 2.0 (RFC 822 dates), with the full article in `content:encoded` and a self link. */
export function renderRss(
  articles: readonly Article[],
  { baseUrl, title, description }: FeedOptions,
): string {
  const items = articles.map((article) => {
    const url = escapeXml(articleUrl(baseUrl, article));
    return [
      '<item>',
      `<title>${escapeXml(article.title)}</title>`,
      `<link>${url}</link>`,
      `<guid isPermaLink="true">${url}</guid>`,
      `<pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>`,
      `<dc:creator>${escapeXml(article.author.name)}</dc:creator>`,
      ...article.tags.map((tag) => `<category>${escapeXml(tag.name)}</category>`),
      `<description>${escapeXml(article.excerpt)}</description>`,
      `<content:encoded>${escapeXml(absoluteLinks(article.bodyHtml, baseUrl))}</content:encoded>`,
      '</item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(`${baseUrl}/blog/`)}</link>`,
    `<description>${escapeXml(description)}</description>`,
    '<language>en</language>',
    `<lastBuildDate>${lastChange(articles).toUTCString()}</lastBuildDate>`,
    `<atom:link href="${escapeXml(`${baseUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Atom 1.0 (RFC 4287): entries with summary, full content, author and categories. */
export function renderAtom(
  articles: readonly Article[],
  { baseUrl, title, description }: FeedOptions,
): string {
  const entries = articles.map((article) => {
    const url = escapeXml(articleUrl(baseUrl, article));
    return [
      '<entry>',
      `<title>${escapeXml(article.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${url}"/>`,
      `<id>${url}</id>`,
      `<published>${w3cDatetime(new Date(article.publishedAt))}</published>`,
      `<updated>${w3cDatetime(new Date(article.updatedAt))}</updated>`,
      `<author><name>${escapeXml(article.author.name)}</name><uri>${escapeXml(`${baseUrl}/blog/authors/${article.author.slug}/`)}</uri></author>`,
      ...article.tags.map(
        (tag) => `<category term="${escapeXml(tag.slug)}" label="${escapeXml(tag.name)}"/>`,
      ),
      `<summary>${escapeXml(article.excerpt)}</summary>`,
      `<content type="html">${escapeXml(absoluteLinks(article.bodyHtml, baseUrl))}</content>`,
      '</entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `<title>${escapeXml(title)}</title>`,
    `<subtitle>${escapeXml(description)}</subtitle>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(`${baseUrl}/blog/`)}"/>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(`${baseUrl}/blog/atom.xml`)}"/>`,
    `<id>${escapeXml(`${baseUrl}/blog/`)}</id>`,
    `<updated>${w3cDatetime(lastChange(articles))}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
