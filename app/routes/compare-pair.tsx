import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatAmount } from '../../core/i18n/format.ts';
import {
  CompareChart,
  CompareSwapLinks,
  CompareTable,
  OtherComparisons,
} from '../directory/CompareSections.tsx';
import { comparePage, loadCompareList } from '../directory/directory.server.ts';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { CompareView } from './compare.tsx';

async function pageData(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const { from = '', to = '' } = page.params;
  return { ...page, ...(await comparePage(services, new URL(args.request.url), from, to)) };
}

/**
 * /compare/{a}-vs-{b}: two coins side by side, a chart of both, and the swap between them. The
 * list's pages share this route's shape (`compare-page`): the page middleware tells them apart.
 */
export async function loader(args: LoaderFunctionArgs) {
  // The page fields stay at the top: the shell reads the page's name and layout there.
  const page = resolvePage(args);
  if (page.page === 'compare-page')
    return { ...page, kind: 'list' as const, data: await loadCompareList(args) };
  return { ...page, kind: 'page' as const, data: await pageData(args) };
}

export default function ComparePairRoute() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.kind === 'list' ? <CompareView data={loaded.data} /> : <ComparePair data={loaded.data} />;
}

function ComparePair({ data }: { data: Awaited<ReturnType<typeof pageData>> }) {
  const { lang, a, b, rate, others } = data;
  const { t } = useTranslation();
  const names = { a: a.name, b: b.name, aCode: a.code.toUpperCase(), bCode: b.code.toUpperCase() };
  const title = t('directory.comparePair.title', names);
  return (
    <article data-page="compare-pair" data-compare={`${a.code}-vs-${b.code}`}>
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t('directory.comparePair.description', names)}
      />
      <Breadcrumbs
        trail={[
          { name: t('pages.compare.title'), path: '/compare' },
          { name: `${names.aCode} vs ${names.bCode}`, path: `/compare/${a.code}-vs-${b.code}` },
        ]}
      />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-muted">
        {rate === null
          ? t('directory.pair.noRate')
          : t('directory.comparePair.rate', { ...names, rate: formatAmount(rate, lang) })}
      </p>
      <CompareTable data={data} title={title} lang={lang} />
      <CompareChart data={data} names={names} lang={lang} />
      <CompareSwapLinks data={data} lang={lang} />
      <OtherComparisons others={others} names={names} lang={lang} />
    </article>
  );
}
