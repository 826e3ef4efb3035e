import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consoleAction, consoleRequest, doneNotice } from '../console/console.server.ts';
import { ActionForm, Card, ConsolePage, Input, Table, TextArea, when } from '../console/parts.tsx';
import { pageNotFound } from '../routing/page-loader.server.ts';

/** One swap's full history (status events, notes, console actions) and what may be done with it. */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  const id = context.page.params.swapId ?? '';
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  const found = await context.console.swap(id);
  if (!found) pageNotFound(context.url);
  return {
    needsSecondFactor: false as const,
    ...found,
    notice: doneNotice(context.url),
    role: context.actor.role,
  };
}

export function action(args: ActionFunctionArgs) {
  return consoleAction(args, async ({ console: service, actor, page }, form) => {
    const id = page.params.swapId ?? '';
    switch (form.intent) {
      case 'note':
        await service.addNote(actor, { type: 'swap', id }, form.text ?? '');
        return 'Note added.';
      case 'recheck':
        return `Asked the provider: the swap is ${await service.recheckSwap(actor, id)}.`;
      case 'refund-hash':
        await service.recordRefundHash(actor, id, form.hash ?? '');
        return 'Refund recorded.';
      default:
        return 'Nothing done.';
    }
  });
}

const FIELDS = [
  'status',
  'provider',
  'providerSwapId',
  'rateType',
  'amountFrom',
  'fromCoin',
  'fromNetwork',
  'amountTo',
  'toCoin',
  'toNetwork',
  'amountDeposited',
  'amountExpected',
  'amountPaidOut',
  'amountRefunded',
  'problem',
  'decision',
  'depositAddress',
  'depositMemo',
  'payoutAddress',
  'refundAddress',
  'depositHash',
  'payoutHash',
  'refundHash',
  'partnerId',
  'notifyEmail',
  'createdAt',
  'updatedAt',
] as const;

export default function ConsoleSwap() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor)
    return (
      <ConsolePage name="swap" title="Swap" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  const { swap, events, notes, audit, notice, role } = data;
  return (
    <ConsolePage name="swap" title={`Swap ${swap.id}`} notice={notice}>
      <Card>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" data-testid="console-swap">
          {FIELDS.map((field) => {
            const value = swap[field];
            return value === null || value === undefined ? null : (
              <div key={field} className="contents">
                <dt className="text-muted">{field}</dt>
                <dd className="break-all font-mono">{value instanceof Date ? when(value) : String(value)}</dd>
              </div>
            );
          })}
        </dl>
      </Card>
      <Card title="Actions">
        <div className="flex flex-col gap-4">
          <ActionForm intent="recheck" submit="Ask the provider for its status now" testId="form-recheck" />
          {role === 'operator' &&
          (swap.status === 'refunding' || (swap.status === 'refunded' && !swap.refundHash)) ? (
            <ActionForm intent="refund-hash" submit="Record the refund" testId="form-refund-hash">
              <Input name="hash" label="Refund transaction hash" wide />
            </ActionForm>
          ) : null}
          <ActionForm intent="note" submit="Add the note" testId="form-note">
            <TextArea name="text" label="Note (seen by operators only)" />
          </ActionForm>
        </div>
      </Card>
      <Card title="History">
        <Table head={['When', 'Status']} rows={events.map((event) => [when(event.at), event.status])} />
      </Card>
      <Card title="Notes">
        <Table
          head={['When', 'Who', 'Note']}
          rows={notes.map((note) => [when(note.createdAt), note.authorEmail, note.text])}
        />
      </Card>
      <Card title="Console actions">
        <Table
          head={['When', 'Who', 'Action', 'Before', 'After']}
          rows={audit.map((entry) => [
            when(entry.createdAt),
            entry.actorEmail,
            entry.action,
            JSON.stringify(entry.before),
            JSON.stringify(entry.after),
          ])}
        />
      </Card>
    </ConsolePage>
  );
}
