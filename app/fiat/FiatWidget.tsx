import { useId, useRef, useState } from 'react';
import type { FiatOfferView, FiatOrderViewBody, FiatQuoteView } from '../../core/fiat/contract.ts';
import type { FiatSide, PaymentMethod } from '../../core/fiat/types.ts';
import { formatDecimal } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ApiProblem, api } from '../lib/api-client.ts';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { useHydrated } from '../ui/hooks.ts';
import type { FiatCompared, FiatProblem } from './compare.server.ts';

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

const field =
  'w-full min-w-0 rounded-lg border border-slate-200 bg-surface px-3 py-2 text-base focus:border-brand-500 focus:outline-none';

/** Money in the page's language: `$250.00`, `250,00 €`. */
export function formatMoney(value: string, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(
      Number(value),
    );
  } catch {
    return `${value} ${currency.toUpperCase()}`;
  }
}

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The buy/sell widget: an amount (fiat to pay, or coins to sell), the currency, coin and payment
 * method; every provider's offer best first; the chosen offer becomes an order with the visitor's
 * wallet address, and the visitor goes on to the provider's checkout to pay.
 * Without JavaScript (or before it ran) "Show offers" is a GET of the page (amounts and codes only)
 * whose offers the server renders, and the order is a plain post of a form of its own
 * (`form=` links the offer and wallet fields to it, so the address never goes into the GET's URL).
 */
export function FiatWidget(props: FiatWidgetProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const hydrated = useHydrated();
  const ids = {
    amount: useId(),
    currency: useId(),
    coin: useId(),
    method: useId(),
    wallet: useId(),
    order: useId(),
  };
  const server = props.compared ?? null;
  const [amount, setAmount] = useState(server?.request.amount ?? props.amount);
  const [currency, setCurrency] = useState(server?.request.fiat ?? props.currency);
  const [coin, setCoin] = useState(server?.request.coin ?? props.coin);
  const [method, setMethod] = useState<PaymentMethod | ''>(server?.request.paymentMethod ?? '');
  const [quote, setQuote] = useState<FiatQuoteView | null>(server?.quote ?? null);
  const [chosen, setChosen] = useState<string | null>(server?.quote?.offers[0]?.provider ?? null);
  const [wallet, setWallet] = useState('');
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(
    props.posted ?? server?.problem ?? null,
  );
  const [busy, setBusy] = useState<'quote' | 'order' | null>(null);
  const key = useRef<string>(server?.key ?? '');
  const [side, setSide] = useState<FiatSide>(server?.request.side ?? props.side);
  const buy = side === 'buy';
  const switchTo = (next: FiatSide) => {
    if (next === side) return;
    setSide(next);
    setQuote(null);
    setChosen(null);
    setProblem(null);
    setAmount(next === props.side ? props.amount : (props.switchable?.sellAmount ?? props.amount));
  };

  const request = () => ({
    side,
    fiat: currency,
    coin,
    amount: amount.trim().replace(',', '.'),
    country: props.country,
    ...(props.region ? { region: props.region } : {}),
    ...(method ? { paymentMethod: method } : {}),
  });

  const showOffers = async () => {
    setBusy('quote');
    setProblem(null);
    setQuote(null);
    setChosen(null);
    try {
      const answer = await api<FiatQuoteView>('/api/v1/fiat/quotes', {
        lang,
        method: 'POST',
        body: request(),
      });
      setQuote(answer);
      setChosen(answer.offers[0]?.provider ?? null);
      key.current = newIdempotencyKey();
    } catch (error) {
      setProblem(
        error instanceof ApiProblem
          ? {
              ...(error.field ? { field: error.field } : {}),
              message: error.message || t('fiat.widget.failed'),
            }
          : { message: t('fiat.widget.failed') },
      );
    } finally {
      setBusy(null);
    }
  };

  const offer: FiatOfferView | undefined = quote?.offers.find((o) => o.provider === chosen);
  const placeOrder = async () => {
    if (!offer) return;
    setBusy('order');
    setProblem(null);
    try {
      const order = await api<FiatOrderViewBody>('/api/v1/fiat/orders', {
        lang,
        method: 'POST',
        headers: { 'Idempotency-Key': key.current },
        body: {
          ...request(),
          paymentMethod: offer.paymentMethod,
          provider: offer.provider,
          walletAddress: wallet.trim(),
        },
      });
      window.location.assign(order.checkoutUrl);
    } catch (error) {
      setProblem(
        error instanceof ApiProblem
          ? {
              ...(error.field ? { field: error.field } : {}),
              message: error.message || t('fiat.widget.failed'),
            }
          : { message: t('fiat.widget.failed') },
      );
      setBusy(null);
    }
  };

  const unit = buy ? currency.toUpperCase() : coin.toUpperCase();
  // The currency and coin pickers: the short one beside the amount, the one with names below it.
  const currencySelect = (withNames: boolean) => (
    <select
      id={ids.currency}
      className={`${field} mt-1`}
      name="fiat"
      value={currency}
      data-testid="fiat-currency"
      onChange={(event) => setCurrency(event.target.value)}
    >
      {props.currencies.map((c) => (
        <option key={c.code} value={c.code}>
          {withNames ? `${c.code.toUpperCase()} · ${c.name}` : c.code.toUpperCase()}
        </option>
      ))}
    </select>
  );
  const coinSelect = (withNames: boolean) => (
    <select
      id={ids.coin}
      className={`${field} mt-1`}
      name="coin"
      value={coin}
      data-testid="fiat-coin"
      onChange={(event) => setCoin(event.target.value)}
    >
      {props.coins.map((c) => (
        <option key={c.code} value={c.code}>
          {withNames ? `${c.code.toUpperCase()} · ${c.name}` : c.code.toUpperCase()}
        </option>
      ))}
    </select>
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
          void showOffers();
        }}
      >
        {props.switchable && (
          <div className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1" data-testid="fiat-sides">
            {(['buy', 'sell'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={side === option}
                // The other side needs the script; without it the page's own side stays.
                className="js-only rounded-lg px-3 py-2 text-sm font-semibold text-muted aria-pressed:bg-surface aria-pressed:text-brand-700 aria-pressed:shadow"
                data-testid={`fiat-side-${option}`}
                onClick={() => switchTo(option)}
              >
                {t(option === 'buy' ? 'fiat.widget.tabBuy' : 'fiat.widget.tabSell')}
              </button>
            ))}
          </div>
        )}
        <input type="hidden" name="side" value={side} />
        <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
          <div>
            <label htmlFor={ids.amount} className="text-sm font-medium text-muted">
              {buy ? t('fiat.widget.youPay') : t('fiat.widget.youSell')}
            </label>
            <input
              id={ids.amount}
              className={`${field} mt-1 text-xl font-semibold`}
              inputMode="decimal"
              autoComplete="off"
              name="amount"
              value={amount}
              data-testid="fiat-amount"
              aria-invalid={problem?.field === 'amount' || undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={buy ? ids.currency : ids.coin} className="text-sm font-medium text-muted">
              {buy ? t('fiat.widget.currency') : t('fiat.widget.coin')}
            </label>
            {buy ? currencySelect(false) : coinSelect(false)}
          </div>
        </div>
        {/* One per row: the named picker and "Any method (cheapest)" need the card's whole width in
          the longer languages, or the select cuts its text. */}
        <div className="mt-3 grid gap-3">
          <div>
            <label htmlFor={buy ? ids.coin : ids.currency} className="text-sm font-medium text-muted">
              {buy ? t('fiat.widget.youGet') : t('fiat.widget.paidIn')}
            </label>
            {buy ? coinSelect(true) : currencySelect(true)}
          </div>
          <div>
            <label htmlFor={ids.method} className="text-sm font-medium text-muted">
              {t('fiat.widget.method')}
            </label>
            <select
              id={ids.method}
              className={`${field} mt-1`}
              name="paymentMethod"
              value={method}
              data-testid="fiat-method"
              onChange={(event) => setMethod(event.target.value as PaymentMethod | '')}
            >
              <option value="">{t('fiat.widget.anyMethod')}</option>
              {props.methods.map((m) => (
                <option key={m} value={m}>
                  {t(`fiat.methods.${m}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {problem && !offer && (
          <p className="mt-3 text-sm text-red-700" role="alert" data-testid="fiat-problem">
            {problem.message}
          </p>
        )}
        <Button
          type="submit"
          className="mt-4"
          block
          loading={busy === 'quote'}
          data-testid="fiat-show-offers"
        >
          {t('fiat.widget.showOffers')}
        </Button>

        {quote && (
          <section
            className="mt-5"
            data-testid="fiat-offers"
            data-count={quote.offers.length}
            aria-live="polite"
          >
            <h3 className="text-sm font-semibold">
              {t('fiat.widget.offersTitle', { count: quote.offers.length })}
            </h3>
            <ul className="mt-2 grid gap-2">
              {quote.offers.map((o, index) => (
                <li key={o.provider}>
                  <label
                    className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                    data-testid="fiat-offer"
                    data-provider={o.provider}
                  >
                    <input
                      type="radio"
                      name="offer"
                      form={orderForm}
                      value={`${o.provider} ${o.paymentMethod}`}
                      className="mt-1 accent-brand-600"
                      checked={chosen === o.provider}
                      onChange={() => setChosen(o.provider)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                        <span className="font-semibold">
                          {o.providerName}
                          {index === 0 && (
                            <span className="ml-2 rounded-full bg-green-700 px-1.5 text-[0.7rem] font-semibold text-white">
                              {t('fiat.widget.best')}
                            </span>
                          )}
                        </span>
                        <span className="font-semibold tabular-nums" data-testid="fiat-offer-amount">
                          {buy
                            ? `${formatDecimal(o.cryptoAmount, lang)} ${coin.toUpperCase()}`
                            : formatMoney(o.fiatAmount, currency, lang)}
                        </span>
                      </span>
                      <span className="block text-xs text-muted">
                        {t('fiat.widget.offerLine', {
                          method: t(`fiat.methods.${o.paymentMethod}`),
                          fee: formatMoney(o.fee, currency, lang),
                          rate: formatMoney(o.rate, currency, lang),
                          coin: coin.toUpperCase(),
                        })}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {offer && (
              <div className="mt-4">
                <label htmlFor={ids.wallet} className="text-sm font-medium text-muted">
                  {buy
                    ? t('fiat.widget.wallet', { coin: coin.toUpperCase() })
                    : t('fiat.widget.refundWallet', { coin: coin.toUpperCase() })}
                </label>
                <input
                  id={ids.wallet}
                  className={`${field} mt-1 font-mono text-sm`}
                  autoComplete="off"
                  spellCheck={false}
                  name="walletAddress"
                  form={orderForm}
                  value={wallet}
                  data-testid="fiat-wallet"
                  aria-invalid={problem?.field === 'walletAddress' || undefined}
                  onChange={(event) => setWallet(event.target.value)}
                />
                {problem && (
                  <p className="mt-2 text-sm text-red-700" role="alert" data-testid="fiat-problem">
                    {problem.message}
                  </p>
                )}
                <Button
                  type="submit"
                  form={orderForm}
                  className="mt-3"
                  block
                  loading={busy === 'order'}
                  // Before the code runs the server checks the address (an empty one comes back refused).
                  disabled={hydrated && !wallet.trim()}
                  data-testid="fiat-create-order"
                  onClick={(event) => {
                    event.preventDefault();
                    void placeOrder();
                  }}
                >
                  {buy
                    ? t('fiat.widget.buyWith', { provider: offer.providerName })
                    : t('fiat.widget.sellWith', { provider: offer.providerName })}
                </Button>
                <p className="mt-2 text-xs text-muted">
                  {t('fiat.widget.redirectNote', { provider: offer.providerName, unit })}
                </p>
              </div>
            )}
          </section>
        )}
      </form>
      {/* The order's own form (its offer and wallet fields point here): the compared request, and the key. */}
      <form id={orderForm} method="post" hidden>
        <input type="hidden" name="side" value={side} />
        <input type="hidden" name="fiat" value={currency} />
        <input type="hidden" name="coin" value={coin} />
        <input type="hidden" name="amount" value={amount} />
        <input type="hidden" name="key" value={key.current} />
      </form>
    </>
  );
}
