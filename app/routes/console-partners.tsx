import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consoleAction, consoleRequest, doneNotice } from '../console/console.server.ts';
import { ActionForm, Card, ConsolePage, Input, Table, when } from '../console/parts.tsx';
import { pageNotFound } from '../routing/page-loader.server.ts';

/**
 * Partners: who runs each, its affiliate share, balance and keys; withdrawals waiting to be sent or
 * refused; with `?id=`, one partner's widget theme, earnings by month, ledger and withdrawals.
 */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  const id = context.url.searchParams.get('id');
  const [partners, queued, detail] = await Promise.all([
    context.console.partners(),
    context.console.queuedWithdrawals(),
    id ? context.console.partner(id) : null,
  ]);
  if (id && !detail) pageNotFound(context.url);
  return { needsSecondFactor: false as const, partners, queued, detail, notice: doneNotice(context.url) };
}

export function action(args: ActionFunctionArgs) {
  return consoleAction(args, async ({ console: service, actor }, form) => {
    switch (form.intent) {
      case 'paid':
        await service.markWithdrawalPaid(actor, form.id ?? '', form.hash ?? '');
        return `Withdrawal ${form.id} marked paid.`;
      case 'refuse':
        await service.refuseWithdrawal(actor, form.id ?? '', form.reason ?? '');
        return `Withdrawal ${form.id} refused; its amount is back in the partner's balance.`;
      case 'revoke':
        await service.revokeKey(actor, form.id ?? '');
        return `Key ${form.id} revoked.`;
      default:
        await service.setAffiliateShare(actor, form.id ?? '', Number(form.bps));
        return `Share of ${form.id} set to ${form.bps} basis points.`;
    }
  });
}

