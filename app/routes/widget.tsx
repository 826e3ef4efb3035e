import { type LoaderFunctionArgs, useLoaderData, useLocation } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import '../widget/english.ts';
import { Widget } from '../widget/Widget.tsx';
import { loadWidget, type WidgetData } from '../widget/widget.server.ts';

/**
 * /v2/widget: the embeddable exchange (app/widget/). Its query configures it (core/widget/config.ts)
 * and carries its step: the form, `step=create` with the pair, or `swap={id}`.
 */
export function loader(args: LoaderFunctionArgs): Promise<WidgetData> {
  return loadWidget(args);
}

export default function WidgetPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <section data-page="widget-v2">
      {/* Embedded on partners' pages: it stays out of search engines. */}
      <PageHead
        title={`${t('pages.widget-v2.title')} | ${t('site.name')}`}
        description={t('pages.widget-v2.description')}
        noindex
      />
      {/* A new query is a new step: the step's state starts afresh. */}
      <Widget key={search} data={data} />
    </section>
  );
}
