import { Hono } from 'hono';
import type { BlogService } from '../core/blog/blog.ts';
import { type FeedOptions, renderAtom, renderRss } from '../core/blog/feeds.ts';
import type { Config } from '../core/config.ts';
import type { Dictionary } from '../core/i18n/dictionaries.ts';
import { translate } from '../core/i18n/translate.ts';

/** Articles in each feed: the newest. */
export const FEED_SIZE = 20;
const CACHE_CONTROL = 'public, max-age=600';

/** `/blog/rss.xml` (RSS 2.0) and `/blog/atom.xml` (Atom 1.0): the newest articles in full. */
export function createBlogFeedRoutes(services: {
  config: Pick<Config, 'BASE_URL'>;
  blog: Pick<BlogService, 'feed'>;
  dictionaries: ReadonlyMap<string, Dictionary>;
}): Hono {
  const app = new Hono();
  const options = (): FeedOptions => ({
    baseUrl: services.config.BASE_URL,
    title: translate(services.dictionaries, 'en', 'blog.feed.title'),
    description: translate(services.dictionaries, 'en', 'blog.feed.description'),
  });
  app.get('/blog/rss.xml', async (c) => {
    c.header('Content-Type', 'application/rss+xml; charset=utf-8');
    c.header('Cache-Control', CACHE_CONTROL);
    return c.body(renderRss(await services.blog.feed(FEED_SIZE), options()));
  });
  app.get('/blog/atom.xml', async (c) => {
    c.header('Content-Type', 'application/atom+xml; charset=utf-8');
    c.header('Cache-Control', CACHE_CONTROL);
    return c.body(renderAtom(await services.blog.feed(FEED_SIZE), options()));
  });
  return app;
}
