import { useTranslation } from '../i18n/react.tsx';

interface Side {
  network: { id: string; name: string; sandbox: boolean };
  token: { symbol: string; address: string; icon: string };
}

/** What the pair page moves where, the bridges set up for it, and the amount to send. */
export function PairForm({
  from,
  to,
  bridges,
  amount,
  onAmount,
  amountInvalid,
  locked,
}: {
  from: Side;
  to: Side;
  bridges: readonly string[];
  amount: string;
  onAmount: (amount: string) => void;
  amountInvalid: boolean;
  /** A transfer is under way: the amount stays as sent. */
  locked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 id="xchain-form-title" className="sr-only">
        {t('dex.formTitle')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {[from, to].map((side, index) => (
          <div key={side.network.id} className="min-w-0 rounded-xl bg-slate-50 p-3 text-sm">
            <span className="text-muted">{index === 0 ? t('dex.youPay') : t('dex.youReceive')}</span>
            <p className="mt-1 flex items-center gap-2 font-semibold">
              <img src={side.token.icon} alt="" width={20} height={20} loading="lazy" />
              {t('crossChain.tokenOn', { symbol: side.token.symbol, network: side.network.name })}
            </p>
            <p className="truncate font-mono text-xs text-muted" title={side.token.address}>
              {side.token.address}
            </p>
          </div>
        ))}
      </div>
      {from.network.sandbox || to.network.sandbox ? (
        <p className="mt-4 rounded-xl bg-sky-50 p-3 text-sm text-sky-900" data-testid="xchain-sandbox">
          {t('crossChain.sandboxNote')} {t('dex.sandboxWallet.resets')}
        </p>
      ) : null}
      {bridges.length === 0 ? (
        <p className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="xchain-no-bridge">
          {t('crossChain.noBridge')}
        </p>
      ) : (
        <p className="mt-4 text-sm text-muted">{t('crossChain.via', { bridges: bridges.join(', ') })}</p>
      )}

      <label className="mt-5 flex min-w-0 flex-col gap-1 text-sm font-medium">
        {t('dex.amount', { symbol: from.token.symbol })}
        <input
          data-testid="xchain-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          disabled={locked}
          onChange={(event) => onAmount(event.target.value.replace(',', '.'))}
          placeholder="0.0"
          className="w-full min-w-0 rounded-xl border border-slate-300 bg-surface px-3 py-2"
        />
        {amountInvalid ? <span className="text-red-700">{t('dex.amountInvalid')}</span> : null}
      </label>
    </>
  );
}
