import type { Dispatch } from 'react';
import type { FiatSide, PaymentMethod } from '../../core/fiat/types.ts';
import { useTranslation } from '../i18n/react.tsx';
import type { FiatWidgetAction, FiatWidgetState } from './fiat-widget-state.ts';

export const FIELD_CLASS =
  'w-full min-w-0 rounded-lg border border-slate-200 bg-surface px-3 py-2 text-base focus:border-brand-500 focus:outline-none';

/** The widget's field ids (useId), for its labels. */
export interface FiatFieldIds {
  amount: string;
  currency: string;
  coin: string;
  method: string;
  wallet: string;
}

interface Named {
  code: string;
  name: string;
}

/** The landing pages' Buy and Sell tabs. */
export function FiatSideTabs({ side, onSwitch }: { side: FiatSide; onSwitch: (side: FiatSide) => void }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1" data-testid="fiat-sides">
      {(['buy', 'sell'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={side === option}
          // The other side needs the script; without it the page's own side stays.
          className="js-only rounded-lg px-3 py-2 text-sm font-semibold text-muted aria-pressed:bg-surface aria-pressed:text-brand-700 aria-pressed:shadow"
          data-testid={`fiat-side-${option}`}
          onClick={() => onSwitch(option)}
        >
          {t(option === 'buy' ? 'fiat.widget.tabBuy' : 'fiat.widget.tabSell')}
        </button>
      ))}
    </div>
  );
}

/** The currency or coin picker: the short one beside the amount, the one with names below it. */
function CodePicker({
  id,
  name,
  testId,
  value,
  options,
  withNames,
  onChange,
}: {
  id: string;
  name: 'fiat' | 'coin';
  testId: string;
  value: string;
  options: Named[];
  withNames: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <select
      id={id}
      className={`${FIELD_CLASS} mt-1`}
      name={name}
      value={value}
      data-testid={testId}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((c) => (
        <option key={c.code} value={c.code}>
          {withNames ? `${c.code.toUpperCase()} · ${c.name}` : c.code.toUpperCase()}
        </option>
      ))}
    </select>
  );
}

function MethodPicker({
  id,
  value,
  methods,
  onChange,
}: {
  id: string;
  value: PaymentMethod | '';
  methods: PaymentMethod[];
  onChange: (value: PaymentMethod | '') => void;
}) {
  const { t } = useTranslation();
  return (
    <select
      id={id}
      className={`${FIELD_CLASS} mt-1`}
      name="paymentMethod"
      value={value}
      data-testid="fiat-method"
      onChange={(event) => onChange(event.target.value as PaymentMethod | '')}
    >
      <option value="">{t('fiat.widget.anyMethod')}</option>
      {methods.map((m) => (
        <option key={m} value={m}>
          {t(`fiat.methods.${m}`)}
        </option>
      ))}
    </select>
  );
}

/**
 * The widget's form fields: the amount (fiat to pay, or coins to sell) with its unit's picker, the
 * other side's picker and the payment method.
 */
export function FiatFields({
  ids,
  state,
  dispatch,
  coins,
  currencies,
  methods,
}: {
  ids: FiatFieldIds;
  state: FiatWidgetState;
  dispatch: Dispatch<FiatWidgetAction>;
  coins: Named[];
  currencies: Named[];
  methods: PaymentMethod[];
}) {
  const { t } = useTranslation();
  const buy = state.side === 'buy';
  const currencyPicker = (withNames: boolean) => (
    <CodePicker
      id={ids.currency}
      name="fiat"
      testId="fiat-currency"
      value={state.currency}
      options={currencies}
      withNames={withNames}
      onChange={(value) => dispatch({ type: 'currency', value })}
    />
  );
  const coinPicker = (withNames: boolean) => (
    <CodePicker
      id={ids.coin}
      name="coin"
      testId="fiat-coin"
      value={state.coin}
      options={coins}
      withNames={withNames}
      onChange={(value) => dispatch({ type: 'coin', value })}
    />
  );
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
        <div>
          <label htmlFor={ids.amount} className="text-sm font-medium text-muted">
            {buy ? t('fiat.widget.youPay') : t('fiat.widget.youSell')}
          </label>
          <input
            id={ids.amount}
            className={`${FIELD_CLASS} mt-1 text-xl font-semibold`}
            inputMode="decimal"
            autoComplete="off"
            name="amount"
            value={state.amount}
            data-testid="fiat-amount"
            aria-invalid={state.problem?.field === 'amount' || undefined}
            onChange={(event) => dispatch({ type: 'amount', value: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={buy ? ids.currency : ids.coin} className="text-sm font-medium text-muted">
            {buy ? t('fiat.widget.currency') : t('fiat.widget.coin')}
          </label>
          {buy ? currencyPicker(false) : coinPicker(false)}
        </div>
      </div>
      {/* One per row: the named picker and "Any method (cheapest)" need the card's whole width in
          the longer languages, or the select cuts its text. */}
      <div className="mt-3 grid gap-3">
        <div>
          <label htmlFor={buy ? ids.coin : ids.currency} className="text-sm font-medium text-muted">
            {buy ? t('fiat.widget.youGet') : t('fiat.widget.paidIn')}
          </label>
          {buy ? coinPicker(true) : currencyPicker(true)}
        </div>
        <div>
          <label htmlFor={ids.method} className="text-sm font-medium text-muted">
            {t('fiat.widget.method')}
          </label>
          <MethodPicker
            id={ids.method}
            value={state.method}
            methods={methods}
            onChange={(value) => dispatch({ type: 'method', value })}
          />
        </div>
      </div>
    </>
  );
}
