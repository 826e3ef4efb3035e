import { useState } from 'react';
import { formatPercent, formatUsd } from '../../core/i18n/format.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { FORM_ACTIONS, FORM_FIELDS, MONTHLY_VOLUMES } from '../../core/support/fields.ts';
import { useTranslation } from '../i18n/react.tsx';
import { NavIcon } from '../shell/NavIcon.tsx';
import { SnippetGenerator } from '../widget/SnippetGenerator.tsx';
import { emailField } from './common-fields.ts';
import { parseVolume, partnerEarnings } from './earnings.ts';
import { SupportForm } from './SupportForm.tsx';

// The sections of /for-partners (app/routes/for-partners.tsx); `id` is the page's useId, the prefix
// of the sections' element ids.

const CARD = 'rounded-2xl bg-surface p-5 shadow-sm md:p-6';
const PROGRAMMES = [
  // Icons from the site's sprite: emoji show as boxes where no emoji font is installed.
  { key: 'affiliate', icon: 'handshake' },
  { key: 'api', icon: 'api' },
  { key: 'widget', icon: 'swap' },
  { key: 'whiteLabel', icon: 'partners' },
] as const;

function curlSample(baseUrl: string): string {
  return `# 1. A fixed-rate quote for 0.1 BTC to ETH
curl -s ${baseUrl}/api/v1/quotes \\
  -H 'Content-Type: application/json' \\
  -H 'X-Api-Key: YOUR_API_KEY' \\
  -d '{"from":"btc","to":"eth","amount":"0.1","rateType":"fixed"}'

# 2. The swap, with the quote's quoteId and your user's address
curl -s ${baseUrl}/api/v1/swaps \\
  -H 'Content-Type: application/json' \\
  -H 'X-Api-Key: YOUR_API_KEY' \\
  -H 'Idempotency-Key: 5f0c1d2e-order-1042' \\
  -d '{"from":"btc","to":"eth","amount":"0.1","rateType":"fixed",
       "quoteId":"QUOTE_ID","payoutAddress":"0xYourUsersAddress"}'`;
}

function jsSample(baseUrl: string): string {
  return `const api = (path, body) =>
  fetch(\`${baseUrl}/api/v1\${path}\`, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': process.env.SWAPGATE_API_KEY },
    body: body && JSON.stringify(body),
  }).then((response) => response.json());

const order = { from: 'btc', to: 'eth', amount: '0.1', rateType: 'fixed' };
const quote = await api('/quotes', order);
const swap = await api('/swaps', { ...order, quoteId: quote.quoteId, payoutAddress: userAddress });
console.log(swap.id, swap.depositAddress, swap.status);
// Later: await api(\`/swaps/\${swap.id}\`) for its status`;
}

/** The four programmes: affiliate, API, widget and white label. */
export function PartnerProgrammes() {
  const { t } = useTranslation();
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="partner-programmes">
      {PROGRAMMES.map(({ key, icon }) => (
        <li key={key} className={CARD}>
          <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <NavIcon name={icon} className="size-6" />
          </span>
          <h2 className="mt-2 text-lg font-semibold">{t(`forPartners.${key}Title`)}</h2>
          <p className="mt-1 text-sm text-muted">{t(`forPartners.${key}Text`)}</p>
        </li>
      ))}
    </ul>
  );
}

