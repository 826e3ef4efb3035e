import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import {
  MAX_BRAND_NAME,
  MAX_RADIUS,
  MIN_RADIUS,
  WIDGET_COLORS,
  WIDGET_MODES,
  type WidgetTheme,
} from '../../core/widget/config.ts';
import { type SnippetOptions, widgetSnippets, widgetSrc } from '../../core/widget/snippet.ts';
import { formOf, redirectWithCookies, refused } from '../account/account.server.ts';
import {
  becomePartnerAndReturn,
  newsOf,
  partnerRequest,
  validateWidgetTheme,
} from '../account/partner.server.ts';
import { BecomePartner, PartnerToolLinks, ToolField } from '../account/partner-parts.tsx';
import { AccountForm, AccountPage, Notice } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';

const PAGE = '/account/widget';
const NEWS = ['saved'] as const;
/** The theme form's fields the errors are named by. */
const FIELDS = ['brandName', 'colors', 'radius', 'mode'] as const;

/** The partner's widget: their snippet (their id as `affiliate`), the white-label theme form, a preview. */
export async function loader(args: LoaderFunctionArgs) {
  const { page, partner, services } = await partnerRequest(args);
  const theme = partner ? ((await services.widgetThemes.get(partner.id)) ?? null) : null;
  return {
    ...page,
    partner,
    theme,
    baseUrl: services.config.BASE_URL,
    news: newsOf(args.request, NEWS),
  };
}

export async function action(args: ActionFunctionArgs) {
  const context = await partnerRequest(args);
  const { partner, services, path } = context;
  const form = await formOf(args.request);
  if (form.intent === 'become-partner') return becomePartnerAndReturn(context, PAGE);
  if (!partner) return redirectWithCookies(path(PAGE));
  if (form.intent !== 'save') return refused({ error: 'form' }, 400);
  const values = Object.fromEntries(
    ['brandName', 'radius', 'mode', ...WIDGET_COLORS].map((name) => [name, (form[name] ?? '').trim()]),
  ) as Record<string, string>;
  const stored = await services.widgetThemes.get(partner.id);
  const colors = Object.fromEntries(
    WIDGET_COLORS.filter((name) => values[name]).map((name) => [name, values[name]]),
  );
  const radius = values.radius ? Number(values.radius) : null;
  if (values.radius && !/^\d{1,2}$/.test(values.radius)) {
    return refused({ error: 'radius', values });
  }
  // The operator's settings the form does not show (own host, texts per language) are kept.
  const checked = validateWidgetTheme({
    brandName: values.brandName || null,
    colors,
    radius,
    mode: values.mode && values.mode !== 'default' ? values.mode : null,
    hideLogo: form.hideLogo === 'on',
    texts: stored?.texts ?? {},
    host: stored?.host ?? null,
  });
  if (!checked.ok) {
    const field = FIELDS.find((name) => checked.field.startsWith(name)) ?? 'form';
    return refused({ error: field, values });
  }
  await services.widgetThemes.save(partner.id, checked.theme);
  return redirectWithCookies(`${path(PAGE)}?done=saved`);
}

function snippetOptions(partner: string, lang: SnippetOptions['lang']): SnippetOptions {
  return {
    partner,
    lang,
    from: 'btc',
    to: 'eth',
    amount: '0.1',
    rateType: 'float',
    mode: 'light',
    accent: '',
    radius: '',
    hideLogo: false,
  };
}

/** What the form shows: what was refused, else the stored theme. */
function shown(theme: WidgetTheme | null, values: Record<string, string> | undefined, name: string): string {
  if (values) return values[name] ?? '';
  if (!theme) return '';
  if (name === 'brandName') return theme.brandName ?? '';
  if (name === 'radius') return theme.radius === null ? '' : String(theme.radius);
  return theme.colors[name as keyof WidgetTheme['colors']] ?? '';
}

export default function AccountWidget() {
  const { partner, theme, baseUrl, news } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const lang = useLang();
  const values = result && !result.ok ? result.values : undefined;
  const error = result && !result.ok ? result.error : null;
  const fieldError = (name: string) => (error === name ? t(`account.widget.errors.${name}`) : null);
  const options = partner ? snippetOptions(partner.id, lang) : null;
  const snippets = options ? widgetSnippets(baseUrl, options, t('account.widget.frameTitle')) : null;
  const mode = values?.mode ?? theme?.mode ?? 'default';
  return (
    <AccountPage name="widget">
      <PartnerToolLinks current="widget" />
      {!partner || !options || !snippets ? (
        <BecomePartner />
      ) : (
        <>
          {news && !result ? <Notice tone="info">{t('account.widget.saved')}</Notice> : null}
          {error && !(FIELDS as readonly string[]).includes(error) ? (
            <Notice tone="error">{t('account.widget.errors.form')}</Notice>
          ) : null}
          <p>{t('account.widget.intro', { partner: partner.id })}</p>
          <h2 className="text-xl font-semibold">{t('account.widget.snippetHeading')}</h2>
          <pre className="overflow-x-auto rounded-xl bg-slate-100 p-3 text-xs" data-testid="widget-snippet">
            <code>{snippets.component}</code>
          </pre>
          <p className="text-sm text-muted">{t('account.widget.iframe')}</p>
          <pre className="overflow-x-auto rounded-xl bg-slate-100 p-3 text-xs">
            <code>{snippets.iframe}</code>
          </pre>
          <a
            href={widgetSrc(baseUrl, options)}
            className="link"
            target="_blank"
            rel="noopener"
            data-testid="widget-preview"
          >
            {t('account.widget.preview')}
          </a>

          <h2 className="mt-4 text-xl font-semibold">{t('account.widget.themeHeading')}</h2>
          <p className="text-sm text-muted">{t('account.widget.themeText')}</p>
          <AccountForm submit={t('account.widget.save')} intent="save">
            <ToolField
              name="brandName"
              label={t('account.widget.brandName')}
              required={false}
              maxLength={MAX_BRAND_NAME * 2}
              defaultValue={shown(theme, values, 'brandName')}
              error={fieldError('brandName')}
            />
            {WIDGET_COLORS.map((name) => (
              <ToolField
                key={name}
                name={name}
                label={t(`account.widget.colors.${name}`)}
                description={t('account.widget.colorHint')}
                required={false}
                maxLength={7}
                defaultValue={shown(theme, values, name)}
                error={error === 'colors' ? t('account.widget.errors.colors') : null}
              />
            ))}
            <ToolField
              name="radius"
              label={t('account.widget.radius')}
              description={t('account.widget.radiusHint', { min: MIN_RADIUS, max: MAX_RADIUS })}
              required={false}
              inputMode="numeric"
              maxLength={2}
              defaultValue={shown(theme, values, 'radius')}
              error={fieldError('radius')}
            />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-medium">{t('account.widget.mode')}</legend>
              {['default', ...WIDGET_MODES].map((value) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="radio" name="mode" value={value} defaultChecked={mode === value} />
                  {t(`account.widget.modes.${value}`)}
                </label>
              ))}
            </fieldset>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name="hideLogo"
                defaultChecked={values ? false : (theme?.hideLogo ?? false)}
              />
              {t('account.widget.hideLogo')}
            </label>
          </AccountForm>
        </>
      )}
    </AccountPage>
  );
}
