import { useId, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { problemText } from '../exchange/messages.ts';
import { useTranslation } from '../i18n/react.tsx';
import { trackEvent } from '../lib/analytics.ts';
import { ApiProblem, api } from '../lib/api-client.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PARAM_CHECKS } from '../routing/pages.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Button } from '../ui/Button.tsx';

export function loader(args: LoaderFunctionArgs): PageData {
  return resolvePage(args);
}

/** /transaction-status: the swap ID form; a known swap opens its page, anything else is said inline. */
export default function TransactionStatus() {
  const { lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const swapId = value.trim().toLowerCase();
    if (!swapId) {
      setError(t('statusCheck.errors.empty'));
      return;
    }
    if (!PARAM_CHECKS.swapId?.test(swapId)) {
      setError(t('statusCheck.errors.shape'));
      return;
    }
    setChecking(true);
    setError(null);
    try {
      await api(`/api/v1/swaps/${swapId}`, { lang });
      trackEvent('swap_status_check', { result: 'found' });
      navigate(localizePath(lang, `/swap/${swapId}`));
    } catch (problem) {
      setChecking(false);
      trackEvent('swap_status_check', {
        result: problem instanceof ApiProblem && problem.status === 404 ? 'not_found' : 'error',
      });
      if (problem instanceof ApiProblem && problem.status === 404) setError(t('statusCheck.errors.notFound'));
      else
        setError(
          problemText(t, problem instanceof ApiProblem ? problem : new ApiProblem(0, 'network_error', '')),
        );
    }
  };

  const title = t('pages.transaction-status.title');
  return (
    <section data-page="transaction-status">
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t('pages.transaction-status.description')}
      />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">{t('pages.transaction-status.description')}</p>
      <form
        onSubmit={submit}
        noValidate
        data-testid="status-check"
        className="mt-8 w-full max-w-xl rounded-2xl bg-surface p-5 shadow-md md:p-6"
      >
        <label htmlFor={`${id}-swap-id`} className="text-sm font-medium">
          {t('statusCheck.label')}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-swap-id`}
            name="swapId"
            type="text"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(null);
            }}
            placeholder={t('statusCheck.placeholder')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-message`}
            data-testid="status-swap-id"
            className="min-w-0 flex-1 rounded-lg border border-slate-200 px-3 py-2 font-mono focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
          />
          <Button type="submit" loading={checking} data-testid="status-submit">
            {checking ? t('statusCheck.checking') : t('statusCheck.submit')}
          </Button>
        </div>
        <p
          id={`${id}-message`}
          aria-live="polite"
          data-testid="status-message"
          className={`mt-2 min-h-5 text-sm ${error ? 'text-red-700' : 'text-muted'}`}
        >
          {error ?? t('statusCheck.hint')}
        </p>
      </form>
    </section>
  );
}
