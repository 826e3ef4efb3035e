import { useRouteLoaderData } from 'react-router';
import { alternateLinks, openGraphLocales } from '../../core/routing/alternates.ts';
import { isBlogPath } from '../../core/routing/paths.ts';
import { useLang, usePageLocation } from '../routing/page-location.ts';

interface RootData {
  baseUrl: string;
}

/** The card social networks show for a page without an image of its own. */
export const SOCIAL_CARD = '/social-card.png';

/**
 * Title, description, canonical, alternates and the Open Graph card of a page. React hoists these
 * into <head>, so each page declares its own and client navigations keep them current.
 *
 * Blog pages are English under every prefix (SPEC §2): their canonical is the unprefixed address
 * and they have no language alternates.
 */
export function PageHead({
  title,
  description,
  noindex = false,
  type = 'website',
  image = SOCIAL_CARD,
}: {
  title: string;
  description: string;
  /** Keeps the page out of search results (a list filtered by a search), its links still followed. */
  noindex?: boolean;
  /** `article` on blog articles (their `article:*` tags come with the page). */
  type?: 'website' | 'article';
  /** Same-site path of the page's card image. */
  image?: string;
}) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const baseUrl = root?.baseUrl ?? '';
  const { path, pathname } = usePageLocation();
  const blog = isBlogPath(path);
  const canonical = `${baseUrl}${blog ? path : pathname}`;
  // The blog is English under every prefix: no other language to name as an alternate.
  const locales = openGraphLocales(useLang(), !blog);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={`${baseUrl}${image}`} />
      <meta property="og:locale" content={locales.locale} />
      {locales.alternates.map((locale) => (
        <meta key={locale} property="og:locale:alternate" content={locale} />
      ))}
      <link rel="canonical" href={canonical} />
      {blog ? (
        <>
          <link rel="alternate" type="application/rss+xml" title="RSS" href={`${baseUrl}/blog/rss.xml`} />
          <link rel="alternate" type="application/atom+xml" title="Atom" href={`${baseUrl}/blog/atom.xml`} />
        </>
      ) : (
        alternateLinks(baseUrl, pathname).map((link) => (
          <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />
        ))
      )}
    </>
  );
}
