import { useRouteLoaderData } from 'react-router';
import { LANGUAGES } from '../../core/i18n/languages.ts';
import { localizePath, splitLanguage } from '../../core/routing/paths.ts';
import { HREFLANG_REGIONS } from '../i18n/regions.ts';

interface RootData {
  baseUrl: string;
}

/** The alternate links of a page: the 14 languages, their regional variants and x-default. */
export function alternateLinks(baseUrl: string, pathname: string): { hrefLang: string; href: string }[] {
  const { path } = splitLanguage(pathname);
  const links = LANGUAGES.flatMap((lang) => {
    const href = `${baseUrl}${localizePath(lang, path)}`;
    const regions = HREFLANG_REGIONS[lang] ?? [];
    return [{ hrefLang: lang, href }, ...regions.map((region) => ({ hrefLang: `${lang}-${region}`, href }))];
  });
  links.push({ hrefLang: 'x-default', href: `${baseUrl}${path}` });
  return links;
}

/**
 * Title, description, canonical and alternates of a page. React hoists these into <head>, so each
 * page declares its own and client navigations keep them current.
 */
export function PageHead({
  title,
  description,
  pathname,
}: {
  title: string;
  description: string;
  pathname: string;
}) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const baseUrl = root?.baseUrl ?? '';
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={`${baseUrl}${pathname}`} />
      <link rel="canonical" href={`${baseUrl}${pathname}`} />
      {alternateLinks(baseUrl, pathname).map((link) => (
        <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />
      ))}
    </>
  );
}
