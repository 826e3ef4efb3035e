export type {
  Article,
  ArticleSummary,
  Author,
  SearchHit,
  SnippetPart,
  Tag,
} from '../../core/blog/blog.ts';

/** Where a blog list is: page `page` of `pages`; `firstPage` is the list's own address. */
export interface BlogPagination {
  page: number;
  pages: number;
  total: number;
  firstPage: string;
}

/** The key of the article body a document's loader data goes without (app/routing/withheld.server.ts). */
export const ARTICLE_BODY = 'blog-article-body';
