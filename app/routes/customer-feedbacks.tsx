import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
  useSearchParams,
} from 'react-router';
import { SWAP_ID_PATTERN } from '../../core/exchange/types.ts';
import { formatAmount, formatCount, formatDay } from '../../core/i18n/format.ts';
import { RATINGS } from '../../core/reviews/review-fields.ts';
import type { ReviewPage } from '../../core/reviews/reviews.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { FORM_ACTIONS } from '../../core/support/fields.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import type { RootData } from '../root.tsx';
import { type PageData, pageNotFound, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import '../support/english.ts';
import { supportFormAction } from '../support/form-action.server.ts';
import { SupportForm } from '../support/SupportForm.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import { PageLinks } from '../ui/PageLinks.tsx';

/** `?page=n` (n ≥ 2) pages the reviews; page 1 has no parameter, and a page past the end is a 404. */
export async function loader(args: LoaderFunctionArgs): Promise<PageData & { reviews: ReviewPage }> {
  const page = resolvePage(args);
  const url = new URL(args.request.url);
  const raw = url.searchParams.get('page');
  const number = raw === null ? 1 : /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 0;
  const { services } = args.context.get(requestStateContext);
  const reviews = number > 0 ? await services.reviews.page(number) : null;
  if (!reviews || (raw !== null && number === 1)) pageNotFound(url);
  return { ...page, reviews };
}

/** The plain post of the review form (app/support/form-action.server.ts). */
export function action(args: ActionFunctionArgs) {
  return supportFormAction(args, ['review-form']);
}

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="text-amber-500">
      {'★'.repeat(rating)}
      <span className="text-slate-300">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/** /customer-feedbacks: reviews of finished swaps, their rating distribution, and the review form. */
export default function CustomerFeedbacks() {
  const { lang, reviews } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  // The swap page links here with `?swap={id}`: its ID is filled in.
  const linkedSwap = search.get('swap')?.toLowerCase() ?? '';
  const { summary, items, page, pages } = reviews;
  const title = t('pages.customer-feedbacks.title');
  const baseUrl = root?.baseUrl ?? '';
  const path = localizePath(lang, '/customer-feedbacks');
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: t('site.name'),
    url: baseUrl || undefined,
    ...(summary.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: summary.average,
            reviewCount: summary.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: items.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.name },
            datePublished: review.createdAt.slice(0, 10),
            reviewBody: review.text,
            inLanguage: review.lang,
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };

  return (
    <article data-page="customer-feedbacks">
      <PageHead
        title={`${title}${page > 1 ? ` (${page})` : ''} | ${t('site.name')}`}
        description={t('pages.customer-feedbacks.description')}
      />
      <JsonLd data={jsonLd} />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-2 text-xl font-semibold">{t('reviews.heading')}</p>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t('reviews.intro')}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-6">
          <section
            className="rounded-2xl bg-surface p-5 shadow-sm md:p-6"
            aria-labelledby="reviews-summary"
            data-testid="reviews-summary"
            data-count={summary.count}
          >
            <h2 id="reviews-summary" className="sr-only">
              {t('reviews.distribution')}
            </h2>
            <p className="text-4xl font-bold" data-testid="reviews-average">
              {summary.count > 0 ? formatAmount(summary.average, lang) : '—'}
            </p>
            <p className="text-sm text-muted">
              {summary.count > 0 && (
                <>{t('reviews.average', { average: formatAmount(summary.average, lang) })} · </>
              )}
              {t('reviews.basedOn', { count: summary.count })}
            </p>
            <ul className="mt-4 flex flex-col gap-2" aria-label={t('reviews.distribution')}>
              {RATINGS.map((rating) => {
                const n = summary.distribution[rating];
                const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
                return (
                  <li key={rating} className="grid grid-cols-[5rem_1fr_3rem] items-center gap-3 text-sm">
                    <span>{t('reviews.stars', { count: rating })}</span>
                    <span className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                      <span
                        className="block h-full rounded-full bg-amber-400"
                        style={{ width: `${share}%` }}
                      />
                    </span>
                    <span className="text-right tabular-nums" data-testid={`reviews-count-${rating}`}>
                      {formatCount(n, lang)}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>

          <section
            id="review"
            className="scroll-mt-24 rounded-2xl bg-surface p-5 shadow-sm md:p-6"
            aria-labelledby="review-form-title"
          >
            <h2 id="review-form-title" className="text-xl font-semibold">
              {t('reviews.formTitle')}
            </h2>
            <p className="mt-1 mb-4 text-sm text-muted">{t('reviews.formIntro')}</p>
            <SupportForm
              id="review-form"
              path="/apiglobal/reviews"
              action={FORM_ACTIONS.review}
              event="review_submit"
              submitLabel={t('reviews.submit')}
              thanksTitle={t('reviews.thanksTitle')}
              thanksText={t('reviews.thanksText')}
              onSent={() => void revalidator.revalidate()}
              initial={SWAP_ID_PATTERN.test(linkedSwap) ? { swapId: linkedSwap } : {}}
              fields={[
                {
                  name: 'swapId',
                  label: t('reviews.swapId'),
                  required: true,
                  maxLength: 26,
                  placeholder: t('reviews.swapIdPlaceholder'),
                  autoComplete: 'off',
                },
                {
                  name: 'name',
                  label: t('reviews.name'),
                  required: true,
                  maxLength: 60,
                  autoComplete: 'given-name',
                },
                {
                  name: 'rating',
                  label: t('reviews.rating'),
                  kind: 'rating',
                  required: true,
                  choose: '—',
                  options: RATINGS.map((rating) => ({
                    value: String(rating),
                    label: `${'★'.repeat(rating)} ${t('reviews.stars', { count: rating })}`,
                  })),
                },
                { name: 'text', label: t('reviews.text'), kind: 'textarea', required: true, maxLength: 2000 },
              ]}
            />
          </section>
        </div>

        <section aria-labelledby="reviews-list-title">
          <h2 id="reviews-list-title" className="text-xl font-semibold">
            {t('reviews.listTitle')}
          </h2>
          {items.length === 0 ? (
            <p className="mt-4 rounded-2xl bg-surface p-5 text-muted shadow-sm" data-testid="reviews-empty">
              {t('reviews.empty')}
            </p>
          ) : (
            <ol className="mt-4 flex flex-col gap-4" data-testid="reviews-list">
              {items.map((review) => (
                <li key={review.id} className="rounded-2xl bg-surface p-5 shadow-sm" data-testid="review">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-semibold">{review.name}</p>
                    <Stars rating={review.rating} label={t('reviews.stars', { count: review.rating })} />
                  </div>
                  <p className="mt-1 text-xs text-muted">
                    <time dateTime={review.createdAt}>{formatDay(review.createdAt, lang)}</time> ·{' '}
                    {t('reviews.swapped', { from: review.from, to: review.to })}
                  </p>
                  <p className="mt-3 whitespace-pre-line break-words" lang={review.lang}>
                    {review.text}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <PageLinks page={page} pages={pages} href={href} />
        </section>
      </div>
    </article>
  );
}
