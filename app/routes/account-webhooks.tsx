import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import { formatDateTime } from '../../core/i18n/format.ts';
import { MAX_WEBHOOK_URL, SIGNATURE_HEADER } from '../../core/partners/rules.ts';
import { VERIFY_SAMPLE } from '../../core/partners/verify-sample.ts';
import { formOf, redirectWithCookies, refused } from '../account/account.server.ts';
import { becomePartnerAndReturn, newsOf, partnerRequest } from '../account/partner.server.ts';
import { BecomePartner, PartnerToolLinks, ShownOnce, ToolField } from '../account/partner-parts.tsx';
import { AccountForm, AccountPage, Notice } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';

const PAGE = '/account/webhooks';
const NEWS = ['saved', 'testQueued', 'removed'] as const;
/** Test events a partner may send per minute. */
const TESTS_PER_MINUTE = 10;

/** The partner's webhook: its URL, signing secret (shown once), test event and delivery log. */
export async function loader(args: LoaderFunctionArgs) {
  const { page, partner, services } = await partnerRequest(args);
  const webhooks = services.webhooks;
  return {
    ...page,
    partner,
    production: webhooks.policy.production,
    webhook: partner ? await webhooks.webhook(partner.id) : null,
    deliveries: partner ? await webhooks.deliveries(partner.id) : [],
    news: newsOf(args.request, NEWS),
  };
}

export async function action(args: ActionFunctionArgs) {
  const context = await partnerRequest(args);
  const { partner, services, path } = context;
  const { intent = '', url } = await formOf(args.request);
  if (intent === 'become-partner') return becomePartnerAndReturn(context, PAGE);
  if (!partner) return redirectWithCookies(path(PAGE));
  const webhooks = services.webhooks;
  switch (intent) {
    case 'save': {
      const saved = await webhooks.register(partner.id, url);
      if (!saved.ok) return refused({ error: saved.code, values: { url: url ?? '' } });
      // The first registration's secret is shown in this answer only.
      if (saved.secret) return { ok: true as const, secret: saved.secret };
      return redirectWithCookies(`${path(PAGE)}?done=saved`);
    }
    case 'rotate': {
      const secret = await webhooks.rotateSecret(partner.id);
      if (!secret) return refused({ error: 'noWebhook' }, 409);
      return { ok: true as const, secret };
    }
    case 'test': {
      // Each test event is a request to the partner's server: a few a minute.
      const verdict = await services.rateLimiter.hit(`webhook-test:${partner.id}`, TESTS_PER_MINUTE, 60_000);
      if (!verdict.allowed) return refused({ error: 'rateLimited' }, 429);
      if (!(await webhooks.sendTest(partner.id))) return refused({ error: 'noWebhook' }, 409);
      return redirectWithCookies(`${path(PAGE)}?done=testQueued`);
    }
    case 'remove':
      await webhooks.remove(partner.id);
      return redirectWithCookies(`${path(PAGE)}?done=removed`);
    default:
      return refused({ error: 'form' }, 400);
  }
}

export default function AccountWebhooks() {
  const { partner, webhook, deliveries, news, production } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const lang = useLang();
  const failed = result && !result.ok ? result : null;
  return (
    <AccountPage name="webhooks">
      <PartnerToolLinks current="webhooks" />
      {!partner ? (
        <BecomePartner />
      ) : (
        <>
          {news && !result ? <Notice tone="info">{t(`account.webhooks.${news}`)}</Notice> : null}
          {failed ? <Notice tone="error">{t(`account.webhooks.errors.${failed.error}`)}</Notice> : null}
          {result?.ok ? (
            <ShownOnce label={t('account.webhooks.secret')} value={result.secret} testId="webhook-secret" />
          ) : null}
          <p>{t('account.webhooks.intro')}</p>
          <p className="text-sm text-muted">
            {t(production ? 'account.webhooks.rulesProduction' : 'account.webhooks.rulesSandbox')}
          </p>
          <AccountForm submit={t('account.webhooks.save')} intent="save">
            <ToolField
              name="url"
              type="url"
              label={t('account.webhooks.url')}
              maxLength={MAX_WEBHOOK_URL}
              defaultValue={failed?.values?.url ?? webhook?.url ?? ''}
            />
          </AccountForm>
          {webhook ? (
            <>
              <AccountForm submit={t('account.webhooks.test')} intent="test" color="secondary" />
              <AccountForm submit={t('account.webhooks.rotate')} intent="rotate" color="secondary">
                <p className="text-sm text-muted">{t('account.webhooks.rotateText')}</p>
              </AccountForm>
              <AccountForm submit={t('account.webhooks.remove')} intent="remove" color="secondary" />
            </>
          ) : null}

          <h2 className="mt-4 text-xl font-semibold">{t('account.webhooks.verifyHeading')}</h2>
          <p>{t('account.webhooks.verifyText', { header: SIGNATURE_HEADER })}</p>
          <pre className="overflow-x-auto rounded-xl bg-slate-100 p-3 text-xs">
            <code>{VERIFY_SAMPLE}</code>
          </pre>

          <h2 className="mt-4 text-xl font-semibold">{t('account.webhooks.logHeading')}</h2>
          {deliveries.length === 0 ? (
            <p className="text-muted">{t('account.webhooks.noDeliveries')}</p>
          ) : null}
          {deliveries.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="webhook-deliveries">
                <thead>
                  <tr>
                    <th className="py-1 pr-3">{t('account.webhooks.event')}</th>
                    <th className="py-1 pr-3">{t('account.webhooks.status')}</th>
                    <th className="py-1 pr-3">{t('account.webhooks.code')}</th>
                    <th className="py-1 pr-3">{t('account.webhooks.attempts')}</th>
                    <th className="py-1">{t('account.webhooks.time')}</th>
                  </tr>
                </thead>
                <tbody>
                  {deliveries.map((delivery) => (
                    <tr
                      key={delivery.id}
                      className="border-t border-slate-200"
                      data-testid="webhook-delivery"
                      data-event={delivery.event}
                      data-status={delivery.status}
                    >
                      <td className="py-1 pr-3">
                        {t(`account.webhooks.events.${delivery.event === 'test' ? 'test' : 'swap'}`)}
                        {delivery.swapId ? (
                          <code className="block font-mono text-xs text-muted">{delivery.swapId}</code>
                        ) : null}
                      </td>
                      <td className="py-1 pr-3">{t(`account.webhooks.statuses.${delivery.status}`)}</td>
                      <td className="py-1 pr-3" data-testid="delivery-code">
                        {delivery.statusCode ?? '–'}
                      </td>
                      <td className="py-1 pr-3">{delivery.attempts}</td>
                      <td className="py-1">
                        {formatDateTime(delivery.deliveredAt ?? delivery.createdAt, lang)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </AccountPage>
  );
}
