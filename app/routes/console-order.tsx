import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consoleAction, consoleRequest, doneNotice } from '../console/console.server.ts';
import { ActionForm, Card, ConsolePage, Table, TextArea, when } from '../console/parts.tsx';
import { pageNotFound } from '../routing/page-loader.server.ts';

/** One fiat order's history (both legs of a sale), notes and console actions. */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  const id = context.page.params.orderId ?? '';
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  const found = await context.console.order(id);
  if (!found) pageNotFound(context.url);
  return { needsSecondFactor: false as const, ...found, notice: doneNotice(context.url) };
}

export function action(args: ActionFunctionArgs) {
  return consoleAction(args, async ({ console: service, actor, page }, form) => {
    await service.addNote(actor, { type: 'fiat', id: page.params.orderId ?? '' }, form.text ?? '');
    return 'Note added.';
  });
}

const FIELDS = [
  'status',
  'side',
  'provider',
  'providerOrderId',
  'fiatAmount',
  'fiat',
  'cryptoAmount',
  'coin',
  'network',
  'paymentMethod',
  'country',
  'walletAddress',
  'depositAddress',
  'depositReceived',
  'depositTxHash',
  'payoutKind',
  'txHash',
  'failureReason',
  'createdAt',
  'updatedAt',
] as const;

export default function ConsoleOrder() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor)
    return (
      <ConsolePage name="order" title="Fiat order" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  const { order, events, notes, audit, notice } = data;
  return (
    <ConsolePage name="order" title={`Fiat order ${order.id}`} notice={notice}>
      <Card>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {FIELDS.map((field) => {
            const value = order[field];
            return value === null || value === undefined ? null : (
              <div key={field} className="contents">
                <dt className="text-muted">{field}</dt>
                <dd className="break-all font-mono">{value instanceof Date ? when(value) : String(value)}</dd>
              </div>
            );
          })}
        </dl>
      </Card>
      <Card title="Note">
        <ActionForm intent="note" submit="Add the note">
          <TextArea name="text" label="Note (seen by operators only)" />
        </ActionForm>
      </Card>
      <Card title="History">
        <Table
          head={['When', 'Status', 'Source']}
          rows={events.map((event) => [when(event.at), event.status, event.source])}
        />
      </Card>
      <Card title="Notes and console actions">
        <Table
          head={['When', 'Who', 'Note']}
          rows={notes.map((note) => [when(note.createdAt), note.authorEmail, note.text])}
        />
        <Table
          head={['When', 'Who', 'Action']}
          rows={audit.map((entry) => [when(entry.createdAt), entry.actorEmail, entry.action])}
        />
      </Card>
    </ConsolePage>
  );
}
