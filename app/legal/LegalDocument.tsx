import type { LegalDocument } from '../../core/company/legal.ts';
import { formatDay } from '../../core/i18n/format.ts';
import { usePageUrl } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';

function Contents({ document }: { document: LegalDocument }) {
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {document.toc.map((entry) => (
        <li key={entry.id} className={entry.depth === 3 ? 'pl-4' : ''}>
          <a href={`#${entry.id}`} className="text-muted hover:text-brand-700">
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** A legal text: heading, date of the last change, table of contents and the rendered Markdown. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  const lang = useLang();
  const path = `/${document.page}`;
  const url = usePageUrl(path);
  return (
    <article data-page={document.page} data-testid="legal-page">
      <PageHead title={`${document.title} | ${t('site.name')}`} description={document.description} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: document.title,
          description: document.description,
          url,
          inLanguage: document.lang,
          dateModified: document.updated,
          publisher: { '@type': 'Organization', name: t('site.name') },
        }}
      />
      <Breadcrumbs trail={[{ name: document.title, path }]} />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl md:text-4xl">{document.title}</h1>
      <p className="mt-3 text-sm text-muted" data-testid="legal-updated">
        {t('legal.updated', { date: formatDay(document.updated, lang) })}
      </p>
      {document.lang !== lang ? (
        <p className="mt-3 rounded-xl bg-brand-50 p-3 text-sm" data-testid="legal-fallback">
          {t('legal.englishOnly')}
        </p>
      ) : null}
      <div className="mt-8 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12">
        <div className="min-w-0">
          <details
            className="mb-8 rounded-xl border border-slate-200 bg-surface p-4 lg:hidden"
            data-testid="toc-mobile"
          >
            <summary className="cursor-pointer font-semibold">{t('legal.toc')}</summary>
            <nav aria-label={t('legal.toc')} className="mt-3">
              <Contents document={document} />
            </nav>
          </details>
          <div
            className="article-body"
            data-testid="legal-body"
            lang={document.lang}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when the Markdown was rendered (core/blog/markdown.ts)
            dangerouslySetInnerHTML={{ __html: document.html }}
          />
        </div>
        <aside className="hidden lg:block">
          <nav aria-label={t('legal.toc')} data-testid="toc" className="sticky top-24">
            <p className="mb-3 text-xs font-semibold uppercase text-muted">{t('legal.toc')}</p>
            <Contents document={document} />
          </nav>
        </aside>
      </div>
    </article>
  );
}
