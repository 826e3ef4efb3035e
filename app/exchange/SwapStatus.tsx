import './english-swap-status.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatDecimal } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ApiProblem, api } from '../lib/api-client.ts';
import type { PageData } from '../routing/page-loader.server.ts';
import { useLang } from '../routing/page-location.ts';
import '../support/english-reviews.ts';
import { Button } from '../ui/Button.tsx';
import { useMounted, useNow, useRevalidateEvery } from './api-hooks.ts';
import { CoinIcon } from './CoinIcon.tsx';
import { CopyButton } from './CopyButton.tsx';
import { cleanAmount, isPositiveAmount, remaining, typingAmount } from './format.ts';
import { memoLabel, problemText } from './messages.ts';
import { SwapAside } from './SwapAside.tsx';
import { DecisionPanel, RefundAddressForm, SwapProblemNote } from './SwapDecision.tsx';
import type { SwapPageData } from './swap-page.server.ts';
import {
  missingLink,
  POLL_MS,
  reachedAt,
  shownPayout,
  shownSwap,
  sideExits,
  stepState,
} from './swap-status-state.ts';
import { FINAL_STATUSES, MAIN_STATUSES, type SwapView } from './types.ts';

/**
 * A time in the visitor's time zone. The server and the hydration render show UTC, so both
 * renders agree; the local time replaces it once the page runs.
 */
function Time({ at }: { at: string }) {
  const lang = useLang();
  const mounted = useMounted();
  const format = new Intl.DateTimeFormat(lang, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    ...(mounted ? {} : { timeZone: 'UTC', timeZoneName: 'short' }),
  });
  return <time dateTime={at}>{format.format(new Date(at))}</time>;
}