export default function ConsolePartners() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor) {
    return (
      <ConsolePage name="partners" title="Partners" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  }
  const { partners, queued, detail, notice } = data;
  return (
    <ConsolePage name="partners" title="Partners" notice={notice}>
      {detail ? <PartnerDetail detail={detail} /> : null}
      <Card title="Withdrawals to send">
        <p className="mb-2 text-sm text-muted">
          Confirmed by the partner, waiting for the payout. Send it, then record its transaction here; or
          refuse it with a reason the partner will read (its amount goes back to the partner's balance).
        </p>
        <Table
          testId="withdrawal-list"
          head={['Partner', 'Amount', 'To', 'Confirmed', '']}
          rows={queued.map((withdrawal) => [
            withdrawal.partnerId,
            `${withdrawal.amount ?? '?'} ${withdrawal.coin.toUpperCase()} (${withdrawal.amountUsd} USD)`,
            <span key="to" className="break-all font-mono">
              {withdrawal.networkName}: {withdrawal.address}
              {withdrawal.memo ? ` (memo ${withdrawal.memo})` : ''}
            </span>,
            when(withdrawal.createdAt),
            <div key="actions" className="flex flex-col gap-2">
              <ActionForm intent="paid" submit="Mark paid" testId={`paid-${withdrawal.id}`}>
                <input type="hidden" name="id" value={withdrawal.id} />
                <Input name="hash" label="Payout transaction hash" />
              </ActionForm>
              <ActionForm intent="refuse" submit="Refuse" danger testId={`refuse-${withdrawal.id}`}>
                <input type="hidden" name="id" value={withdrawal.id} />
                <Input name="reason" label="Reason (the partner reads it)" />
              </ActionForm>
            </div>,
          ])}
        />
      </Card>
      <Card title="Partners">
        <Table
          testId="partner-list"
          head={['Partner', 'Account', 'Share', 'Balance', 'API keys', '']}
          rows={partners.map((partner) => [
            <span key="name">
              <a href={`?id=${encodeURIComponent(partner.id)}`} className="text-link">
                {partner.name}
              </a>
              <br />
              <code className="text-xs">{partner.id}</code>
            </span>,
            partner.email ?? '(command line)',
            `${partner.affiliateFeeBps / 100} %`,
            `${partner.balanceUsd} USD`,
            <div key="keys" className="flex flex-col gap-1">
              {partner.keys.length === 0 ? '–' : null}
              {partner.keys.map((key) => (
                <ActionForm key={key.id} intent="revoke" submit={`Revoke ${key.prefix}…`} danger>
                  <input type="hidden" name="id" value={key.id} />
                </ActionForm>
              ))}
            </div>,
            <ActionForm key="share" intent="share" submit="Set share" testId={`share-${partner.id}`}>
              <input type="hidden" name="id" value={partner.id} />
              <Input
                name="bps"
                label="Share in basis points (20 = 0.2 %)"
                defaultValue={String(partner.affiliateFeeBps)}
              />
            </ActionForm>,
          ])}
        />
      </Card>
    </ConsolePage>
  );
}

type Detail = NonNullable<
  Extract<ReturnType<typeof useLoaderData<typeof loader>>, { detail: unknown }>['detail']
>;

const usd = (value: string | number) => `${Number(value).toFixed(2)} USD`;

/** One partner, read-only: its widget theme, earnings (totals, by month, the latest rows), withdrawals. */
function PartnerDetail({ detail }: { detail: Detail }) {
  const { partner, theme, totals, months, rows, withdrawals } = detail;
  return (
    <div className="flex flex-col gap-4" data-testid="partner-detail">
      <Card title={`${partner.name} (${partner.id})`}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="partner-totals">
          <dt className="text-muted">Account</dt>
          <dd>{partner.email ?? '(command line)'}</dd>
          <dt className="text-muted">Since</dt>
          <dd>{when(partner.createdAt)}</dd>
          <dt className="text-muted">Balance</dt>
          <dd data-testid="partner-balance">{usd(totals.balanceUsd)}</dd>
          <dt className="text-muted">Earned (all time)</dt>
          <dd>{usd(totals.earnedUsd)}</dd>
          <dt className="text-muted">Earned this month</dt>
          <dd>{usd(totals.monthUsd)}</dd>
          <dt className="text-muted">Withdrawn</dt>
          <dd>{usd(totals.withdrawnUsd)}</dd>
          <dt className="text-muted">Swaps that earned</dt>
          <dd>{totals.swaps}</dd>
          <dt className="text-muted">API volume, 30 days</dt>
          <dd>
            {usd(totals.volume30dUsd)} (tier share {totals.tierShareBps / 100} % of our fee)
          </dd>
          <dt className="text-muted">Affiliate share</dt>
          <dd>{partner.affiliateFeeBps / 100} %</dd>
        </dl>
      </Card>
      <Card title="Widget theme">
        {theme ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="partner-theme">
            <dt className="text-muted">Brand name</dt>
            <dd>{theme.brandName ?? '–'}</dd>
            <dt className="text-muted">Host</dt>
            <dd>{theme.host ?? '–'}</dd>
            <dt className="text-muted">Mode</dt>
            <dd>{theme.mode ?? '–'}</dd>
            <dt className="text-muted">Corner radius</dt>
            <dd>{theme.radius === null ? '–' : `${theme.radius} px`}</dd>
            <dt className="text-muted">Our logo</dt>
            <dd>{theme.hideLogo ? 'hidden' : 'shown'}</dd>
            <dt className="text-muted">Colours</dt>
            <dd className="flex flex-wrap gap-3">
              {Object.entries(theme.colors).length === 0 ? '–' : null}
              {Object.entries(theme.colors).map(([name, value]) => (
                <span key={name} className="inline-flex items-center gap-1">
                  <span className="inline-block size-4 rounded border" style={{ backgroundColor: value }} />
                  {name} <code>{value}</code>
                </span>
              ))}
            </dd>
            <dt className="text-muted">Texts</dt>
            <dd>
              {Object.entries(theme.texts).length === 0 ? '–' : null}
              {Object.entries(theme.texts).map(([lang, text]) => (
                <div key={lang}>
                  <code>{lang}</code>: {text?.title ?? ''}
                  {text?.subtitle ? ` — ${text.subtitle}` : ''}
                </div>
              ))}
            </dd>
          </dl>
        ) : (
          <p className="text-sm text-muted" data-testid="partner-theme">
            No stored theme: the widget shows our look.
          </p>
        )}
      </Card>
      <Card title="Earnings by month (earnings less reversals)">
        <Table
          testId="partner-months"
          head={['Month', 'Earned']}
          rows={[...months]
            .reverse()
            .map((point) => [new Date(point.start).toISOString().slice(0, 7), usd(point.usd)])}
        />
      </Card>
      <Card title="Ledger (latest 50 rows)">
        <Table
          testId="partner-ledger"
          head={['Date', 'Kind', 'Programme', 'Swap or withdrawal', 'Amount', 'USD']}
          rows={rows.map((row) => [
            when(row.at),
            row.kind,
            row.programme ?? '–',
            row.swapId ? (
              <a key="ref" href={`/account/console/swaps/${row.swapId}`} className="text-link">
                {row.swapId}
              </a>
            ) : (
              (row.withdrawalId ?? '–')
            ),
            `${row.amount} ${row.coin.toUpperCase()}`,
            usd(row.usd),
          ])}
        />
      </Card>
      <Card title="Withdrawals">
        <Table
          testId="partner-withdrawals"
          head={['Asked', 'Amount', 'To', 'Status', 'Transaction or reason']}
          rows={withdrawals.map((withdrawal) => [
            when(withdrawal.createdAt),
            `${withdrawal.amountUsd} USD${withdrawal.amount ? ` (${withdrawal.amount} ${withdrawal.coin.toUpperCase()})` : ''}`,
            <span key="to" className="break-all font-mono">
              {withdrawal.networkName}: {withdrawal.address}
            </span>,
            withdrawal.status,
            withdrawal.txHash ?? withdrawal.refusedReason ?? '–',
          ])}
        />
      </Card>
      <p className="text-sm">
        <a href="?" className="text-link">
          All partners
        </a>
      </p>
    </div>
  );
}
