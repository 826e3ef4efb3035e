import { useId, useState } from 'react';
import { type LoaderFunctionArgs, redirect, useLoaderData, useNavigate } from 'react-router';
import { parseSwapIdInput } from '../../core/exchange/swap-id.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { problemText } from '../exchange/messages.ts';
import { useTranslation } from '../i18n/react.tsx';
import { trackEvent } from '../lib/analytics.ts';
import { ApiProblem, api } from '../lib/api-client.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Button } from '../ui/Button.tsx';

type LookupError = 'empty' | 'shape' | 'notFound';

/**
 * The page, and the answer to a lookup sent without JavaScript (`?id=`, the form's GET): a known
 * swap redirects to its page; anything else is shown beside the field. Such answers are never
 * cached (they echo what one visitor typed).
 */
export async function loader(
  args: LoaderFunctionArgs,
): Promise<PageData & { lookup: { value: string; error: LookupError } | null }> {
  const page = resolvePage(args);
  const raw = new URL(args.request.url).searchParams.get('id');
  if (raw === null) return { ...page, lookup: null };
  const state = args.context.get(requestStateContext);
  if (state.page) state.page = { ...state.page, private: true };
  const parsed = parseSwapIdInput(raw);
  if (!parsed.ok) return { ...page, lookup: { value: raw, error: parsed.kind } };
  if (await state.services.swaps.get(parsed.id)) {
    throw redirect(localizePath(page.lang, `/swap/${parsed.id}`), 303);
  }
  return { ...page, lookup: { value: raw, error: 'notFound' } };
}

/**
 * /transaction-status: the swap ID form; a known swap opens its page, anything else is said
 * inline. It takes the ID in any case and with spaces, or a pasted link to the swap's page.
 */
export default function TransactionStatus() {
  const { lang, lookup } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState(lookup?.value ?? '');
  const [error, setError] = useState<string | null>(lookup ? t(`statusCheck.errors.${lookup.error}`) : null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseSwapIdInput(value);
    if (!parsed.ok) {
      setError(t(`statusCheck.errors.${parsed.kind}`));
      return;
    }
    const swapId = parsed.id;
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
        method="get"
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
            name="id"
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
