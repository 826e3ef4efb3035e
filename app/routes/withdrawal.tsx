import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadWithdrawal } from '../company/company.server.ts';
import '../company/english.ts';
import { Illustration } from '../company/Illustrations.tsx';
import { PageIntro } from '../company/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { accountPageUrl } from '../shell/site-links.ts';
import { buttonClass } from '../ui/Button.tsx';

export function loader(args: LoaderFunctionArgs) {
  return loadWithdrawal(args);
}

/**
 * The withdrawal screens the account area sends people to (SPEC §6): "processing" after a
 * withdrawal request, and "confirm" from the confirmation email, which hands the link's token on to
 * the account area, where withdrawals live. Neither is indexed.
 */
export default function Withdrawal() {
  const { page, account, token, tokenGiven } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const confirm = page === 'withdrawal-confirm';
  const key = confirm ? (token ? 'confirm' : 'confirmInvalid') : 'processing';
  const path = confirm ? '/withdrawal/confirm' : '/withdrawal/processing';
  const href =
    confirm && token
      ? `${account}/withdrawal/confirm?token=${encodeURIComponent(token)}&lang=${lang}`
      : accountPageUrl(account, lang);
  return (
    <article data-page={page} data-state={key} className="max-w-3xl">
      <PageIntro
        page={page}
        path={path}
        heading={t(`withdrawal.${key}.heading`)}
        intro={<p>{t(`withdrawal.${key}.text`)}</p>}
        noindex
      />
      <div className="mt-8 flex flex-col items-start gap-6 rounded-2xl border border-slate-200 bg-surface p-6 sm:flex-row sm:items-center">
        <Illustration name={confirm ? 'key' : 'receive'} />
        <div className="flex flex-col items-start gap-4">
          {key === 'processing' ? <p className="text-muted">{t('withdrawal.processing.note')}</p> : null}
          {key === 'confirmInvalid' && tokenGiven ? (
            <p className="text-muted">{t('withdrawal.confirmInvalid.hint')}</p>
          ) : null}
          <a href={href} className={buttonClass({ size: 'lg' })} data-testid="go-to-account">
            {confirm && token ? t('withdrawal.confirm.button') : t('withdrawal.goToAccount')}
          </a>
        </div>
      </div>
    </article>
  );
}
