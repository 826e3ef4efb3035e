import { useId } from 'react';
import { Link } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { HOME_FACTS } from './facts.ts';

/**
 * The home page's key figures (SPEC §1 marketing statements): a description list of figure + label
 * terms, each with a one-sentence explanation and, where a page covers it, a link to that page.
 * Server-rendered markup only: no state, no effects.
 */
export function HomeFacts() {
  const lang = useLang();
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-12 md:mt-16" data-home-facts="">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight md:text-3xl">
        {t('home.facts.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-muted">{t('home.facts.lead')}</p>
      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {HOME_FACTS.map(({ id, href }) => (
          <div key={id} data-fact={id} className="card flex min-w-0 flex-col">
            <dt>
              <span className="fact-figure">{t(`home.facts.${id}.figure`)}</span>
              <span className="mt-1 block font-semibold">{t(`home.facts.${id}.label`)}</span>
            </dt>
            <dd className="fact-body">
              <p className="flex-1">{t(`home.facts.${id}.text`)}</p>
              {href ? (
                <Link to={localizePath(lang, href)} className="text-link mt-3 inline-block self-start">
                  {t(`home.facts.${id}.link`)}
                </Link>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
