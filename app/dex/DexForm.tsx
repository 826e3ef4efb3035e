import type { Dispatch } from 'react';
import { formatPercent } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import type { DexNetworkView, DexTokenView } from './dex.server.ts';
import { type DexFormAction, type DexForm as DexFormState, SLIPPAGE_PRESETS } from './dex-form.ts';

const SELECT = 'w-full min-w-0 rounded-xl border border-slate-300 bg-surface px-3 py-2';
const FIELD = 'flex min-w-0 flex-col gap-1 text-sm font-medium';

/** The network picker (a GET of the page without JavaScript) and what the chosen network offers. */
export function DexNetworkPicker({
  networks,
  network,
  onChoose,
}: {
  networks: readonly DexNetworkView[];
  network: DexNetworkView;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation();
  const availableNames = networks.filter((n) => n.available).map((n) => n.name);
  return (
    <>
      <form method="get" action="" className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
          {t('dex.network')}
          <select
            name="network"
            data-testid="dex-network"
            value={network.id}
            onChange={(event) => onChoose(event.target.value)}
            className={SELECT}
          >
            {networks.map((n) => (
              <option key={n.id} value={n.id}>
                {n.available ? n.name : t('dex.networkUnavailable', { network: n.name })}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="btn btn-secondary btn-md">
            {t('dex.choose')}
          </button>
        </noscript>
      </form>

      {network.available ? null : (
        <p className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="dex-unavailable">
          {t('dex.notConfigured', { network: network.name })}{' '}
          {availableNames.length > 0
            ? t('dex.availableOn', { networks: availableNames.join(', ') })
            : t('dex.noneConfigured')}
        </p>
      )}
      {network.sandbox ? (
        <p className="mt-4 rounded-xl bg-sky-50 p-3 text-sm text-sky-900" data-testid="dex-sandbox">
          {t('dex.sandboxNote', { network: network.name })} {t('dex.sandboxWallet.resets')}
        </p>
      ) : null}
    </>
  );
}

/** One token picker of the form, with the chosen token's icon. */
function TokenPicker({
  name,
  label,
  value,
  token,
  tokens,
  onChange,
}: {
  name: 'sell' | 'buy';
  label: string;
  value: string;
  token: DexTokenView | undefined;
  tokens: readonly DexTokenView[];
  onChange: (address: string) => void;
}) {
  return (
    <label className={FIELD}>
      <span className="flex items-center gap-2">
        {token ? <img src={token.icon} alt="" width={20} height={20} loading="lazy" /> : null}
        {label}
      </span>
      <select
        name={name}
        data-testid={`dex-${name}-token`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={SELECT}
      >
        {tokens.map((option) => (
          <option key={option.address} value={option.address}>
            {`${option.symbol} · ${option.name}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The quote form: pair, amount and slippage. Without JavaScript (or before it ran) it is a GET of
 * the page, whose routes the server renders.
 */
export function DexQuoteForm({
  network,
  tokens,
  form,
  dispatch,
  sellToken,
  buyToken,
  amountInvalid,
  slippageValid,
}: {
  network: DexNetworkView;
  tokens: readonly DexTokenView[];
  form: DexFormState;
  dispatch: Dispatch<DexFormAction>;
  sellToken: DexTokenView | undefined;
  buyToken: DexTokenView | undefined;
  amountInvalid: boolean;
  slippageValid: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <form method="get" action="" data-testid="dex-quote-form" onSubmit={(event) => event.preventDefault()}>
      <input type="hidden" name="network" value={network.id} />
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <TokenPicker
          name="sell"
          label={t('dex.youPay')}
          value={form.sell}
          token={sellToken}
          tokens={tokens}
          onChange={(address) => dispatch({ type: 'sell', address })}
        />
        <TokenPicker
          name="buy"
          label={t('dex.youReceive')}
          value={form.buy}
          token={buyToken}
          tokens={tokens}
          onChange={(address) => dispatch({ type: 'buy', address })}
        />
        <label className={FIELD}>
          {t('dex.amount', { symbol: sellToken?.symbol ?? '' })}
          <input
            name="amount"
            data-testid="dex-amount"
            inputMode="decimal"
            autoComplete="off"
            value={form.amount}
            onChange={(event) => dispatch({ type: 'amount', value: event.target.value })}
            placeholder="0.0"
            className={SELECT}
          />
          {amountInvalid ? <span className="text-red-700">{t('dex.amountInvalid')}</span> : null}
        </label>
        <fieldset className={FIELD}>
          <legend>{t('dex.slippage')}</legend>
          <div className="flex flex-wrap items-center gap-2">
            {SLIPPAGE_PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                aria-pressed={form.slippage === preset}
                onClick={() => dispatch({ type: 'slippage', value: preset })}
                className={`rounded-full border px-3 py-1 ${form.slippage === preset ? 'border-brand-500 bg-brand-50' : 'border-slate-300'}`}
              >
                {formatPercent(Number(preset) / 100, lang)}
              </button>
            ))}
            <input
              name="slippage"
              data-testid="dex-slippage"
              aria-label={t('dex.slippageCustom')}
              inputMode="decimal"
              value={form.slippage}
              onChange={(event) => dispatch({ type: 'slippage', value: event.target.value })}
              className="w-20 rounded-xl border border-slate-300 bg-surface px-2 py-1"
            />
            <span aria-hidden="true">%</span>
          </div>
          <span className="font-normal text-muted">{t('dex.slippageHint')}</span>
          {slippageValid ? null : <span className="text-red-700">{t('dex.slippageInvalid')}</span>}
        </fieldset>
      </div>
      <noscript>
        <button type="submit" className="btn btn-primary btn-md mt-4" data-testid="dex-quote-submit">
          {t('dex.choose')}
        </button>
      </noscript>
    </form>
  );
}
