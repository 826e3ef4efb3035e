import { useEffect } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { storePromoCode } from '../exchange/promo-storage.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { NavIcon } from '../shell/NavIcon.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import '../support/english.ts';
import { Button } from '../ui/Button.tsx';

/** The promo code of `?code=`, checked against the active codes (case does not matter). */
export async function loader(
  args: LoaderFunctionArgs,
): Promise<PageData & { code: string | null; valid: boolean }> {
  const page = resolvePage(args);
  const raw = new URL(args.request.url).searchParams.get('code')?.trim() ?? '';
  const code = /^[A-Za-z0-9_-]{1,40}$/.test(raw) ? raw.toUpperCase() : null;
  const { services } = args.context.get(requestStateContext);
  const valid = code ? await services.quotes.isValidPromoCode(code) : false;
  return { ...page, code: code ?? (raw ? raw.slice(0, 40) : null), valid };
}

/** /congrats: the promo landing; a valid code is kept for the visitor's next swap (promo-storage.ts). */
export default function Congrats() {
  const { lang, code, valid } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const title = t('pages.congrats.title');

  useEffect(() => {
    if (valid && code) storePromoCode(code);
  }, [valid, code]);

  return (
    <article data-page="congrats" className="mx-auto max-w-3xl text-center">
      <PageHead title={`${title} | ${t('site.name')}`} description={t('pages.congrats.description')} />
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <NavIcon name="reviews" className="size-8" />
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-2 text-xl font-semibold">{t('congrats.heading')}</p>
      <p
        className={`mt-4 rounded-2xl p-5 text-lg ${valid ? 'bg-emerald-50 text-emerald-900' : 'bg-surface text-muted shadow-sm'}`}
        data-testid="congrats-status"
        data-valid={valid}
      >
        {valid && code
          ? t('congrats.saved', { code })
          : code
            ? t('congrats.invalid', { code })
            : t('congrats.none')}
      </p>
      <Button to={localizePath(lang, '/swap')} className="mt-6" data-testid="congrats-cta">
        {t('congrats.cta')}
      </Button>
      <section className="mt-10 text-left" aria-labelledby="congrats-steps">
        <h2 id="congrats-steps" className="text-xl font-semibold">
          {t('congrats.stepsTitle')}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {(['step1', 'step2', 'step3'] as const).map((step, index) => (
            <li key={step} className="rounded-2xl bg-surface p-5 shadow-sm">
              <span className="grid size-8 place-items-center rounded-full bg-brand-600 font-bold text-white">
                {index + 1}
              </span>
              <p className="mt-3">{t(`congrats.${step}`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
