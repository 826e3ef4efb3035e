/** The regional hreflang variants live in core, shared with the server's sitemaps. */
export { HREFLANG_REGIONS } from '../../core/routing/alternates.ts';
