import { Form, useActionData, useNavigation } from 'react-router';
import type { FiatOrderView } from '../../core/fiat/orders.ts';
import { formatDateTime, formatDecimal } from '../../core/i18n/format.ts';
import { CopyButton } from '../exchange/CopyButton.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { formatMoney } from './money.ts';
import type { SaleActionResult, SalePageData } from './sale.server.ts';

const field =
  'w-full min-w-0 rounded-lg border border-slate-200 bg-surface px-3 py-2 font-mono text-base focus:border-brand-500 focus:outline-none';

type SaleError = SaleActionResult['error'];

/** Where the money goes: the IBAN or card already given, else the form for it (and an email). */
function PayoutSection({
  order,
  money,
  open,
  busy,
  error,
}: {
  order: FiatOrderView;
  money: string;
  open: boolean;
  busy: boolean;
  error: SaleError;
}) {
  const { t } = useTranslation();
  const { payout, deposit } = order;
  if (!payout || !deposit) return null;
  const iban = payout.kind === 'iban';
  return (
    <section className="rounded-2xl bg-surface p-5 shadow-md md:p-6" aria-labelledby="payout-heading">
      <h2 id="payout-heading" className="text-xl font-semibold">
        {t('fiat.sell.payoutTitle')}
      </h2>
      {payout.destination && (
        <p className="mt-2">
          {t('fiat.sell.payoutTo')}:{' '}
          <span className="font-mono font-semibold" data-testid="payout-destination">
            {payout.destination}
          </span>
        </p>
      )}
      {open && !deposit.txHash && (
        <Form method="post" className="mt-3 grid gap-2" data-testid="payout-form">
          <input type="hidden" name="intent" value="payout" />
          <label htmlFor="sale-destination" className="font-medium">
            {iban ? t('fiat.sell.payoutIban') : t('fiat.sell.payoutCard')}
          </label>
          <input
            id="sale-destination"
            name="destination"
            className={field}
            required
            maxLength={64}
            autoComplete={iban ? 'off' : 'cc-number'}
            inputMode={iban ? 'text' : 'numeric'}
            aria-invalid={error?.field === 'destination' || undefined}
            aria-describedby="sale-destination-hint"
          />
          <p id="sale-destination-hint" className="text-sm text-muted">
            {t(iban ? 'fiat.sell.payoutIbanHint' : 'fiat.sell.payoutCardHint', {
              provider: order.providerName,
              money,
            })}
          </p>
          <label htmlFor="sale-email" className="mt-2 font-medium">
            {t('fiat.sell.email')}{' '}
            <span className="font-normal text-muted">{t('exchange.create.optional')}</span>
          </label>
          <input
            id="sale-email"
            name="email"
            type="email"
            inputMode="email"
            className={field}
            maxLength={254}
            autoComplete="email"
            spellCheck={false}
            aria-invalid={error?.field === 'email' || undefined}
            aria-describedby="sale-email-hint"
            data-testid="sale-email"
          />
          <p id="sale-email-hint" className="text-sm text-muted">
            {t('fiat.sell.emailHint')}
          </p>
          <Button type="submit" disabled={busy} data-testid="payout-save">
            {t('fiat.sell.payoutSave')}
          </Button>
        </Form>
      )}
    </section>
  );
}

type Deposit = NonNullable<FiatOrderView['deposit']>;

