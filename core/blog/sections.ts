/** Words after /blog/ that name a section, never an article. */
export const BLOG_SECTIONS: ReadonlySet<string> = new Set(['page', 'authors', 'search', 'tag']);
