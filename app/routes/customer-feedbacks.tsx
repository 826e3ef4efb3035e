import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
  useRouteLoaderData,
  useSearchParams,
} from 'react-router';
import type { ReviewPage } from '../../core/reviews/reviews.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import type { RootData } from '../root.tsx';
import { type PageData, pageNotFound, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import '../support/english.ts';
import { supportFormAction } from '../support/form-action.server.ts';
import { RatingSummary, ReviewFormSection, ReviewList, ReviewsJsonLd } from '../support/Reviews.tsx';

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

/** /customer-feedbacks: reviews of finished swaps, their rating distribution, and the review form. */
export default function CustomerFeedbacks() {
  const { lang, reviews } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  // The swap page links here with `?swap={id}`: its ID is filled in.
  const linkedSwap = search.get('swap')?.toLowerCase() ?? '';
  const title = t('pages.customer-feedbacks.title');
  const path = localizePath(lang, '/customer-feedbacks');
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);

  return (
    <article data-page="customer-feedbacks">
      <PageHead
        title={`${title}${reviews.page > 1 ? ` (${reviews.page})` : ''} | ${t('site.name')}`}
        description={t('pages.customer-feedbacks.description')}
      />
      <ReviewsJsonLd reviews={reviews} baseUrl={root?.baseUrl ?? ''} />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-2 text-xl font-semibold">{t('reviews.heading')}</p>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t('reviews.intro')}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-6">
          <RatingSummary summary={reviews.summary} lang={lang} />
          <ReviewFormSection linkedSwap={linkedSwap} onSent={() => void revalidator.revalidate()} />
        </div>
        <ReviewList reviews={reviews} lang={lang} href={href} />
      </div>
    </article>
  );
}
