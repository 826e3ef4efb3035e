import './english-swap-step.ts';
import { useTranslation } from '../i18n/react.tsx';
import { Button } from '../ui/Button.tsx';
import { NotifyEmailField } from './NotifyEmailField.tsx';
import { OffersTable } from './OffersTable.tsx';
import type { SwapQuery } from './query.ts';
import { PromoField, SwapAddresses, SwapCreateHeader, TermsField } from './SwapCreateFields.tsx';
import { SwapSummary } from './SwapSummary.tsx';
import type { StepProblem, StepQuote } from './swap-create.server.ts';
import { promoOutcome } from './swap-create-state.ts';
import type { Side, SwapView } from './types.ts';
import { useSwapCreate } from './use-swap-create.ts';

/**
 * The swap step: a summary of the quote (a fresh fixed quote with its countdown for fixed rates),
 * the payout address with live validation and its memo, an optional refund address, a promo
 * code, the terms and the Create button. A created swap opens its page. Its state and effects
 * are `useSwapCreate`'s.
 */
export function SwapCreate({
  from,
  to,
  step,
  onEdit,
  affiliateId,
  onCreated,
  server = null,
  posted = null,
}: {
  from: Side;
  to: Side;
  step: SwapQuery;
  onEdit: () => void;
  /** The partner the swap is created for (the widget's `affiliate`). */
  affiliateId?: string | undefined;
  /** What a created swap does; by default its page opens. */
  onCreated?: (swap: SwapView) => void;
  /** The quote the server rendered the step with (shown until the live one answers), and the form's key. */
  server?: StepQuote | null;
  /** Why the server refused the form's plain post (docs/decisions/015). */
  posted?: StepProblem | null;
}) {
  const { t } = useTranslation();
  const { id, state, dispatch, formRef, quote, shown, earlyProblem, countdown, submit, edit, ...checked } =
    useSwapCreate({ from, to, step, affiliateId, onCreated, server, posted });
  const { errors, submitting } = state;
  const fixed = step.rateType === 'fixed';
  const applyPromo = () => dispatch({ type: 'applyPromo' });

  return (
    // A plain post too (docs/decisions/015): without JavaScript, or clicked before the code ran,
    // the route action creates the swap and answers 303 to its page.
    <form
      ref={formRef}
      method="post"
      onSubmit={submit}
      noValidate
      data-testid="swap-create"
      aria-labelledby={`${id}-title`}
      className="w-full max-w-2xl rounded-2xl bg-surface p-5 shadow-md md:p-6"
    >
      <SwapCreateHeader id={id} step={step} onEdit={onEdit} />
      {server ? <input type="hidden" name="formKey" value={server.formKey} /> : null}
      {fixed && shown?.quoteId ? <input type="hidden" name="quoteId" value={shown.quoteId} /> : null}

      <SwapSummary
        from={from}
        to={to}
        step={step}
        quote={quote}
        shown={shown}
        earlyProblem={earlyProblem}
        countdown={countdown}
        stale={state.stale}
        summaryError={state.summaryError}
        onNewRate={() => dispatch({ type: 'newRate' })}
      />

      {shown ? (
        <OffersTable
          quote={shown}
          fromCode={from.coin.code.toUpperCase()}
          toCode={to.coin.code.toUpperCase()}
        />
      ) : null}

      <div className="mt-6 grid grid-cols-1 gap-4">
        <SwapAddresses
          id={id}
          from={from}
          to={to}
          state={state}
          edit={edit}
          checks={{ payout: checked.payoutCheck, refund: checked.refundCheck }}
          memoLabels={checked.memoLabels}
        />
        <PromoField
          id={id}
          value={state.promoCode}
          applied={state.promo}
          error={errors.promoCode}
          outcome={promoOutcome(state.promo, quote)}
          onChange={edit('promoCode')}
          onApply={applyPromo}
        />
        <NotifyEmailField
          id={`${id}-email`}
          value={state.email}
          onChange={edit('email')}
          error={errors.email}
        />
        <TermsField
          id={id}
          checked={state.terms}
          error={errors.terms}
          onChange={(checked) => dispatch({ type: 'terms', checked })}
        />
      </div>

      {state.formError && (
        <p
          className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
          role="alert"
          data-testid="create-error"
        >
          {state.formError}
        </p>
      )}

      <Button type="submit" size="lg" block loading={submitting} data-testid="create-swap" className="mt-6">
        {submitting ? t('exchange.create.creating') : t('exchange.create.submit')}
      </Button>
    </form>
  );
}
