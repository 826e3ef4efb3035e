import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consoleAction, consoleRequest, doneNotice } from '../console/console.server.ts';
import { ActionForm, Card, ConsolePage, Input, Table, when } from '../console/parts.tsx';

/** Partners: who runs each, its affiliate share, balance and keys; withdrawals waiting to be sent. */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  const [partners, queued] = await Promise.all([
    context.console.partners(),
    context.console.queuedWithdrawals(),
  ]);
  return { needsSecondFactor: false as const, partners, queued, notice: doneNotice(context.url) };
}

export function action(args: ActionFunctionArgs) {
  return consoleAction(args, async ({ console: service, actor }, form) => {
    switch (form.intent) {
      case 'paid':
        await service.markWithdrawalPaid(actor, form.id ?? '', form.hash ?? '');
        return `Withdrawal ${form.id} marked paid.`;
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
  const { partners, queued, notice } = data;
  return (
    <ConsolePage name="partners" title="Partners" notice={notice}>
      <Card title="Withdrawals to send">
        <p className="mb-2 text-sm text-muted">
          Confirmed by the partner, waiting for the payout. Send it, then record its transaction here.
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
            <ActionForm key="paid" intent="paid" submit="Mark paid" testId={`paid-${withdrawal.id}`}>
              <input type="hidden" name="id" value={withdrawal.id} />
              <Input name="hash" label="Payout transaction hash" />
            </ActionForm>,
          ])}
        />
      </Card>
      <Card title="Partners">
        <Table
          testId="partner-list"
          head={['Partner', 'Account', 'Share', 'Balance', 'API keys', '']}
          rows={partners.map((partner) => [
            <span key="name">
              {partner.name}
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
