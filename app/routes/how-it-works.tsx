import { type KeyboardEvent, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { loadLinks } from '../company/company.server.ts';
import '../company/english.ts';
import { Illustration, type IllustrationName } from '../company/Illustrations.tsx';
import { PageIntro, useLocalPath } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { Button } from '../ui/Button.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadLinks(args);
}

const TABS = {
  personal: ['pair', 'address', 'deposit', 'receive'],
  business: ['choose', 'key', 'integrate', 'earn'],
} as const satisfies Record<string, readonly IllustrationName[]>;
type Tab = keyof typeof TABS;

/** /how-it-works: the steps of a swap for a person, and of a partnership for a business (SPEC §2). */
export default function HowItWorks() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const [tab, setTab] = useState<Tab>('personal');
  const ids = Object.keys(TABS) as Tab[];
  // The tab list's keys (WAI-ARIA tabs): arrows move to the other tab and focus it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next =
      ids[(ids.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : ids.length - 1)) % ids.length] ?? tab;
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  const howTo = {
    '@type': 'HowTo',
    name: t('howItWorks.personal.title'),
    totalTime: 'PT40M',
    step: TABS.personal.map((step, i) => ({
      '@type': 'HowToStep',
      position: i + 1,
      name: t(`howItWorks.personal.steps.${step}.title`),
      text: t(`howItWorks.personal.steps.${step}.text`),
    })),
  };
  return (
    <article data-page="how-it-works">
      <PageIntro
        page="how-it-works"
        path="/how-it-works"
        heading={t('howItWorks.heading')}
        intro={<p>{t('howItWorks.intro')}</p>}
        extra={{ mainEntity: howTo }}
      />
      <div
        role="tablist"
        aria-label={t('howItWorks.tabsLabel')}
        onKeyDown={onKeyDown}
        className="mt-8 inline-flex rounded-full bg-slate-100 p-1"
      >
        {(Object.keys(TABS) as Tab[]).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            className={`rounded-full px-5 py-2 text-sm font-semibold ${tab === id ? 'bg-surface text-ink shadow' : 'text-muted hover:text-ink'}`}
          >
            {t(`howItWorks.tabs.${id}`)}
          </button>
        ))}
      </div>
      {(Object.keys(TABS) as Tab[]).map((id) => (
        <section
          key={id}
          role="tabpanel"
          id={`panel-${id}`}
          aria-labelledby={`tab-${id}`}
          hidden={tab !== id}
          className="mt-8"
          data-testid={`how-${id}`}
        >
          <h2 className="text-2xl font-bold tracking-tight">{t(`howItWorks.${id}.title`)}</h2>
          <p className="mt-2 max-w-3xl text-muted">{t(`howItWorks.${id}.intro`)}</p>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {TABS[id].map((step, i) => (
              <li key={step} className="flex flex-col rounded-2xl border border-slate-200 bg-surface p-5">
                <Illustration name={step} />
                <p className="mt-4 text-sm font-semibold text-brand-700">
                  {t('howItWorks.step', { n: i + 1 })}
                </p>
                <h3 className="mt-1 text-lg font-semibold">{t(`howItWorks.${id}.steps.${step}.title`)}</h3>
                <p className="mt-2 text-sm text-muted">{t(`howItWorks.${id}.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
          <div className="mt-8">
            <Button to={local(id === 'personal' ? '/swap' : '/for-partners')}>
              {t(`howItWorks.${id}.cta`)}
            </Button>
          </div>
        </section>
      ))}
    </article>
  );
}