/**
 * The swap page's live part: deposit instructions, amounts, the fixed-rate countdown, the status
 * timeline (the route loader runs again every 3 s until a final status), explorer links and, with
 * sandbox providers, the deposit simulator.
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
  const { t } = useTranslation();
  const lang = useLang();
  const { revalidate } = useRevalidator();
  // The loader's view of the swap, unless the sandbox's answer to a simulated deposit is newer.
  const [simulated, setSimulated] = useState<SwapView | null>(null);
  const swap = shownSwap(loaded, simulated);

  const shownStatus = swap.status;
  const swapRef = useRef(swap);
  swapRef.current = swap;
  useEffect(() => {
    if (shownStatus) onStatus?.(swapRef.current);
  }, [shownStatus, onStatus]);

  // The route loader is the source: it runs again every 3 s until the swap reaches a final status.
  const final = FINAL_STATUSES.has(swap.status);
  useRevalidateEvery(POLL_MS, !final);

  // Explorer links come from the loader: a hash it has not seen yet (in a simulated deposit's
  // answer) asks for them at once. Once per new hash, so a network without an explorer cannot
  // start a loop.
  const linkMissing = missingLink(swap, links);
  const hashes = `${swap.depositHash ?? ''}|${swap.payoutHash ?? ''}`;
  const revalidatedFor = useRef('');
  useEffect(() => {
    if (!linkMissing || revalidatedFor.current === hashes) return;
    revalidatedFor.current = hashes;
    void revalidate();
  }, [linkMissing, hashes, revalidate]);

  const fromCode = from.code.toUpperCase();
  const toCode = to.code.toUpperCase();
  const waiting = swap.status === 'waiting';
  const fixed = swap.rateType === 'fixed';
  const rateExpiresAt = fixed && swap.rateExpiresAt ? Date.parse(swap.rateExpiresAt) : null;
  const now = useNow(waiting && rateExpiresAt !== null);
  const depositMemoName = memoLabel(t, from.memoKind ?? 'memo');
  const payout = shownPayout(swap);

  return (
    <div
      data-testid="swap-status"
      data-status={swap.status}
      className={compact ? 'grid gap-4' : 'grid gap-6 lg:grid-cols-[1fr_22rem]'}
    >
      <div className="grid content-start gap-6">
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
              coin: fromCode,
              toCoin: toCode,
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

        {/* The deposit is asked for only while the swap waits for it: once it arrived, or the
            window closed, the page never invites another one. */}
        {waiting ? (
          <section
            aria-labelledby="deposit-heading"
            data-testid="deposit-prompt"
            className="rounded-2xl bg-surface p-5 shadow-md md:p-6"
          >
            <h2 id="deposit-heading" className="text-xl font-semibold">
              {t('swapStatus.deposit.title')}
            </h2>
            <p className="mt-1 text-muted">
              {t('swapStatus.deposit.instruction', {
                amount: swap.amountFrom,
                coin: fromCode,
                network: from.networkName,
              })}
            </p>
            <div className="mt-4 flex flex-col gap-5 sm:flex-row">
              <div
                role="img"
                aria-label={t('swapStatus.deposit.qr')}
                data-testid="deposit-qr"
                className="size-44 shrink-0 self-center rounded-lg bg-white p-1 [&>svg]:size-full"
                // The SVG is made on the server by the qrcode package from the deposit address.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: server-generated QR code SVG.
                dangerouslySetInnerHTML={{ __html: qrSvg }}
              />
              <dl className="grid min-w-0 flex-1 content-start gap-4">
                <div>
                  <dt className="text-sm text-muted">{t('swapStatus.deposit.amount')}</dt>
                  <dd className="mt-1 flex flex-wrap items-center gap-2">
                    <span className="text-lg font-semibold" data-testid="amount-send">
                      {formatDecimal(swap.amountFrom, lang)} {fromCode}
                    </span>
                    <CopyButton text={swap.amountFrom} label={t('swapStatus.deposit.copyAmount')} />
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-muted">
                    {t('swapStatus.deposit.address', { coin: fromCode, network: from.networkName })}
                  </dt>
                  <dd className="mt-1 flex flex-wrap items-center gap-2">
                    <code className="break-all font-mono text-sm" data-testid="deposit-address">
                      {swap.depositAddress}
                    </code>
                    <CopyButton
                      text={swap.depositAddress}
                      label={t('swapStatus.deposit.copyAddress')}
                      testId="copy-deposit-address"
                    />
                  </dd>
                </div>
                {swap.depositMemo && (
                  <div>
                    <dt className="text-sm text-muted">{depositMemoName}</dt>
                    <dd className="mt-1 flex flex-wrap items-center gap-2">
                      <code className="break-all font-mono text-sm" data-testid="deposit-memo">
                        {swap.depositMemo}
                      </code>
                      <CopyButton
                        text={swap.depositMemo}
                        label={t('swapStatus.deposit.copyMemo', { memo: depositMemoName })}
                        testId="copy-deposit-memo"
                      />
                    </dd>
                    <p className="mt-1 text-sm font-medium text-amber-800">
                      {t('swapStatus.deposit.memoWarning', { memo: depositMemoName })}
                    </p>
                  </div>
                )}
              </dl>
            </div>
            {rateExpiresAt !== null && (
              <p
                className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium"
                data-testid="rate-countdown"
              >
                {now < rateExpiresAt ? (
                  <span suppressHydrationWarning>
                    {t('swapStatus.deposit.fixedFor', { time: remaining(rateExpiresAt, now) })}
                  </span>
                ) : (
                  t('swapStatus.deposit.fixedExpiredAsk')
                )}
              </p>
            )}
          </section>
        ) : swap.status === 'expired' ? (
          <p
            className="rounded-2xl bg-red-50 p-5 font-medium text-red-800 md:p-6"
            data-testid="deposit-closed"
          >
            {t('swapStatus.deposit.closed')}
          </p>
        ) : null}

        {swap.status === 'action_needed' && !swap.decision && (
          <DecisionPanel swap={swap} from={from} to={to} />
        )}
        {swap.status === 'refunding' && swap.refundAddressNeeded && (
          <RefundAddressForm swap={swap} from={from} />
        )}

        {sandbox && waiting && <SimulateDeposit swap={swap} fromCode={fromCode} onDone={setSimulated} />}
        {/* Wide screens: help under the main column, beside the long side column. */}
        {!compact && (
          <div className="hidden lg:block">
            <SwapAside kind="status" />
          </div>
        )}
      </div>

      <div className="grid content-start gap-6">
        <section aria-labelledby="amounts-heading" className="rounded-2xl bg-surface p-5 shadow-md">
          <h2 id="amounts-heading" className="sr-only">
            {t('swapStatus.amounts')}
          </h2>
          <div className="flex items-center gap-3">
            <CoinIcon coin={from} size={32} />
            <div>
              <p className="text-xs text-muted">
                {swap.amountDeposited ? t('swapStatus.received') : t('swapStatus.send')}
              </p>
              <p className="font-semibold" data-testid="amount-sent">
                {formatDecimal(swap.amountDeposited ?? swap.amountFrom, lang)} {fromCode}
              </p>
              <p className="text-xs text-muted">{from.networkName}</p>
            </div>
          </div>
          <div className="mt-3 flex items-center gap-3">
            <CoinIcon coin={to} size={32} />
            <div>
              {payout ? (
                <>
                  <p className="text-xs text-muted">
                    {swap.amountPaidOut ? t('swapStatus.paidOut') : t('swapStatus.receive')}
                  </p>
                  <p className="font-semibold" data-testid="amount-receive">
                    {`${payout.approximate ? '≈ ' : ''}${formatDecimal(payout.amount, lang)}`} {toCode}
                  </p>
                </>
              ) : swap.status === 'action_needed' ? (
                <p className="text-sm text-muted" data-testid="amount-receive">
                  {t('swapStatus.payoutUndecided')}
                </p>
              ) : (
                <>
                  <p className="text-xs text-muted">{t('swapStatus.refundAmount')}</p>
                  <p className="font-semibold" data-testid="amount-refund">
                    {formatDecimal(swap.amountRefunded ?? swap.amountDeposited ?? swap.amountFrom, lang)}{' '}
                    {fromCode}
                  </p>
                </>
              )}
              <p className="text-xs text-muted">{to.networkName}</p>
            </div>
          </div>
          <p className="mt-3 text-sm text-muted">{t(`exchange.rate.${swap.rateType}`)}</p>
        </section>

        <Timeline swap={swap} />

        <section aria-labelledby="details-heading" className="rounded-2xl bg-surface p-5 shadow-md">
          <h2 id="details-heading" className="text-lg font-semibold">
            {t('swapStatus.details.title')}
          </h2>
          <dl className="mt-3 grid gap-3 text-sm">
            <div>
              <dt className="text-muted">{t('swapStatus.details.id')}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <code className="font-mono" data-testid="swap-id">
                  {swap.id}
                </code>
                <CopyButton text={swap.id} label={t('swapStatus.details.copyId')} />
              </dd>
            </div>
            <div>
              <dt className="text-muted">{t('swapStatus.details.created')}</dt>
              <dd>
                <Time at={swap.createdAt} />
              </dd>
            </div>
            <div>
              <dt className="text-muted">{t('swapStatus.details.payoutAddress', { coin: toCode })}</dt>
              <dd className="break-all font-mono" data-testid="payout-address">
                {links.payoutAddress ? (
                  <a
                    href={links.payoutAddress}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 underline"
                    data-testid="payout-address-link"
                  >
                    {swap.payoutAddress}
                  </a>
                ) : (
                  swap.payoutAddress
                )}
              </dd>
            </div>
            {swap.payoutMemo && (
              <div>
                <dt className="text-muted">{memoLabel(t, to.memoKind ?? 'memo')}</dt>
                <dd className="break-all font-mono">{swap.payoutMemo}</dd>
              </div>
            )}
            {swap.refundAddress && (
              <div>
                <dt className="text-muted">{t('swapStatus.details.refundAddress', { coin: fromCode })}</dt>
                <dd className="break-all font-mono">{swap.refundAddress}</dd>
              </div>
            )}
            {swap.depositHash && (
              <div>
                <dt className="text-muted">{t('swapStatus.details.depositTx')}</dt>
                <dd className="break-all font-mono">
                  <TxLink href={links.depositTx} hash={swap.depositHash} testId="deposit-tx-link" />
                </dd>
              </div>
            )}
            {swap.refundHash && (
              <div>
                <dt className="text-muted">{t('swapStatus.details.refundTx')}</dt>
                <dd className="break-all font-mono">
                  <TxLink href={swap.refundTxUrl} hash={swap.refundHash} testId="refund-tx-link" />
                </dd>
              </div>
            )}
            {swap.payoutHash && (
              <div>
                <dt className="text-muted">{t('swapStatus.details.payoutTx')}</dt>
                <dd className="break-all font-mono">
                  <TxLink href={links.payoutTx} hash={swap.payoutHash} testId="payout-tx-link" />
                </dd>
              </div>
            )}
          </dl>
        </section>
        {!compact && (
          <div className="lg:hidden">
            <SwapAside kind="status" />
          </div>
        )}
      </div>
    </div>
  );
}

