import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consoleRequest } from '../console/console.server.ts';
import { Card, CONSOLE_BASE, ConsolePage, Table, when } from '../console/parts.tsx';

/** The audit log, newest first (`?before=` pages back), with its CSV export. */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  const before = Number(context.url.searchParams.get('before'));
  const entries = await context.console.auditLog({
    limit: 100,
    ...(Number.isInteger(before) && before > 0 ? { beforeId: before } : {}),
  });
  return { needsSecondFactor: false as const, entries };
}

export default function ConsoleAudit() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor)
    return (
      <ConsolePage name="audit" title="Audit log" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  const { entries } = data;
  const last = entries.at(-1);
  return (
    <ConsolePage name="audit" title="Audit log">
      <p className="text-sm">
        <a className="underline" href={`${CONSOLE_BASE}/audit.csv`} download>
          Export the whole log as CSV
        </a>
      </p>
      <Card>
        <Table
          testId="audit-list"
          head={['When', 'Who', 'Action', 'Target', 'Before', 'After']}
          rows={entries.map((entry) => [
            when(entry.createdAt),
            entry.actorEmail,
            entry.action,
            `${entry.targetType} ${entry.targetId}`,
            <code key="before" className="break-all text-xs">
              {JSON.stringify(entry.before)}
            </code>,
            <code key="after" className="break-all text-xs">
              {JSON.stringify(entry.after)}
            </code>,
          ])}
        />
      </Card>
      {last && entries.length === 100 ? (
        <a className="underline" href={`${CONSOLE_BASE}/audit?before=${last.id}`}>
          Older entries
        </a>
      ) : null}
    </ConsolePage>
  );
}
