import { formatDecimal } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { CopyButton } from './CopyButton.tsx';
import { remaining } from './format.ts';
import { memoLabel } from './messages.ts';
import type { SwapSide } from './swap-page.server.ts';
import type { SwapView } from './types.ts';

/**
 * What to send, where: the deposit address as a QR code and as text, the amount and any memo,
 * each with its copy button, and the fixed rate's countdown. Shown only while the swap waits for
 * its deposit.
 */
export function DepositPrompt({
  swap,
  from,
  qrSvg,
  rateExpiresAt,
  now,
}: {
  swap: SwapView;
  from: SwapSide;
  qrSvg: string;
  rateExpiresAt: number | null;
  now: number;
}) {
  const { t } = useTranslation();
  const fromCode = from.code.toUpperCase();
  return (
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
        <DepositFields swap={swap} from={from} />
      </div>
      {rateExpiresAt !== null && <RateCountdown expiresAt={rateExpiresAt} now={now} />}
    </section>
  );
}

/** The amount, the address and any memo to send, each with its copy button. */
function DepositFields({ swap, from }: { swap: SwapView; from: SwapSide }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fromCode = from.code.toUpperCase();
  const depositMemoName = memoLabel(t, from.memoKind ?? 'memo');
  return (
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
  );
}

/** How long the fixed rate still holds, or that it ended. */
function RateCountdown({ expiresAt, now }: { expiresAt: number; now: number }) {
  const { t } = useTranslation();
  return (
    <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium" data-testid="rate-countdown">
      {now < expiresAt ? (
        <span suppressHydrationWarning>
          {t('swapStatus.deposit.fixedFor', { time: remaining(expiresAt, now) })}
        </span>
      ) : (
        t('swapStatus.deposit.fixedExpiredAsk')
      )}
    </p>
  );
}
