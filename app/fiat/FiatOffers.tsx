import type { Dispatch } from 'react';
import type { FiatOfferView } from '../../core/fiat/contract.ts';
import { formatDecimal } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { FIELD_CLASS } from './FiatFields.tsx';
import type { FiatWidgetAction, FiatWidgetState, FiatWidgetView } from './fiat-widget-state.ts';
import { formatMoney } from './money.ts';

/** One provider's offer, a radio of the order form (`form=`): the best one badged. */
function FiatOfferOption({
  offer,
  best,
  checked,
  orderForm,
  state,
  onChoose,
}: {
  offer: FiatOfferView;
  best: boolean;
  checked: boolean;
  orderForm: string;
  state: FiatWidgetState;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const coin = state.coin.toUpperCase();
  return (
    <label
      className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
      data-testid="fiat-offer"
      data-provider={offer.provider}
    >
      <input
        type="radio"
        name="offer"
        form={orderForm}
        value={`${offer.provider} ${offer.paymentMethod}`}
        className="mt-1 accent-brand-600"
        checked={checked}
        onChange={onChoose}
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="font-semibold">
            {offer.providerName}
            {best && (
              <span className="ml-2 rounded-full bg-green-700 px-1.5 text-[0.7rem] font-semibold text-white">
                {t('fiat.widget.best')}
              </span>
            )}
          </span>
          <span className="font-semibold tabular-nums" data-testid="fiat-offer-amount">
            {state.side === 'buy'
              ? `${formatDecimal(offer.cryptoAmount, lang)} ${coin}`
              : formatMoney(offer.fiatAmount, state.currency, lang)}
          </span>
        </span>
        <span className="block text-xs text-muted">
          {t('fiat.widget.offerLine', {
            method: t(`fiat.methods.${offer.paymentMethod}`),
            fee: formatMoney(offer.fee, state.currency, lang),
            rate: formatMoney(offer.rate, state.currency, lang),
            coin,
          })}
        </span>
      </span>
    </label>
  );
}

/** The chosen offer's last step: the wallet (or refund wallet) address and the order button. */
function FiatOrderStep({
  walletId,
  orderForm,
  offer,
  state,
  view,
  dispatch,
  onOrder,
}: {
  walletId: string;
  orderForm: string;
  offer: FiatOfferView;
  state: FiatWidgetState;
  view: FiatWidgetView;
  dispatch: Dispatch<FiatWidgetAction>;
  onOrder: () => void;
}) {
  const { t } = useTranslation();
  const coin = state.coin.toUpperCase();
  return (
    <div className="mt-4">
      <label htmlFor={walletId} className="text-sm font-medium text-muted">
        {view.buy ? t('fiat.widget.wallet', { coin }) : t('fiat.widget.refundWallet', { coin })}
      </label>
      <input
        id={walletId}
        className={`${FIELD_CLASS} mt-1 font-mono text-sm`}
        autoComplete="off"
        spellCheck={false}
        name="walletAddress"
        form={orderForm}
        value={state.wallet}
        data-testid="fiat-wallet"
        aria-invalid={state.problem?.field === 'walletAddress' || undefined}
        onChange={(event) => dispatch({ type: 'wallet', value: event.target.value })}
      />
      {state.problem && (
        <p className="mt-2 text-sm text-red-700" role="alert" data-testid="fiat-problem">
          {state.problem.message}
        </p>
      )}
      <Button
        type="submit"
        form={orderForm}
        className="mt-3"
        block
        loading={state.busy === 'order'}
        // Before the code runs the server checks the address (an empty one comes back refused).
        disabled={view.orderDisabled}
        data-testid="fiat-create-order"
        onClick={(event) => {
          event.preventDefault();
          onOrder();
        }}
      >
        {view.buy
          ? t('fiat.widget.buyWith', { provider: offer.providerName })
          : t('fiat.widget.sellWith', { provider: offer.providerName })}
      </Button>
      <p className="mt-2 text-xs text-muted">
        {t('fiat.widget.redirectNote', { provider: offer.providerName, unit: view.unit })}
      </p>
    </div>
  );
}

/** Every provider's offer, best first; the chosen one's order step below them. */
export function FiatOffers({
  walletId,
  orderForm,
  state,
  view,
  dispatch,
  onOrder,
}: {
  walletId: string;
  orderForm: string;
  state: FiatWidgetState;
  view: FiatWidgetView;
  dispatch: Dispatch<FiatWidgetAction>;
  onOrder: () => void;
}) {
  const { t } = useTranslation();
  const offers = state.quote?.offers ?? [];
  return (
    <section className="mt-5" data-testid="fiat-offers" data-count={offers.length} aria-live="polite">
      <h3 className="text-sm font-semibold">{t('fiat.widget.offersTitle', { count: offers.length })}</h3>
      <ul className="mt-2 grid gap-2">
        {offers.map((offer, index) => (
          <li key={offer.provider}>
            <FiatOfferOption
              offer={offer}
              best={index === 0}
              checked={state.chosen === offer.provider}
              orderForm={orderForm}
              state={state}
              onChoose={() => dispatch({ type: 'choose', provider: offer.provider })}
            />
          </li>
        ))}
      </ul>
      {view.offer && (
        <FiatOrderStep
          walletId={walletId}
          orderForm={orderForm}
          offer={view.offer}
          state={state}
          view={view}
          dispatch={dispatch}
          onOrder={onOrder}
        />
      )}
    </section>
  );
}

/** The order's own form (its offer and wallet fields point here): the compared request, and the key. */
export function FiatOrderForm({ id, state }: { id: string; state: FiatWidgetState }) {
  return (
    <form id={id} method="post" hidden>
      <input type="hidden" name="side" value={state.side} />
      <input type="hidden" name="fiat" value={state.currency} />
      <input type="hidden" name="coin" value={state.coin} />
      <input type="hidden" name="amount" value={state.amount} />
      <input type="hidden" name="key" value={state.key} />
    </form>
  );
}
