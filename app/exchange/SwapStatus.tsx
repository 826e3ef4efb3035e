import './english-swap-status.ts';
import { formatDecimal } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import type { PageData } from '../routing/page-loader.server.ts';
import { useLang } from '../routing/page-location.ts';
import '../support/english-reviews.ts';
import { SimulateDeposit } from './SimulateDeposit.tsx';
import { SwapAside } from './SwapAside.tsx';
import { DecisionPanel, RefundAddressForm, SwapProblemNote } from './SwapDecision.tsx';
import { DepositPrompt } from './SwapDeposit.tsx';
import { SwapAmounts, SwapDetails } from './SwapDetails.tsx';
import { Timeline } from './SwapTimeline.tsx';
import type { SwapPageData, SwapSide } from './swap-page.server.ts';
import type { SwapView } from './types.ts';
import { useSwapStatus } from './use-swap-status.ts';

/**
 * The swap page's live part: deposit instructions, amounts, the fixed-rate countdown, the status
 * timeline (the route loader runs again every 3 s until a final status, `useSwapStatus`), explorer
 * links and, with sandbox providers, the deposit simulator.
 */
export function SwapStatusView({
  swap: loaded,
  from,
  to,
  links,
  qrSvg,
  sandbox,
  compact = false,
  onStatus,
}: Omit<SwapPageData, keyof PageData> & {
  /** One column without the help and review links (the widget's narrow frame). */
  compact?: boolean;
  /** Hears the status shown, at first and at each change. */
  onStatus?: (swap: SwapView) => void;
}) {
  const { swap, simulated, rateExpiresAt, now } = useSwapStatus(loaded, links, onStatus);
  const waiting = swap.status === 'waiting';

  return (
    <div
      data-testid="swap-status"
      data-status={swap.status}
      className={compact ? 'grid gap-4' : 'grid gap-6 lg:grid-cols-[1fr_22rem]'}
    >
      <div className="grid content-start gap-6">
        <StatusSummary swap={swap} from={from} to={to} compact={compact} />

        {/* The deposit is asked for only while the swap waits for it: once it arrived, or the
            window closed, the page never invites another one. */}
        {waiting ? (
          <DepositPrompt swap={swap} from={from} qrSvg={qrSvg} rateExpiresAt={rateExpiresAt} now={now} />
        ) : swap.status === 'expired' ? (
          <DepositClosed />
        ) : null}

        {swap.status === 'action_needed' && !swap.decision && (
          <DecisionPanel swap={swap} from={from} to={to} />
        )}
        {swap.status === 'refunding' && swap.refundAddressNeeded && (
          <RefundAddressForm swap={swap} from={from} />
        )}

        {sandbox && waiting && (
          <SimulateDeposit swap={swap} fromCode={from.code.toUpperCase()} onDone={simulated} />
        )}
        {/* Wide screens: help under the main column, beside the long side column. */}
        {!compact && (
          <div className="hidden lg:block">
            <SwapAside kind="status" />
          </div>
        )}
      </div>

      <div className="grid content-start gap-6">
        <SwapAmounts swap={swap} from={from} to={to} />
        <Timeline swap={swap} />
        <SwapDetails swap={swap} from={from} to={to} links={links} />
        {!compact && (
          <div className="lg:hidden">
            <SwapAside kind="status" />
          </div>
        )}
      </div>
    </div>
  );
}

/** The current status in words, any problem, and the review link once finished. */
function StatusSummary({
  swap,
  from,
  to,
  compact,
}: {
  swap: SwapView;
  from: SwapSide;
  to: SwapSide;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section
      aria-labelledby="swap-state-heading"
      className="rounded-2xl bg-surface p-5 shadow-md md:p-6"
      aria-live="polite"
    >
      <p className="text-sm text-muted">{t('swapStatus.current')}</p>
      <h2 id="swap-state-heading" className="text-2xl font-semibold" data-testid="status-label">
        {t(`swapStatus.statuses.${swap.status}.label`)}
      </h2>
      <p className="mt-1 text-muted">
        {t(`swapStatus.statuses.${swap.status}.description`, {
          amount: formatDecimal(swap.amountDeposited ?? swap.amountFrom, lang),
          coin: from.code.toUpperCase(),
          toCoin: to.code.toUpperCase(),
        })}
      </p>
      <SwapProblemNote swap={swap} from={from} to={to} />
      {swap.status === 'finished' && !compact && (
        <a
          href={localizePath(lang, `/customer-feedbacks?swap=${swap.id}#review`)}
          className="mt-3 inline-block font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          data-testid="leave-review"
        >
          {t('reviews.leaveCta')}
        </a>
      )}
    </section>
  );
}

/** The deposit window closed: no deposit is asked for any more. */
function DepositClosed() {
  const { t } = useTranslation();
  return (
    <p className="rounded-2xl bg-red-50 p-5 font-medium text-red-800 md:p-6" data-testid="deposit-closed">
      {t('swapStatus.deposit.closed')}
    </p>
  );
}
