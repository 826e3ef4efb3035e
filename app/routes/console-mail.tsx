import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consoleAction, consoleRequest, doneNotice } from '../console/console.server.ts';
import { ActionForm, Card, ConsolePage, Table, when } from '../console/parts.tsx';

/** The mail outbox: what was sent, what waits (with its last error), and a resend. */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  return {
    needsSecondFactor: false as const,
    mails: await context.console.outbox(),
    notice: doneNotice(context.url),
  };
}

export function action(args: ActionFunctionArgs) {
  return consoleAction(args, async ({ console: service, actor }, form) => {
    const id = Number(form.id);
    const queued = await service.resendMail(actor, id);
    return queued === id ? `Mail #${id} is tried again now.` : `Mail #${id} queued again as #${queued}.`;
  });
}

export default function ConsoleMail() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor)
    return (
      <ConsolePage name="mail" title="Mail outbox" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  const { mails, notice } = data;
  return (
    <ConsolePage name="mail" title="Mail outbox" notice={notice}>
      <Card>
        <Table
          testId="mail-list"
          head={['#', 'To', 'Subject', 'Status', 'Tries', 'Last error', 'Queued', '']}
          rows={mails.map((mail) => [
            `#${mail.id}`,
            mail.to,
            mail.subject,
            mail.status === 'sent'
              ? `sent ${when(mail.sentAt)}`
              : `pending, next ${when(mail.nextAttemptAt)}`,
            String(mail.attempts),
            mail.lastError ?? '',
            when(mail.createdAt),
            <ActionForm key="resend" intent="resend" submit="Resend">
              <input type="hidden" name="id" value={mail.id} />
            </ActionForm>,
          ])}
        />
      </Card>
    </ConsolePage>
  );
}
