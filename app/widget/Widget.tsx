import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { ExchangeForm } from '../exchange/ExchangeForm.tsx';
import { type SwapQuery, swapSearch } from '../exchange/query.ts';
import { SwapCreate } from '../exchange/SwapCreate.tsx';
import { SwapStatusView } from '../exchange/SwapStatus.tsx';
import type { Quote, SwapView } from '../exchange/types.ts';
import { useTranslation } from '../i18n/react.tsx';
import { Button } from '../ui/Button.tsx';
import { embedderOrigin, postToEmbedder, type WidgetMessageType } from './events.ts';
import type { WidgetData } from './widget.server.ts';

/** Statuses already told to the embedding page, per swap (one document's life). */
const toldStatus = new Map<string, string>();
/** `ready` is told once per document. */
let readyTold = false;

/** The two queries joined, either possibly empty. */
function joinSearch(...parts: string[]): string {
  const query = parts
    .map((part) => part.replace(/^\?/, ''))
    .filter(Boolean)
    .join('&');
  return query ? `?${query}` : '';
}

/**
 * The embeddable widget: the site's own exchange form, swap step and swap view in a compact
 * column (320–480 px), themed by the partner's stored theme and the query, telling the embedding
 * page what happens (`ready`, `quote`, `swap_created`, `status_changed`, and its height).
 */
export function Widget({ data }: { data: WidgetData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const root = useRouteLoaderData('root') as { baseUrl?: string } | undefined;
  const { look, cssVars, config, origin, step, lang, affiliate } = data;
  const contentRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState(false);
  const siteName = t('site.name');

  const post = useCallback(
    (type: WidgetMessageType, payload: Record<string, unknown> = {}) => {
      const target = embedderOrigin(origin, document.referrer, window.parent !== window);
      postToEmbedder(target, type, payload);
    },
    [origin],
  );

  useEffect(() => {
    if (readyTold) return;
    readyTold = true;
    post('ready', { lang });
  }, [post, lang]);

  // The embedding page sizes the frame to the content.
  useEffect(() => {
    const element = contentRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      post('resize', { height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [post]);

  const path = localizePath(lang, '/v2/widget');
  const go = (extra: string) => navigate(`${path}${joinSearch(config, extra)}`);

  const onQuote = useCallback(
    (quote: Quote) =>
      post('quote', {
        from: quote.from,
        fromNetwork: quote.fromNetwork,
        to: quote.to,
        toNetwork: quote.toNetwork,
        amountFrom: quote.amountFrom,
        amountTo: quote.amountTo,
        rateType: quote.rateType,
        provider: quote.provider,
      }),
    [post],
  );
  const onCreated = (swap: SwapView) => {
    toldStatus.set(swap.id, swap.status);
    post('swap_created', {
      id: swap.id,
      from: swap.from,
      to: swap.to,
      amountFrom: swap.amountFrom,
      amountTo: swap.amountTo,
      rateType: swap.rateType,
      status: swap.status,
      depositAddress: swap.depositAddress,
    });
    go(`swap=${swap.id}`);
  };
  const onStatus = useCallback(
    (swap: SwapView) => {
      const previous = toldStatus.get(swap.id);
      if (previous === swap.status) return;
      toldStatus.set(swap.id, swap.status);
      post('status_changed', { id: swap.id, status: swap.status, previous: previous ?? null });
    },
    [post],
  );

  const proceed = (query: SwapQuery) => {
    const target = swapSearch(query);
    if (step.kind === 'create' && step.step && swapSearch(step.step) === target) setEditing(false);
    else go(joinSearch('step=create', target));
  };

  let body: React.ReactNode;
  if (step.kind === 'swap') {
    body = (
      <>
        <SwapStatusView
          swap={step.swap}
          from={step.from}
          to={step.to}
          links={step.links}
          qrSvg={step.qrSvg}
          sandbox={step.sandbox}
          compact
          onStatus={onStatus}
        />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <Button color="secondary" onClick={() => go('')} data-testid="widget-new-swap">
            {t('widget.newSwap')}
          </Button>
          <a
            href={`${root?.baseUrl ?? ''}${localizePath(lang, `/swap/${step.swap.id}`)}`}
            target="_blank"
            rel="noopener"
            className="text-sm font-medium text-brand-700 underline underline-offset-2"
            data-testid="widget-open-swap"
          >
            {t('widget.openSwap')}
          </a>
        </div>
      </>
    );
  } else if (step.kind === 'create' && step.step && step.from && step.to && !editing) {
    body = (
      <SwapCreate
        from={step.from}
        to={step.to}
        step={step.step}
        onEdit={() => setEditing(true)}
        affiliateId={affiliate ?? undefined}
        onCreated={onCreated}
      />
    );
  } else {
    const initial =
      step.kind === 'form'
        ? { amount: step.amount ?? '0.1', rateType: step.rateType }
        : step.step
          ? { amount: step.step.amount, rateType: step.step.rateType }
          : {};
    body = <ExchangeForm from={step.from} to={step.to} onProceed={proceed} onQuote={onQuote} {...initial} />;
  }

  const title = look.title ?? t('widget.title');
  const subtitle = look.subtitle ?? t('widget.subtitle');
  const brand = look.brandName ?? (look.showLogo ? siteName : null);

  return (
    <div
      className={`widget-root widget-${look.mode} min-h-screen bg-canvas text-ink`}
      style={cssVars as CSSProperties}
      data-testid="widget"
      data-mode={look.mode}
    >
      <div ref={contentRef} className="mx-auto w-full max-w-[30rem] p-3" data-testid="widget-content">
        <div className="mb-3 flex items-center justify-between gap-3" data-testid="widget-head">
          <div className="min-w-0">
            {brand ? (
              <p className="text-sm font-bold text-brand-600" data-testid="widget-brand">
                {brand}
              </p>
            ) : null}
            <h1 className="text-lg font-semibold leading-tight" data-testid="widget-title">
              {title}
            </h1>
            <p className="text-xs text-muted">{subtitle}</p>
          </div>
        </div>
        {body}
        {look.showLogo ? (
          <p className="mt-3 text-center text-xs text-muted" data-testid="widget-powered">
            <a
              href={root?.baseUrl || '/'}
              target="_blank"
              rel="noopener"
              className="underline underline-offset-2"
            >
              {t('widget.poweredBy', { name: siteName })}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
