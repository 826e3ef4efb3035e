import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { FOUNDED_YEAR } from '../../core/company/founded.ts';
import { loadLinks } from '../company/company.server.ts';
import '../company/english.ts';
import { Card, PageIntro, Section, useLocalPath, useOrganization } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { ExternalLink } from '../shell/ExternalLink.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadLinks(args);
}

const LOGOS = [
  { id: 'logo', file: '/press/swapgate-logo.svg' },
  { id: 'mark', file: '/press/swapgate-mark.svg' },
] as const;

/** /press: the press kit — name, logos to download, the boilerplate, facts and the press contact. */
export default function Press() {
  const { links } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const local = useLocalPath();
  const organization = useOrganization();
  return (
    <article data-page="press">
      <PageIntro
        page="press"
        path="/press"
        heading={t('press.heading')}
        intro={<p>{t('press.intro')}</p>}
        extra={{ about: organization }}
      />
      <Section title={t('press.nameTitle')} id="name">
        <p className="max-w-3xl text-muted">{t('press.nameText', { name: t('site.name') })}</p>
      </Section>
      <Section title={t('press.logosTitle')} id="logos">
        <div className="grid gap-4 sm:grid-cols-2">
          {LOGOS.map((logo) => (
            <Card key={logo.id} className="flex flex-col items-start gap-4">
              <img src={logo.file} alt={t(`press.logos.${logo.id}`)} className="h-16 w-auto" />
              <p className="text-sm text-muted">{t(`press.logos.${logo.id}`)}</p>
              <a
                href={logo.file}
                download
                className="text-link font-medium"
                data-testid={`download-${logo.id}`}
              >
                {t('press.download')}
              </a>
            </Card>
          ))}
        </div>
        <p className="mt-4 text-sm text-muted">{t('press.logoRules')}</p>
      </Section>
      <Section title={t('press.boilerplateTitle')} id="boilerplate">
        <blockquote className="max-w-3xl border-l-4 border-brand-500 pl-4 text-lg" data-testid="boilerplate">
          {t('press.boilerplate', { year: FOUNDED_YEAR })}
        </blockquote>
      </Section>
      <Section title={t('press.factsTitle')} id="facts">
        <ul className="flex max-w-3xl list-disc flex-col gap-2 pl-5 text-muted">
          <li>{t('press.facts.founded', { year: FOUNDED_YEAR })}</li>
          <li>{t('press.facts.languages')}</li>
          <li>{t('press.facts.duration')}</li>
          <li>{t('press.facts.reach')}</li>
        </ul>
      </Section>
      <Section title={t('press.contactTitle')} id="contact">
        <p className="max-w-3xl text-muted">{t('press.contactText')}</p>
        <div className="mt-4 flex flex-wrap gap-4">
          <a href={local('/contact')} className="text-link font-medium">
            {t('press.contactLink')}
          </a>
          <ExternalLink href={links.pressKit} className="text-link font-medium">
            {t('press.kitLink')}
          </ExternalLink>
        </div>
      </Section>
    </article>
  );
}
