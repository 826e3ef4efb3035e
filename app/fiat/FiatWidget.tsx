import { useId } from 'react';
import type { FiatSide, PaymentMethod } from '../../core/fiat/types.ts';
import { useTranslation } from '../i18n/react.tsx';
import { Button } from '../ui/Button.tsx';
import type { FiatCompared, FiatProblem } from './compare.server.ts';
import { FiatFields, FiatSideTabs } from './FiatFields.tsx';
import { FiatOffers, FiatOrderForm } from './FiatOffers.tsx';
import { useFiatWidget } from './use-fiat-widget.ts';

// Where the other fiat views (and app/routes/fiat-checkout.tsx) have long found it.

export interface FiatWidgetProps {
  side: FiatSide;
  coin: string;
  coins: { code: string; name: string }[];
  country: string;
  region: string | null;
  currency: string;
  currencies: { code: string; name: string }[];
  methods: PaymentMethod[];
  amount: string;
  /** The landing pages offer both sides: Buy and Sell tabs, selling starting from this amount. */
  switchable?: { sellAmount: string };
  /** The offers the server found for the widget's GET (without JavaScript, or before it ran). */
  compared?: FiatCompared | null;
  /** The order form's plain post, refused: the reason next to its field. */
  posted?: FiatProblem | null;
}

/**
 * The buy/sell widget: an amount (fiat to pay, or coins to sell), the currency, coin and payment
 * method; every provider's offer best first; the chosen offer becomes an order with the visitor's
 * wallet address, and the visitor goes on to the provider's checkout to pay.
 * Without JavaScript (or before it ran) "Show offers" is a GET of the page (amounts and codes only)
 * whose offers the server renders, and the order is a plain post of a form of its own
 * (`form=` links the offer and wallet fields to it, so the address never goes into the GET's URL).
 * The state and its rules are `fiat-widget-state.ts`'s, the quote and order calls `useFiatWidget`'s.
 */
export function FiatWidget(props: FiatWidgetProps) {
  const { t } = useTranslation();
  const ids = {
    amount: useId(),
    currency: useId(),
    coin: useId(),
    method: useId(),
    wallet: useId(),
    order: useId(),
  };
  const { state, view, dispatch, showOffers, placeOrder } = useFiatWidget(
    { ...props, sellAmount: props.switchable?.sellAmount },
    { country: props.country, region: props.region },
  );
  const orderForm = `fiat-order${ids.order.replaceAll(':', '')}`;
  return (
    <>
      <form
        method="get"
        className="w-full max-w-xl rounded-2xl bg-surface p-5 shadow-md md:p-6"
        data-testid="fiat-widget"
        onSubmit={(event) => {
          event.preventDefault();
          showOffers();
        }}
      >
        {props.switchable && (
          <FiatSideTabs side={state.side} onSwitch={(side) => dispatch({ type: 'side', side })} />
        )}
        <input type="hidden" name="side" value={state.side} />
        <FiatFields
          ids={ids}
          state={state}
          dispatch={dispatch}
          coins={props.coins}
          currencies={props.currencies}
          methods={props.methods}
        />
        {view.formProblem && (
          <p className="mt-3 text-sm text-red-700" role="alert" data-testid="fiat-problem">
            {view.formProblem.message}
          </p>
        )}
        <Button
          type="submit"
          className="mt-4"
          block
          loading={state.busy === 'quote'}
          data-testid="fiat-show-offers"
        >
          {t('fiat.widget.showOffers')}
        </Button>

        {state.quote && (
          <FiatOffers
            walletId={ids.wallet}
            orderForm={orderForm}
            state={state}
            view={view}
            dispatch={dispatch}
            onOrder={() => void placeOrder()}
          />
        )}
      </form>
      <FiatOrderForm id={orderForm} state={state} />
    </>
  );
}
