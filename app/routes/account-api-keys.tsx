import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import { formatCount, formatDateTime } from '../../core/i18n/format.ts';
import { MAX_ACTIVE_KEYS, MAX_KEY_NAME } from '../../core/partners/rules.ts';
import { formOf, redirectWithCookies, refused } from '../account/account.server.ts';
import {
  becomePartnerAndReturn,
  createPartnerKey,
  listApiKeys,
  newsOf,
  partnerRequest,
  renamePartnerKey,
  revokePartnerKey,
} from '../account/partner.server.ts';
import { BecomePartner, Hidden, PartnerToolLinks, ShownOnce, ToolField } from '../account/partner-parts.tsx';
import { AccountForm, AccountPage, Notice } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';

const PAGE = '/account/api-keys';
const NEWS = ['renamed', 'revoked'] as const;

/** The partner's API keys: create (shown once), rename, revoke; last used and requests this month. */
export async function loader(args: LoaderFunctionArgs) {
  const { page, partner, services } = await partnerRequest(args);
  const { config } = services;
  return {
    ...page,
    partner,
    keys: partner ? await listApiKeys(services.db, partner.id) : [],
    news: newsOf(args.request, NEWS),
    limits: {
      reads: config.RATE_LIMIT_READS_PER_MINUTE * config.RATE_LIMIT_PARTNER_MULTIPLIER,
      writes: config.RATE_LIMIT_WRITES_PER_MINUTE * config.RATE_LIMIT_PARTNER_MULTIPLIER,
    },
  };
}

export async function action(args: ActionFunctionArgs) {
  const context = await partnerRequest(args);
  const { partner, services, path } = context;
  const { intent = '', name, key = '' } = await formOf(args.request);
  if (intent === 'become-partner') return becomePartnerAndReturn(context, PAGE);
  if (!partner) return redirectWithCookies(path(PAGE));
  switch (intent) {
    case 'create': {
      const made = await createPartnerKey(services.db, partner.id, name);
      if (!made.ok) return refused({ error: made.code, values: { name: name ?? '' } });
      // Shown in this answer only: never in a URL, never stored in the clear.
      return { ok: true as const, created: { id: made.id, key: made.key } };
    }
    case 'rename': {
      const renamed = await renamePartnerKey(services.db, partner.id, key, name);
      if (!renamed.ok) {
        return refused(
          { error: renamed.code, fields: { [key]: renamed.code } },
          renamed.code === 'notFound' ? 404 : 422,
        );
      }
      return redirectWithCookies(`${path(PAGE)}?done=renamed`);
    }
    case 'revoke':
      if (!(await revokePartnerKey(services.db, partner.id, key))) return refused({ error: 'notFound' }, 404);
      return redirectWithCookies(`${path(PAGE)}?done=revoked`);
    default:
      return refused({ error: 'form' }, 400);
  }
}

export default function AccountApiKeys() {
  const { partner, keys, news, limits } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const lang = useLang();
  const failed = result && !result.ok ? result : null;
  const renameFailed = failed?.fields ? Object.keys(failed.fields)[0] : null;
  const limitsOfErrors = { max: MAX_KEY_NAME, keys: MAX_ACTIVE_KEYS };
  return (
    <AccountPage name="apiKeys">
      <PartnerToolLinks current="keys" />
      {!partner ? (
        <BecomePartner />
      ) : (
        <>
          {news && !result ? <Notice tone="info">{t(`account.keys.${news}`)}</Notice> : null}
          {failed && !renameFailed ? (
            <Notice tone="error">{t(`account.keys.errors.${failed.error}`, limitsOfErrors)}</Notice>
          ) : null}
          {result?.ok ? (
            <ShownOnce label={t('account.keys.created')} value={result.created.key} testId="new-api-key" />
          ) : null}
          <p>{t('account.keys.intro', { partner: partner.id })}</p>
          <p className="text-muted" data-testid="key-limits">
            {t('account.keys.limits', {
              reads: formatCount(limits.reads, lang),
              writes: formatCount(limits.writes, lang),
            })}
          </p>
          <AccountForm submit={t('account.keys.create')} intent="create">
            <ToolField
              name="name"
              label={t('account.keys.name')}
              description={t('account.keys.nameHint', { max: MAX_KEY_NAME })}
              maxLength={MAX_KEY_NAME * 2}
              defaultValue={failed && !renameFailed ? failed.values?.name : ''}
            />
          </AccountForm>

          <h2 className="mt-4 text-xl font-semibold">{t('account.keys.listHeading')}</h2>
          {keys.length === 0 ? <p className="text-muted">{t('account.keys.none')}</p> : null}
          <ul className="flex flex-col gap-4" data-testid="api-keys">
            {keys.map((key) => (
              <li
                key={key.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
                data-testid="api-key"
                data-key-id={key.id}
                data-revoked={key.revokedAt !== null}
              >
                <p className="font-semibold">
                  {key.name ?? t('account.keys.unnamed')}{' '}
                  <code className="font-mono text-sm text-muted">{key.prefix}…</code>
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">{t('account.keys.createdAt')}</dt>
                  <dd>{formatDateTime(key.createdAt, lang)}</dd>
                  <dt className="text-muted">{t('account.keys.lastUsed')}</dt>
                  <dd data-testid="key-last-used">
                    {key.lastUsedAt ? formatDateTime(key.lastUsedAt, lang) : t('account.keys.never')}
                  </dd>
                  <dt className="text-muted">{t('account.keys.thisMonth')}</dt>
                  <dd data-testid="key-requests">
                    {t('account.keys.requests', {
                      count: key.requestsThisMonth,
                      formatted: formatCount(key.requestsThisMonth, lang),
                    })}
                  </dd>
                  <dt className="text-muted">{t('account.keys.state')}</dt>
                  <dd>
                    {key.revokedAt
                      ? t('account.keys.revokedAt', { time: formatDateTime(key.revokedAt, lang) })
                      : t('account.keys.active')}
                  </dd>
                </dl>
                <AccountForm submit={t('account.keys.rename')} intent="rename" color="secondary">
                  <Hidden name="key" value={key.id} />
                  <ToolField
                    name="name"
                    label={t('account.keys.newName')}
                    maxLength={MAX_KEY_NAME * 2}
                    defaultValue={key.name ?? ''}
                    error={
                      renameFailed === key.id
                        ? t(`account.keys.errors.${failed?.error}`, limitsOfErrors)
                        : null
                    }
                  />
                </AccountForm>
                {key.revokedAt ? null : (
                  <AccountForm submit={t('account.keys.revoke')} intent="revoke" color="secondary">
                    <Hidden name="key" value={key.id} />
                    <p className="text-sm text-muted">{t('account.keys.revokeText')}</p>
                  </AccountForm>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </AccountPage>
  );
}
