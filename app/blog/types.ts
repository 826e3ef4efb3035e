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
