import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { FOUNDED_YEAR } from '../../core/company/founded.ts';
import { formatCount } from '../../core/i18n/format.ts';
import { loadAboutUs } from '../company/company.server.ts';
import '../company/english.ts';
import { Card, PageIntro, Section, useLocalPath, useOrganization } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadAboutUs(args);
}

const STORY = ['2021', '2022', '2023', '2024', 'today'] as const;
const VALUES = ['noAccount', 'bestRate', 'transparency', 'support'] as const;

/** /about-us: the story since 2021, the figures of the catalogue and what the service stands for. */
export default function AboutUs() {
  const { figures } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const organization = useOrganization();
  const local = useLocalPath();
  // Counted from the catalogue, and the countries and currencies as the home page states them.
  const items = [
    ...[
      { key: 'coins', value: figures.coins },
      { key: 'networks', value: figures.networks },
      { key: 'pairs', value: figures.pairs },
    ]
      .filter((item) => item.value > 0)
      .map((item) => ({ key: item.key, text: formatCount(item.value, lang) })),
    { key: 'countries', text: t('home.facts.countries.figure') },
    { key: 'fiatCurrencies', text: t('home.facts.fiat.figure') },
  ];
  return (
    <article data-page="about-us">
      <PageIntro
        page="about-us"
        path="/about-us"
        heading={t('about.heading')}
        intro={<p>{t('about.intro')}</p>}
        type="AboutPage"
        extra={{ mainEntity: organization }}
      />
      <Section title={t('about.figuresTitle')} id="figures">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-testid="about-figures">
          <div className="rounded-2xl bg-brand-50 p-5">
            <dt className="text-sm text-muted">{t('about.figures.founded')}</dt>
            <dd className="mt-1 text-3xl font-bold">{FOUNDED_YEAR}</dd>
          </div>
          {items.map((item) => (
            <div key={item.key} className="rounded-2xl bg-brand-50 p-5" data-figure={item.key}>
              <dt className="text-sm text-muted">{t(`about.figures.${item.key}`)}</dt>
              <dd className="mt-1 text-3xl font-bold">{item.text}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title={t('about.storyTitle')} id="story">
        <ol className="relative flex flex-col gap-6 border-l-2 border-brand-500 pl-6">
          {STORY.map((step) => (
            <li key={step} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[33px] top-1.5 size-4 rounded-full border-2 border-brand-500 bg-surface"
              />
              <h3 className="text-lg font-semibold">{t(`about.story.${step}.title`)}</h3>
              <p className="mt-1 max-w-3xl text-muted">{t(`about.story.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={t('about.valuesTitle')} id="values">
        <div className="grid gap-4 md:grid-cols-2">
          {VALUES.map((value) => (
            <Card key={value}>
              <h3 className="text-lg font-semibold">{t(`about.values.${value}.title`)}</h3>
              <p className="mt-2 text-muted">{t(`about.values.${value}.text`)}</p>
            </Card>
          ))}
        </div>
      </Section>
      <div className="mt-12 flex flex-wrap gap-3">
        <Button to={local('/swap')}>{t('about.ctaSwap')}</Button>
        <Button to={local('/partners')} color="secondary">
          {t('about.ctaPartners')}
        </Button>
      </div>
    </article>
  );
}