/** The ramp's deposit address: QR code, amount, address, memo and deadline, each to copy. */
function DepositDetails({
  deposit,
  amount,
  providerName,
  memoName,
  qrSvg,
}: {
  deposit: Deposit & { address: string };
  amount: string;
  providerName: string;
  memoName: string;
  qrSvg: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="mt-4 flex flex-col gap-5 sm:flex-row">
      <div
        role="img"
        aria-label={t('swapStatus.deposit.qr')}
        data-testid="sale-deposit-qr"
        className="size-44 shrink-0 self-center rounded-lg bg-white p-1 [&>svg]:size-full"
        // The SVG is made on the server by the qrcode package from the deposit address.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-generated QR code SVG.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <dl className="grid min-w-0 flex-1 content-start gap-4">
        <div>
          <dt className="text-sm text-muted">{t('fiat.sell.amount')}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold" data-testid="sale-deposit-amount">
              {amount}
            </span>
            <CopyButton text={deposit.amount} label={t('swapStatus.deposit.copyAmount')} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('fiat.sell.depositAddress', { provider: providerName })}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <code className="break-all font-mono text-sm" data-testid="sale-deposit-address">
              {deposit.address}
            </code>
            <CopyButton text={deposit.address} label={t('swapStatus.deposit.copyAddress')} />
          </dd>
        </div>
        {deposit.memo && (
          <div>
            <dt className="text-sm text-muted">{memoName}</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <code className="break-all font-mono text-sm" data-testid="sale-deposit-memo">
                {deposit.memo}
              </code>
              <CopyButton text={deposit.memo} label={t('swapStatus.deposit.copyMemo', { memo: memoName })} />
            </dd>
            <p className="mt-1 text-sm font-medium text-amber-800">
              {t('swapStatus.deposit.memoWarning', { memo: memoName })}
            </p>
          </div>
        )}
        <div>
          <dt className="text-sm text-muted">{t('fiat.sell.deadline')}</dt>
          <dd className="mt-1">{formatDateTime(deposit.deadline, lang)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Where the coins go (once the payout is known); in the sandbox, "I have sent it". */
function DepositSection({
  data,
  amount,
  open,
  busy,
}: {
  data: SalePageData;
  amount: string;
  open: boolean;
  busy: boolean;
}) {
  const { order, networkName, qrSvg, memoKind, sandbox } = data;
  const { t } = useTranslation();
  const lang = useLang();
  const { deposit } = order;
  if (!deposit) return null;
  const coin = order.coin.toUpperCase();
  const address = deposit.address;
  return (
    <section
      className="rounded-2xl bg-surface p-5 shadow-md md:p-6"
      aria-labelledby="sale-deposit-heading"
      data-testid="sale-deposit"
    >
      <h2 id="sale-deposit-heading" className="text-xl font-semibold">
        {t('fiat.sell.depositTitle', { coin })}
      </h2>
      {address ? (
        <>
          <p className="mt-1 text-muted">
            {t('fiat.sell.depositInstruction', {
              amount: formatDecimal(deposit.amount, lang),
              coin,
              network: networkName,
              deadline: formatDateTime(deposit.deadline, lang),
            })}
          </p>
          <DepositDetails
            deposit={{ ...deposit, address }}
            amount={amount}
            providerName={order.providerName}
            memoName={t(`exchange.memoNames.${memoKind}`)}
            qrSvg={qrSvg}
          />
        </>
      ) : (
        <p className="mt-1">{t('fiat.sell.depositAtProvider', { provider: order.providerName })}</p>
      )}
      {sandbox && open && !deposit.txHash && (
        <Form method="post" className="mt-5 rounded-lg bg-amber-50 p-4" data-testid="sale-sandbox">
          <input type="hidden" name="intent" value="deposit" />
          <p className="font-semibold">{t('fiat.sell.sandboxTitle')}</p>
          <p className="mt-1 text-sm">{t('fiat.sell.sandboxText')}</p>
          <Button type="submit" className="mt-3" disabled={busy} data-testid="sale-sent">
            {t('fiat.sell.sandboxSend')}
          </Button>
        </Form>
      )}
    </section>
  );
}

/**
 * A sale's checkout: first where the money goes (an IBAN or a card, as the ramp takes it), then
 * where the coins go (the ramp's deposit address with QR code, memo, amount and deadline). Both are
 * plain HTML forms posting to the route action; the sandbox adds "I have sent it".
 */
export function SaleCheckout({ data }: { data: SalePageData }) {
  const { order } = data;
  const { t } = useTranslation();
  const lang = useLang();
  const posted = useActionData<SaleActionResult>();
  const busy = useNavigation().state === 'submitting';
  const { deposit, payout } = order;
  if (!deposit || !payout) return null;
  const money = formatMoney(order.fiatAmount, order.fiat, lang);
  const amount = `${formatDecimal(deposit.amount, lang)} ${order.coin.toUpperCase()}`;
  const open = payout.stage === 'payout_details' || payout.stage === 'awaiting_deposit';
  const error = posted?.error;
  return (
    <div className="grid gap-6" data-testid="sale-checkout" data-stage={payout.stage}>
      <p className="text-muted">{t('fiat.sell.summary', { amount, money, provider: order.providerName })}</p>
      {!open && <p className="font-semibold">{t('fiat.sell.closed')}</p>}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800" data-testid="sale-error">
          {error.message}
        </p>
      )}
      <PayoutSection order={order} money={money} open={open} busy={busy} error={error} />
      {payout.destination && <DepositSection data={data} amount={amount} open={open} busy={busy} />}
    </div>
  );
}
