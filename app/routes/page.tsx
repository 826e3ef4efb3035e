import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';

export function loader(args: LoaderFunctionArgs): PageData {
  return resolvePage(args);
}

/** Route parameters as people read them: coin codes in capitals, slugs as words. */
export function displayParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      ['coin', 'from', 'to'].includes(name)
        ? value.toUpperCase()
        : value
            .split('-')
            .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
            .join(' '),
    ]),
  );
}

/**
 * The page of every route whose content arrives with a later issue: its layout, translated title
 * and description.
 */
export default function GenericPage() {
  const { page, params } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const values = displayParams(params);
  const title = t(`pages.${page}.title`, values);
  const description = t(`pages.${page}.description`, values);
  return (
    <article data-page={page}>
      <PageHead title={`${title} | ${t('site.name')}`} description={description} />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">{description}</p>
    </article>
  );
}
