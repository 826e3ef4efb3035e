import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useLoaderData,
  useRouteLoaderData,
} from 'react-router';
import { LANGUAGES } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { FORM_ACTIONS, FORM_FIELDS } from '../../core/support/fields.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import type { RootData } from '../root.tsx';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import '../support/english.ts';
import { senderFields } from '../support/common-fields.ts';
import { supportFormAction } from '../support/form-action.server.ts';
import { SupportForm } from '../support/SupportForm.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';

export function loader(args: LoaderFunctionArgs): PageData & { supportEmail: string } {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  return { ...page, supportEmail: services.config.OPERATOR_EMAIL };
}

/** The plain post of the contact and add-coin forms (app/support/form-action.server.ts). */
export function action(args: ActionFunctionArgs) {
  return supportFormAction(args, ['contact-form', 'add-coin-form']);
}

const CARD = 'rounded-2xl bg-surface p-5 shadow-sm md:p-6';
const LINK =
  'mt-2 inline-block font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-500 rounded-sm';

/** /contact: the contact form, the ways to get help, and the add-coin form. */
export default function Contact() {
  const { lang, supportEmail } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { t } = useTranslation();
  const title = t('pages.contact.title');
  const telegram = root?.links.telegramBot;
  const baseUrl = root?.baseUrl ?? '';
  return (
    <article data-page="contact">
      <PageHead title={`${title} | ${t('site.name')}`} description={t('pages.contact.description')} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'ContactPage',
          name: title,
          url: `${baseUrl}${localizePath(lang, '/contact')}`,
          mainEntity: {
            '@type': 'Organization',
            name: t('site.name'),
            url: baseUrl || undefined,
            contactPoint: {
              '@type': 'ContactPoint',
              contactType: 'customer support',
              email: supportEmail,
              availableLanguage: [...LANGUAGES],
              hoursAvailable: {
                '@type': 'OpeningHoursSpecification',
                dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
                opens: '00:00',
                closes: '23:59',
              },
            },
          },
        }}
      />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-2 text-xl font-semibold">{t('contact.heading')}</p>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t('contact.intro')}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className={CARD} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-xl font-semibold">
            {t('contact.formTitle')}
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted">{t('contact.swapHint')}</p>
          <SupportForm
            id="contact-form"
            path="/apiglobal/contact/message"
            action={FORM_ACTIONS.contact}
            event="contact_form_submit"
            submitLabel={t('forms.send')}
            thanksTitle={t('forms.thanksTitle')}
            thanksText={t('forms.thanksText')}
            rules={FORM_FIELDS.contact}
            fields={[...senderFields(t), { name: 'message', label: t('forms.message'), kind: 'textarea' }]}
          />
        </section>

        <aside className="flex flex-col gap-4" aria-labelledby="contact-support-title">
          <h2 id="contact-support-title" className="text-xl font-semibold">
            {t('contact.supportTitle')}
          </h2>
          <div className={CARD}>
            <h3 className="font-semibold">{t('contact.emailTitle')}</h3>
            <a href={`mailto:${supportEmail}`} className={LINK} data-testid="contact-email">
              {supportEmail}
            </a>
            <p className="mt-2 text-sm text-muted">{t('contact.hours')}</p>
          </div>
          <div className={CARD}>
            <h3 className="font-semibold">{t('contact.statusTitle')}</h3>
            <p className="mt-1 text-sm text-muted">{t('contact.statusText')}</p>
            <a href={localizePath(lang, '/transaction-status')} className={LINK}>
              {t('contact.statusLink')}
            </a>
          </div>
          <div className={CARD}>
            <h3 className="font-semibold">{t('contact.faqTitle')}</h3>
            <p className="mt-1 text-sm text-muted">{t('contact.faqText')}</p>
            <a href={localizePath(lang, '/faq')} className={LINK}>
              {t('contact.faqLink')}
            </a>
          </div>
          {telegram && (
            <div className={CARD}>
              <h3 className="font-semibold">{t('contact.telegramTitle')}</h3>
              <p className="mt-1 text-sm text-muted">{t('contact.telegramText')}</p>
              <a href={telegram} target="_blank" rel="noopener noreferrer" className={LINK}>
                {t('contact.telegramLink')}
              </a>
            </div>
          )}
        </aside>
      </div>

      <section id="add-coin" className={`${CARD} mt-10 scroll-mt-24`} aria-labelledby="add-coin-title">
        <p className="text-sm font-semibold text-brand-700">{t('contact.addCoinTitle')}</p>
        <h2 id="add-coin-title" className="mt-1 text-xl font-semibold">
          {t('addCoin.title')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">
          {t('contact.addCoinText')} {t('addCoin.intro')}
        </p>
        <SupportForm
          id="add-coin-form"
          path="/apiglobal/coins/request"
          action={FORM_ACTIONS.add_coin}
          event="add_coin_request"
          submitLabel={t('addCoin.submit')}
          thanksTitle={t('addCoin.thanksTitle')}
          thanksText={t('addCoin.thanksText')}
          rules={FORM_FIELDS.add_coin}
          fields={[
            ...senderFields(t),
            { name: 'coinName', label: t('addCoin.coinName') },
            { name: 'ticker', label: t('addCoin.ticker'), placeholder: 'BTC' },
            { name: 'network', label: t('addCoin.network'), placeholder: t('addCoin.networkPlaceholder') },
            { name: 'contractAddress', label: t('addCoin.contractAddress') },
            { name: 'website', label: t('addCoin.website'), placeholder: 'https://' },
            { name: 'message', label: t('addCoin.message'), kind: 'textarea' },
          ]}
        />
      </section>
    </article>
  );
}
