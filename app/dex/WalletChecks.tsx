import { formatDecimal } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { type Balances, shortAmount } from './amounts.ts';
import type { ConnectedWallet } from './use-wallet.tsx';

/**
 * Under the wallet: a switch when it is on another network, then its balance of the token sold
 * and what it lacks (`{prefix}-insufficient`: the amount; `-insufficient-gas`: the fee `cost`).
 */
export function WalletChecks({
  prefix,
  network,
  wallet,
  onChain,
  token,
  balances,
  shortBalance,
  shortGas,
  cost,
  onSwitch,
}: {
  prefix: string;
  network: { name: string; nativeSymbol: string };
  wallet: ConnectedWallet | null;
  onChain: boolean;
  token: { symbol: string; decimals: number } | null;
  balances: Balances | null;
  shortBalance: boolean;
  shortGas: boolean;
  /** Network fee plus the value sent, in the gas token's base units. */
  cost: bigint;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const tokenBalance =
    token && balances ? formatDecimal(shortAmount(balances.token, token.decimals), lang) : null;
  return (
    <>
      {wallet && !onChain ? (
        <div
          className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
          data-testid={`${prefix}-wrong-network`}
        >
          <p>{t('dex.wrongNetwork', { network: network.name })}</p>
          <Button className="mt-2" onClick={onSwitch} data-testid={`${prefix}-switch`}>
            {t('dex.switchNetwork', { network: network.name })}
          </Button>
        </div>
      ) : null}
      {wallet && onChain && token && tokenBalance !== null ? (
        <p className="mt-3 text-sm text-muted" data-testid={`${prefix}-balance`}>
          {t('dex.balance', { amount: tokenBalance, symbol: token.symbol })}
        </p>
      ) : null}
      {shortBalance && token && tokenBalance !== null ? (
        <p className="mt-3 text-sm text-red-700" data-testid={`${prefix}-insufficient`}>
          {t('dex.insufficientBalance', { symbol: token.symbol, balance: tokenBalance })}
        </p>
      ) : null}
      {shortGas ? (
        <p className="mt-3 text-sm text-red-700" data-testid={`${prefix}-insufficient-gas`}>
          {t('dex.insufficientGas', {
            symbol: network.nativeSymbol,
            fee: formatDecimal(shortAmount(cost, 18), lang),
          })}
        </p>
      ) : null}
    </>
  );
}

/**
 * The one transaction the wallet can send next: an approval of exactly `amount` (with its hint), or
 * the transaction itself (`{prefix}-{send.action}`).
 */
export function TxAction({
  prefix,
  next,
  busy,
  approve,
  send,
  onRun,
}: {
  prefix: string;
  next: 'approve' | 'send' | null;
  busy: boolean;
  approve: { amount: string; symbol: string };
  send: { label: string; testId: string };
  onRun: (action: 'approve' | 'send') => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (next === 'approve') {
    return (
      <div className="mt-4">
        <Button block loading={busy} onClick={() => onRun('approve')} data-testid={`${prefix}-approve`}>
          {t('dex.approve', { amount: formatDecimal(approve.amount, lang), symbol: approve.symbol })}
        </Button>
        <p className="mt-2 text-xs text-muted">{t('dex.approveHint')}</p>
      </div>
    );
  }
  if (next === 'send') {
    return (
      <Button className="mt-4" block loading={busy} onClick={() => onRun('send')} data-testid={send.testId}>
        {send.label}
      </Button>
    );
  }
  return null;
}