/** The earnings calculator: a monthly volume and a model give a month's and a year's earnings. */
export function EarningsCalculator({
  id,
  serviceFeeBps,
  lang,
}: {
  id: string;
  serviceFeeBps: number;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const [volumeText, setVolumeText] = useState('100000');
  const [model, setModel] = useState<'affiliate' | 'api'>('affiliate');
  const volume = parseVolume(volumeText);
  const earnings = partnerEarnings(volume, model, serviceFeeBps);
  return (
    <section className={`${CARD} mt-10`} aria-labelledby={`${id}-calc`} data-testid="fee-calculator">
      <h2 id={`${id}-calc`} className="text-xl font-semibold">
        {t('forPartners.calcTitle')}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-volume`} className="text-sm font-medium">
            {t('forPartners.calcVolume')}
          </label>
          <input
            id={`${id}-volume`}
            inputMode="numeric"
            value={volumeText}
            onChange={(event) => setVolumeText(event.target.value)}
            aria-invalid={Number.isNaN(volume) && volumeText !== '' ? true : undefined}
            data-testid="calc-volume"
            className="h-10 rounded-lg border border-slate-300 bg-surface px-3 text-base tabular-nums outline-none focus-visible:outline-2 focus-visible:outline-brand-500 aria-[invalid=true]:border-red-600 md:text-sm"
          />
        </div>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">{t('forPartners.calcModel')}</legend>
          {(['affiliate', 'api'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-model`}
                value={option}
                checked={model === option}
                onChange={() => setModel(option)}
                data-testid={`calc-model-${option}`}
                className="size-4 accent-brand-600"
              />
              {option === 'affiliate' ? t('forPartners.calcAffiliate') : t('forPartners.calcApi')}
            </label>
          ))}
        </fieldset>
      </div>
      {/* One column on a phone: a year's earnings in some languages' formats do not fit half of it. */}
      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-live="polite">
        <div className="rounded-xl bg-brand-50 p-4">
          <dt className="text-sm text-muted">{t('forPartners.calcMonthly')}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="calc-monthly">
            {formatUsd(earnings.monthly, lang)}
          </dd>
        </div>
        <div className="rounded-xl bg-brand-50 p-4">
          <dt className="text-sm text-muted">{t('forPartners.calcYearly')}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="calc-yearly">
            {formatUsd(earnings.yearly, lang)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-muted">
        {t('forPartners.calcNote', { fee: formatPercent(serviceFeeBps / 10_000, lang) })}
      </p>
    </section>
  );
}

/** The API in two samples, cURL and JavaScript, and the link to its documentation. */
export function ApiSamples({ id, baseUrl, apiDocsUrl }: { id: string; baseUrl: string; apiDocsUrl: string }) {
  const { t } = useTranslation();
  const [sample, setSample] = useState<'curl' | 'js'>('curl');
  const code = sample === 'curl' ? curlSample(baseUrl) : jsSample(baseUrl);
  return (
    <section className={`${CARD} mt-10`} aria-labelledby={`${id}-code`}>
      <h2 id={`${id}-code`} className="text-xl font-semibold">
        {t('forPartners.codeTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('forPartners.codeText')}</p>
      <div className="mt-4 flex gap-2" role="tablist">
        {(['curl', 'js'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={sample === option}
            onClick={() => setSample(option)}
            data-testid={`code-tab-${option}`}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium aria-selected:border-brand-600 aria-selected:bg-brand-600 aria-selected:text-white"
          >
            {option === 'curl' ? 'cURL' : 'JavaScript'}
          </button>
        ))}
      </div>
      <pre
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        tabIndex={0}
        className="mt-3 max-w-full overflow-x-auto rounded-xl bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
        data-testid="code-sample"
      >
        <code>{code}</code>
      </pre>
      <a
        href={apiDocsUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-block font-medium text-brand-700 underline underline-offset-2"
      >
        {t('forPartners.docsLink')}
      </a>
    </section>
  );
}

/** The widget's snippet generator. */
export function WidgetSnippet({ id, baseUrl }: { id: string; baseUrl: string }) {
  const { t } = useTranslation();
  return (
    <section id="widget" className={`${CARD} mt-10 scroll-mt-24`} aria-labelledby={`${id}-widget`}>
      <h2 id={`${id}-widget`} className="text-xl font-semibold">
        {t('widget.generator.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('widget.generator.intro')}</p>
      <SnippetGenerator baseUrl={baseUrl} />
    </section>
  );
}

/** The demo request form. */
export function DemoRequest({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <section id="demo" className={`${CARD} mt-10 scroll-mt-24`} aria-labelledby={`${id}-demo`}>
      <h2 id={`${id}-demo`} className="text-xl font-semibold">
        {t('forPartners.demoTitle')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">{t('forPartners.demoIntro')}</p>
      <SupportForm
        id="demo-form"
        path="/apiglobal/partners/demo"
        action={FORM_ACTIONS.partner_demo}
        event="partner_demo_request"
        submitLabel={t('forPartners.demoSubmit')}
        thanksTitle={t('forPartners.thanksTitle')}
        thanksText={t('forPartners.thanksText')}
        rules={FORM_FIELDS.partner_demo}
        fields={[
          { name: 'company', label: t('forPartners.company'), autoComplete: 'organization' },
          emailField(t),
          {
            name: 'monthlyVolume',
            label: t('forPartners.volume'),
            kind: 'select',
            choose: t('forPartners.volumeChoose'),
            options: MONTHLY_VOLUMES.map((value) => ({ value, label: t(`forPartners.volumes.${value}`) })),
          },
          { name: 'message', label: t('forPartners.demoMessage'), kind: 'textarea' },
        ]}
      />
    </section>
  );
}
