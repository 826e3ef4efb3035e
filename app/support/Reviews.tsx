import { SWAP_ID_PATTERN } from '../../core/exchange/types.ts';
import { formatAmount, formatCount, formatDay } from '../../core/i18n/format.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { RATINGS } from '../../core/reviews/review-fields.ts';
import type { ReviewPage } from '../../core/reviews/reviews.ts';
import { FORM_ACTIONS } from '../../core/support/fields.ts';
import { useTranslation } from '../i18n/react.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import { PageLinks } from '../ui/PageLinks.tsx';
import { SupportForm } from './SupportForm.tsx';

/** The service as an Organization with its AggregateRating and this page's reviews, when it has any. */
export function ReviewsJsonLd({ reviews, baseUrl }: { reviews: ReviewPage; baseUrl: string }) {
  const { t } = useTranslation();
  const { summary, items } = reviews;
  return (
    <JsonLd
      data={{
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
                reviewRating: {
                  '@type': 'Rating',
                  ratingValue: review.rating,
                  bestRating: 5,
                  worstRating: 1,
                },
              })),
            }
          : {}),
      }}
    />
  );
}

/** The average rating, the count and how many reviews gave each number of stars. */
export function RatingSummary({ summary, lang }: { summary: ReviewPage['summary']; lang: Lang }) {
  const { t } = useTranslation();
  return (
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
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="text-right tabular-nums" data-testid={`reviews-count-${rating}`}>
                {formatCount(n, lang)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The review form; `linkedSwap` (the swap page's `?swap=`) fills in the swap ID when it is one. */
export function ReviewFormSection({ linkedSwap, onSent }: { linkedSwap: string; onSent: () => void }) {
  const { t } = useTranslation();
  return (
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
        onSent={onSent}
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
  );
}

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="text-amber-500">
      {'★'.repeat(rating)}
      <span className="text-slate-300">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/** This page of reviews, newest first, and the page links. */
export function ReviewList({
  reviews,
  lang,
  href,
}: {
  reviews: ReviewPage;
  lang: Lang;
  href: (page: number) => string;
}) {
  const { t } = useTranslation();
  const { items, page, pages } = reviews;
  return (
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
  );
}
