import { useId } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { formatDecimal } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { memoLabel } from './messages.ts';
import type { SwapDecisionResult } from './swap-decision.server.ts';
import type { SwapSide } from './swap-page.server.ts';
import { problemValues } from './swap-status-state.ts';
import type { SwapView } from './types.ts';

/** What happened to the swap off the happy path, in one sentence naming the amounts and limits. */
export function SwapProblemNote({ swap, from, to }: { swap: SwapView; from: SwapSide; to: SwapSide }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!swap.problem) return null;
  const values = problemValues(swap, from.code, to.code, (amount) => formatDecimal(amount, lang));
  return (
    <p
      className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      data-testid="swap-problem"
      data-problem={swap.problem}
    >
      {t(`swapStatus.problem.${swap.problem}`, values)}
    </p>
  );
}

/** The server's answer to the last decision posted, when it refused it. */
function useDecisionError(): SwapDecisionResult['error'] | null {
  return useActionData<SwapDecisionResult>()?.error ?? null;
}

/**
 * Status action_needed: continue at the market rate (the fresh quote shown) or refund, with the
 * deadline and what happens then. Plain HTML forms posting to the swap page's route action.
 */
export function DecisionPanel({
  swap,
  from,
  to,
  target: targetGiven,
}: {
  swap: SwapView;
  from: SwapSide;
  to: SwapSide;
  /** Where the forms post: the swap page, or the mail's signed decision page. */
  target?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const error = useDecisionError();
  const busy = useNavigation().state === 'submitting';
  const fromCode = from.code.toUpperCase();
  const toCode = to.code.toUpperCase();
  const target = targetGiven ?? localizePath(lang, `/swap/${swap.id}`);
  const received = formatDecimal(swap.amountDeposited ?? swap.amountFrom, lang);
  return (
    <section
      aria-labelledby={`${id}-title`}
      id="decision"
      data-testid="decision-panel"
      className="rounded-2xl border-2 border-amber-400 bg-surface p-5 shadow-md md:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('swapStatus.decision.title')}
      </h2>
      {swap.actionDeadline && (
        <p className="mt-1 text-sm text-muted" data-testid="decision-deadline">
          {t('swapStatus.decision.deadline', {
            time: new Intl.DateTimeFormat(lang, {
              dateStyle: 'medium',
              timeStyle: 'short',
              timeZone: 'UTC',
            }).format(new Date(swap.actionDeadline)),
          })}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700" data-testid="decision-error">
          {error.message}
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Form method="post" action={target} className="grid content-start gap-2 rounded-xl bg-brand-50 p-4">
          <input type="hidden" name="intent" value="continue" />
          <h3 className="font-semibold">{t('swapStatus.decision.continueTitle')}</h3>
          <p className="text-sm" data-testid="continue-offer">
            {swap.continueOffer
              ? t('swapStatus.decision.continueOffer', {
                  amount: received,
                  coin: fromCode,
                  receive: formatDecimal(swap.continueOffer.amountTo, lang),
                  toCoin: toCode,
                })
              : t('swapStatus.decision.continueNoOffer')}
          </p>
          <Button type="submit" disabled={busy} data-testid="decision-continue">
            {t('swapStatus.decision.continue')}
          </Button>
        </Form>
        <Form method="post" action={target} className="grid content-start gap-2 rounded-xl bg-slate-50 p-4">
          <input type="hidden" name="intent" value="refund" />
          <h3 className="font-semibold">{t('swapStatus.decision.refundTitle')}</h3>
          <p className="text-sm">
            {t('swapStatus.decision.refundText', { amount: received, coin: fromCode })}
          </p>
          {swap.refundAddress ? (
            <p className="break-all font-mono text-sm">{swap.refundAddress}</p>
          ) : (
            <RefundFields swap={swap} from={from} error={error} />
          )}
          <Button type="submit" color="secondary" disabled={busy} data-testid="decision-refund">
            {t('swapStatus.decision.refund')}
          </Button>
        </Form>
      </div>
    </section>
  );
}

/** Status refunding without a refund address: the page asks for one. */
export function RefundAddressForm({ swap, from }: { swap: SwapView; from: SwapSide }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const error = useDecisionError();
  const busy = useNavigation().state === 'submitting';
  return (
    <section
      aria-labelledby={`${id}-title`}
      id="refund"
      data-testid="refund-address-form"
      className="rounded-2xl border-2 border-amber-400 bg-surface p-5 shadow-md md:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('swapStatus.refund.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t('swapStatus.refund.text', {
          amount: formatDecimal(swap.amountDeposited ?? swap.amountFrom, lang),
          coin: from.code.toUpperCase(),
          network: from.networkName,
        })}
      </p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700" data-testid="decision-error">
          {error.message}
        </p>
      )}
      <Form method="post" action={localizePath(lang, `/swap/${swap.id}`)} className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="refund" />
        <RefundFields swap={swap} from={from} error={error} />
        <Button type="submit" disabled={busy} data-testid="refund-submit">
          {t('swapStatus.refund.submit')}
        </Button>
      </Form>
    </section>
  );
}

function RefundFields({
  from,
  error,
}: {
  swap: SwapView;
  from: SwapSide;
  error: SwapDecisionResult['error'] | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const memoName = from.memoKind ? memoLabel(t, from.memoKind) : null;
  const addressInvalid = error?.field === 'refundAddress';
  const memoInvalid = error?.field === 'refundMemo';
  return (
    <>
      <label htmlFor={`${id}-address`} className="text-sm font-medium">
        {t('swapStatus.refund.address', { coin: from.code.toUpperCase(), network: from.networkName })}
      </label>
      <input
        id={`${id}-address`}
        name="refundAddress"
        type="text"
        required
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={addressInvalid ? true : undefined}
        data-testid="refund-address-input"
        className="rounded-lg border border-slate-300 bg-surface px-3 py-2 font-mono text-sm focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
      />
      {memoName && (
        <>
          <label htmlFor={`${id}-memo`} className="text-sm font-medium">
            {t('swapStatus.refund.memo', { memo: memoName })}
          </label>
          <input
            id={`${id}-memo`}
            name="refundMemo"
            type="text"
            autoComplete="off"
            aria-invalid={memoInvalid ? true : undefined}
            data-testid="refund-memo-input"
            className="rounded-lg border border-slate-300 bg-surface px-3 py-2 font-mono text-sm focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
          />
        </>
      )}
    </>
  );
}
