import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { formatDateTime, formatDecimal, formatUsd } from '../../core/i18n/format.ts';
import '../account/english.ts';
import '../company/english.ts';
import { Illustration } from '../company/Illustrations.tsx';
import { PageIntro } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { accountPageUrl } from '../shell/site-links.ts';
import { Button, buttonClass } from '../ui/Button.tsx';
import { confirmWithdrawal, loadWithdrawal } from '../withdrawal/withdrawal.server.ts';

export function loader(args: LoaderFunctionArgs) {
  return loadWithdrawal(args);
}

export function action(args: ActionFunctionArgs) {
  return confirmWithdrawal(args);
}

/**
 * The withdrawal screens (SPEC §6): "confirm" from the confirmation mail (the withdrawal and a
 * button that confirms it), and "processing" (where the withdrawal stands, its transaction hash once
 * paid, and the way back to the account). Neither is indexed.
 */
export default function Withdrawal() {
  const { page, account, state, withdrawal, token } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { t } = useTranslation();
  const lang = useLang();
  const confirm = page === 'withdrawal-confirm';
  const path = confirm ? '/withdrawal/confirm' : '/withdrawal/processing';
  const paid = state === 'processing' && withdrawal?.status === 'paid';
  const refused = state === 'processing' && withdrawal?.status === 'refused';
  const key = paid ? 'paid' : refused ? 'refused' : failure ? 'confirmInvalid' : state;
  return (
    <article data-page={page} data-state={key} className="max-w-3xl">
      <PageIntro
        page={page}
        path={path}
        heading={t(`withdrawal.${key}.heading`)}
        intro={<p>{t(failure ? `withdrawal.errors.${failure.error}` : `withdrawal.${key}.text`)}</p>}
        noindex
      />
      <div className="mt-8 flex flex-col items-start gap-6 rounded-2xl border border-slate-200 bg-surface p-6 sm:flex-row sm:items-center">
        <Illustration name={confirm ? 'key' : 'receive'} />
        <div className="flex min-w-0 flex-col items-start gap-4">
          {withdrawal ? (
            <dl
              className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
              data-testid="withdrawal-summary"
            >
              <dt className="text-muted">{t('withdrawal.fields.amount')}</dt>
              <dd data-testid="withdrawal-amount">
                {formatUsd(withdrawal.amountUsd, lang)}
                {withdrawal.amount
                  ? ` · ${formatDecimal(withdrawal.amount, lang)} ${withdrawal.coin.toUpperCase()}`
                  : ''}
              </dd>
              <dt className="text-muted">{t('withdrawal.fields.coin')}</dt>
              <dd>
                {withdrawal.coin.toUpperCase()} · {withdrawal.networkName}
              </dd>
              <dt className="text-muted">{t('withdrawal.fields.address')}</dt>
              <dd className="break-all font-mono">{withdrawal.address}</dd>
              {withdrawal.memo ? (
                <>
                  <dt className="text-muted">{t('withdrawal.fields.memo')}</dt>
                  <dd className="break-all font-mono">{withdrawal.memo}</dd>
                </>
              ) : null}
              <dt className="text-muted">{t('withdrawal.fields.status')}</dt>
              <dd data-testid="withdrawal-status" data-status={withdrawal.status}>
                {t(`account.partner.status.${withdrawal.refusedReason ? 'declined' : withdrawal.status}`)}
                {withdrawal.paidAt ? ` · ${formatDateTime(withdrawal.paidAt, lang)}` : ''}
              </dd>
              {withdrawal.refusedReason ? (
                <>
                  <dt className="text-muted">{t('withdrawal.fields.reason')}</dt>
                  <dd className="break-words" data-testid="withdrawal-reason">
                    {withdrawal.refusedReason}
                  </dd>
                </>
              ) : null}
              {withdrawal.txHash ? (
                <>
                  <dt className="text-muted">{t('withdrawal.fields.txHash')}</dt>
                  <dd className="break-all font-mono" data-testid="withdrawal-tx">
                    {withdrawal.txUrl ? (
                      <a
                        href={withdrawal.txUrl}
                        className="text-link"
                        rel="noopener noreferrer"
                        target="_blank"
                      >
                        {withdrawal.txHash}
                      </a>
                    ) : (
                      withdrawal.txHash
                    )}
                  </dd>
                </>
              ) : null}
            </dl>
          ) : null}
          {state === 'processing' && !paid && !refused ? (
            <p className="text-muted">{t('withdrawal.processing.note')}</p>
          ) : null}
          {state === 'confirm' && token && !failure ? (
            // A plain post (a mail scanner opening the link confirms nothing).
            <Form method="post" reloadDocument>
              <input type="hidden" name="token" value={token} />
              <Button type="submit" size="lg" data-testid="confirm-withdrawal">
                {t('withdrawal.confirm.button')}
              </Button>
            </Form>
          ) : (
            <a
              href={accountPageUrl(account, lang)}
              className={buttonClass({ size: 'lg' })}
              data-testid="go-to-account"
            >
              {t('withdrawal.goToAccount')}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
