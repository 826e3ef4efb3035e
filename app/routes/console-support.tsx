import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consoleAction, consoleRequest, doneNotice } from '../console/console.server.ts';
import { ActionForm, Card, CONSOLE_BASE, ConsolePage, Table, TextArea, when } from '../console/parts.tsx';

const KINDS = { contact: 'Contact', add_coin: 'Add a coin', partner_demo: 'Partner demo' } as const;

/** The support inbox: contact, add-coin and demo requests, oldest open first; `?id=` opens one. */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  const closed = context.url.searchParams.get('state') === 'closed';
  const id = Number(context.url.searchParams.get('id'));
  const open = Number.isInteger(id) && id > 0 ? await context.console.supportRequest(id) : null;
  return {
    needsSecondFactor: false as const,
    closed,
    requests: await context.console.supportRequests(closed ? 'closed' : 'open'),
    open,
    notice: doneNotice(context.url),
  };
}

export function action(args: ActionFunctionArgs) {
  return consoleAction(args, async ({ console: service, actor, host }, form) => {
    const id = Number(form.id);
    if (form.intent === 'close') {
      await service.closeSupport(actor, id);
      return `Request #${id} closed.`;
    }
    await service.reply(actor, id, form.text ?? '', host);
    return `Reply to #${id} queued in the mail outbox.`;
  });
}

export default function ConsoleSupport() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor)
    return (
      <ConsolePage name="support" title="Support inbox" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  const { closed, requests, open, notice } = data;
  return (
    <ConsolePage name="support" title="Support inbox" notice={notice}>
      <p className="text-sm">
        {closed ? (
          <a className="underline" href={`${CONSOLE_BASE}/support`}>
            Show open requests
          </a>
        ) : (
          <a className="underline" href={`${CONSOLE_BASE}/support?state=closed`}>
            Show closed requests
          </a>
        )}
      </p>
      {open ? (
        <Card title={`#${open.request.id} · ${KINDS[open.request.kind]} · ${open.request.name}`}>
          <div className="flex flex-col gap-3 text-sm" data-testid="support-request">
            <p>
              From {open.request.email}, {when(open.request.createdAt)}, page language {open.request.lang}
            </p>
            {Object.entries(open.request.details).map(([key, value]) => (
              <p key={key}>
                <span className="text-muted">{key}: </span>
                {value}
              </p>
            ))}
            <p className="whitespace-pre-wrap rounded-lg bg-gray-50 p-3">{open.request.message}</p>
            {open.replies.map((reply) => (
              <p
                key={reply.id}
                className="whitespace-pre-wrap rounded-lg border p-3"
                data-testid="support-reply"
              >
                <span className="text-muted">
                  {reply.authorEmail}, {when(reply.createdAt)}:{' '}
                </span>
                {reply.text}
              </p>
            ))}
            <ActionForm intent="reply" submit="Send the reply" testId="form-reply">
              <input type="hidden" name="id" value={open.request.id} />
              <TextArea name="text" label={`Reply to ${open.request.email}`} />
            </ActionForm>
            {open.request.closedAt ? (
              <p>Closed {when(open.request.closedAt)}.</p>
            ) : (
              <ActionForm intent="close" submit="Close the request" testId="form-close">
                <input type="hidden" name="id" value={open.request.id} />
              </ActionForm>
            )}
          </div>
        </Card>
      ) : null}
      <Card>
        <Table
          testId="support-list"
          head={['#', 'Kind', 'From', 'Received', 'Message']}
          rows={requests.map((request) => [
            <a
              key={request.id}
              className="underline"
              href={`${CONSOLE_BASE}/support?id=${request.id}${closed ? '&state=closed' : ''}`}
            >
              #{request.id}
            </a>,
            KINDS[request.kind],
            request.name,
            when(request.createdAt),
            request.message.length > 80 ? `${request.message.slice(0, 80)}…` : request.message,
          ])}
        />
      </Card>
    </ConsolePage>
  );
}