function TxLink({ href, hash, testId }: { href: string | null; hash: string; testId: string }) {
  const { t } = useTranslation();
  if (!href) return <span>{hash}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-brand-700 underline"
      data-testid={testId}
      title={t('swapStatus.details.explorer')}
    >
      {hash}
    </a>
  );
}

/** All the main statuses in order, the reached ones with their time, and any side exit after them. */
function Timeline({ swap }: { swap: SwapView }) {
  const { t } = useTranslation();
  const exits = sideExits(swap);
  return (
    <section aria-labelledby="timeline-heading" className="rounded-2xl bg-surface p-5 shadow-md">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        {t('swapStatus.timeline')}
      </h2>
      <ol className="mt-3 grid gap-0" data-testid="timeline">
        {MAIN_STATUSES.map((status) => {
          const at = reachedAt(swap, status);
          const state = stepState(swap, status);
          return (
            <li
              key={status}
              data-testid={`timeline-${status}`}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className="relative flex gap-3 pb-4 last:pb-0"
            >
              <span
                aria-hidden="true"
                className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  state === 'done'
                    ? 'bg-green-600 text-white'
                    : state === 'current'
                      ? 'bg-brand-600 text-white ring-4 ring-brand-50'
                      : 'border-2 border-slate-300 bg-surface'
                }`}
              >
                {state === 'done' ? '✓' : ''}
              </span>
              <span className="flex flex-col">
                <span className={state === 'pending' || state === 'skipped' ? 'text-muted' : 'font-medium'}>
                  {t(`swapStatus.statuses.${status}.label`)}
                  <span className="sr-only"> ({t(`swapStatus.step.${state}`)})</span>
                </span>
                {at && (
                  <span className="text-xs text-muted">
                    <Time at={at} />
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {exits.length > 0 && (
        <ul className="mt-4 grid gap-2">
          {exits.map((status) => {
            const at = reachedAt(swap, status);
            const current = swap.status === status;
            return (
              <li
                key={status}
                data-testid={`timeline-${status}`}
                data-state={current ? 'current' : 'done'}
                className={`rounded-lg px-3 py-2 text-sm ${
                  status === 'hold' || status === 'action_needed'
                    ? 'bg-amber-50 text-amber-900'
                    : 'bg-red-50 text-red-900'
                }`}
              >
                <p className="font-semibold">{t(`swapStatus.statuses.${status}.label`)}</p>
                <p>
                  {t(`swapStatus.statuses.${status}.description`, {
                    amount: swap.amountDeposited ?? swap.amountFrom,
                    coin: swap.from.toUpperCase(),
                    toCoin: swap.to.toUpperCase(),
                  })}
                </p>
                {at && (
                  <p className="text-xs opacity-80">
                    <Time at={at} />
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Sandbox only: pretends the visitor paid, with the expected amount or any other. */
function SimulateDeposit({
  swap,
  fromCode,
  onDone,
}: {
  swap: SwapView;
  fromCode: string;
  onDone: (swap: SwapView) => void;
}) {
  const lang = useLang();
  const { t } = useTranslation();
  const id = useId();
  const [amount, setAmount] = useState(swap.amountFrom);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!isPositiveAmount(amount)) {
      setError(t('exchange.errors.amount'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const next = await api<SwapView>(`/api/v1/sandbox/swaps/${swap.id}/deposit`, {
        lang,
        method: 'POST',
        body: { amount: cleanAmount(amount) },
      });
      onDone(next);
    } catch (problem) {
      setError(
        problemText(t, problem instanceof ApiProblem ? problem : new ApiProblem(0, 'network_error', '')),
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="simulate-deposit"
      className="rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('swapStatus.sandbox.title')}
      </h2>
      <p className="mt-1 text-sm">{t('swapStatus.sandbox.description')}</p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex min-w-32 flex-1 flex-col">
          <label htmlFor={`${id}-amount`} className="text-sm font-medium">
            {t('swapStatus.sandbox.amount', { coin: fromCode })}
          </label>
          <input
            id={`${id}-amount`}
            type="text"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(typingAmount(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid="simulate-amount"
            className="mt-1 rounded-lg border border-slate-300 bg-surface px-3 py-2 focus:border-brand-500 focus:outline-none"
          />
        </div>
        <Button type="submit" loading={sending} data-testid="simulate-submit">
          {sending ? t('swapStatus.sandbox.sending') : t('swapStatus.sandbox.submit')}
        </Button>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
