import { useState } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { FAQ_GROUPS, matchesSearch, searchTerms } from '../../core/company/faq.ts';
import { loadLinks } from '../company/company.server.ts';
import '../company/english.ts';
import { PageIntro, useLocalPath } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadLinks(args);
}

/** /faq: the questions by topic, filtered as the visitor types; FAQPage JSON-LD of all of them. */
export default function Faq() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const [query, setQuery] = useState('');
  const terms = searchTerms(query);
  const groups = FAQ_GROUPS.map((group) => ({
    id: group.id,
    items: group.items
      .map((id) => ({ id, question: t(`faq.items.${id}.question`), answer: t(`faq.items.${id}.answer`) }))
      .filter((item) => matchesSearch(terms, item.question, item.answer)),
  })).filter((group) => group.items.length > 0);
  const all = FAQ_GROUPS.flatMap((group) => group.items);
  return (
    <article data-page="faq">
      <PageIntro
        page="faq"
        path="/faq"
        heading={t('faq.heading')}
        intro={<p>{t('faq.intro')}</p>}
        type="FAQPage"
        extra={{
          mainEntity: all.map((id) => ({
            '@type': 'Question',
            name: t(`faq.items.${id}.question`),
            acceptedAnswer: { '@type': 'Answer', text: t(`faq.items.${id}.answer`) },
          })),
        }}
      />
      <div className="mt-8 max-w-xl">
        <label htmlFor="faq-search" className="mb-2 block text-sm font-medium">
          {t('faq.searchLabel')}
        </label>
        <input
          id="faq-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('faq.searchPlaceholder')}
          autoComplete="off"
          className="w-full rounded-xl border border-slate-300 bg-surface px-4 py-3 outline-none focus:border-brand-500"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {terms.length > 0
          ? t('faq.results', { count: groups.reduce((n, group) => n + group.items.length, 0) })
          : ''}
      </p>
      {groups.length === 0 ? (
        <p className="mt-10 text-lg text-muted" data-testid="faq-empty">
          {t('faq.nothingFound')}
        </p>
      ) : null}
      {groups.map((group) => (
        <section key={group.id} className="mt-10" data-faq-group={group.id}>
          <h2 className="text-2xl font-bold tracking-tight">{t(`faq.groups.${group.id}`)}</h2>
          <div className="mt-4 flex flex-col gap-3">
            {group.items.map((item) => (
              <details
                key={item.id}
                className="group rounded-2xl border border-slate-200 bg-surface p-5"
                data-faq-item={item.id}
                open={terms.length > 0}
              >
                <summary className="cursor-pointer list-none text-lg font-semibold marker:content-none">
                  <span className="flex items-start justify-between gap-4">
                    {item.question}
                    <span
                      aria-hidden="true"
                      className="text-brand-700 transition-transform group-open:rotate-45"
                    >
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 whitespace-pre-line text-muted">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <div className="mt-12 rounded-2xl bg-brand-50 p-6">
        <h2 className="text-xl font-bold">{t('faq.moreTitle')}</h2>
        <p className="mt-2 text-muted">{t('faq.moreText')}</p>
        <Link to={local('/contact')} className="text-link mt-3 inline-block">
          {t('faq.contact')}
        </Link>
      </div>
    </article>
  );
}
