import type { ReactNode } from 'react';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs, type Crumb } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import { useBaseUrl, useOrganization } from './organization.ts';

export { useBaseUrl, useOrganization };

/** A page's address in the current language, absolute. */
export function usePageUrl(path: string): string {
  const lang = useLang();
  return `${useBaseUrl()}${localizePath(lang, path)}`;
}

/**
 * The head of a company or support page: title and description (`pages.{page}`), breadcrumbs,
 * heading, introduction and the page's JSON-LD, typed `type` (`WebPage`, `AboutPage`, …).
 */
export function PageIntro({
  page,
  path,
  heading,
  intro,
  type = 'WebPage',
  extra = {},
  noindex = false,
  trail = [],
  title: givenTitle,
  description: givenDescription,
}: {
  page: string;
  /** The page's title and description when their texts take values; else `pages.{page}.*`. */
  title?: string;
  description?: string;
  path: string;
  heading: string;
  intro: ReactNode;
  type?: string;
  extra?: Record<string, unknown>;
  noindex?: boolean;
  trail?: readonly Crumb[];
}) {
  const { t } = useTranslation();
  const url = usePageUrl(path);
  const lang = useLang();
  const title = givenTitle ?? t(`pages.${page}.title`);
  const description = givenDescription ?? t(`pages.${page}.description`);
  return (
    <>
      <PageHead title={`${title} | ${t('site.name')}`} description={description} noindex={noindex} />
      {noindex ? null : (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': type,
            name: title,
            description,
            url,
            inLanguage: lang,
            ...extra,
          }}
        />
      )}
      <Breadcrumbs trail={[...trail, { name: title, path }]} />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl md:text-4xl">{heading}</h1>
      <div className="mt-4 max-w-3xl text-lg text-muted">{intro}</div>
    </>
  );
}

/** A titled block of a page. */
export function Section({
  title,
  children,
  id,
  className = '',
}: {
  title: string;
  children: ReactNode;
  id?: string;
  className?: string;
}) {
  return (
    <section className={`mt-12 ${className}`} aria-labelledby={id ? `${id}-title` : undefined} id={id}>
      <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A card of the design's surface look. */
export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl border border-slate-200 bg-surface p-6 ${className}`}>{children}</div>;
}

/** Localises unprefixed site paths for the current language. */
export function useLocalPath(): (path: string) => string {
  const lang = useLang();
  return (path) => localizePath(lang, path);
}

/** A spread in basis points as a percentage ("0.30%"), per locale. */
export function formatSpread(bps: number, lang: string): string {
  return new Intl.NumberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(bps / 10_000);
}
