import swapNotify from 'virtual:english-section/swapNotify';
import { useState } from 'react';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { addEnglishSection } from '../i18n/english-sections.ts';
import { useTranslation } from '../i18n/react.tsx';
import { api } from '../lib/api-client.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Button } from '../ui/Button.tsx';

/**
 * /swap/{swapId}/unsubscribe?token=…: the link at the end of every swap mail
 * (core/exchange/swap-mail.ts). A wrong token or swap is 404; the page asks before it stops the
 * mails (mail scanners open links), which POST /apiglobal/swaps/{id}/unsubscribe does.
 */
export async function loader(
  args: LoaderFunctionArgs,
): Promise<PageData & { swapId: string; token: string; subscribed: boolean }> {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const swapId = page.params.swapId ?? '';
  const token = new URL(args.request.url).searchParams.get('token') ?? '';
  const found = await services.swapMail.subscription(services.db, swapId, token);
  if (found === 'not_found') throw data('Unsubscribe link not found', { status: 404 });
  return { ...page, swapId, token, subscribed: found === 'subscribed' };
}

// The page's English texts come with its code.
addEnglishSection('swapNotify', swapNotify);

type Step = 'ask' | 'sending' | 'done' | 'failed';

export default function SwapUnsubscribePage() {
  const { lang, swapId, token, subscribed } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('ask');
  const title = t('pages.swap-unsubscribe.title');

  const confirm = async () => {
    setStep('sending');
    try {
      await api(`/apiglobal/swaps/${swapId}/unsubscribe`, { lang, method: 'POST', body: { token } });
      setStep('done');
    } catch {
      setStep('failed');
    }
  };

  return (
    <section data-page="swap-unsubscribe" className="mx-auto max-w-xl">
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t('pages.swap-unsubscribe.description')}
      />
      {/* A personal link: it stays out of search engines. */}
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <div className="mt-6 rounded-2xl bg-surface p-5 shadow-md md:p-6" data-testid="unsubscribe">
        {!subscribed ? (
          <p data-testid="unsubscribe-status" data-state="already">
            {t('swapNotify.page.already')}
          </p>
        ) : step === 'done' ? (
          <p data-testid="unsubscribe-status" data-state="done" role="status">
            {t('swapNotify.page.done')}
          </p>
        ) : (
          <>
            <p className="font-semibold break-words">{t('swapNotify.page.question', { id: swapId })}</p>
            <p className="mt-2 text-muted">{t('swapNotify.page.explain')}</p>
            {step === 'failed' && (
              <p className="mt-3 text-sm text-red-700" role="alert">
                {t('swapNotify.page.failed')}
              </p>
            )}
            <Button
              className="mt-5"
              onClick={confirm}
              loading={step === 'sending'}
              data-testid="unsubscribe-confirm"
            >
              {t('swapNotify.page.confirm')}
            </Button>
          </>
        )}
        <p className="mt-5 text-sm">
          <a href={localizePath(lang, `/swap/${swapId}`)} className="text-brand-700 underline">
            {t('swapNotify.page.back')}
          </a>
        </p>
      </div>
    </section>
  );
}
