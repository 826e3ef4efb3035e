import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consoleRequest } from '../console/console.server.ts';
import { Card, CONSOLE_BASE, ConsolePage, Table, when } from '../console/parts.tsx';

/** The console's overview: swaps and orders by status today and this week, volume, stuck items, providers. */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  return {
    needsSecondFactor: false as const,
    overview: await context.console.overview(),
    actor: context.actor,
  };
}

const usd = (value: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(value);

export default function ConsoleOverview() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor)
    return (
      <ConsolePage name="overview" title="Console" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  const { overview, actor } = data;
  const statusTable = (rows: { status: string; count: number }[]) =>
    rows.map((row) => [row.status, String(row.count)]);
  return (
    <ConsolePage name="overview" title="Console">
      <p className="text-muted" data-testid="console-actor">
        {`Signed in as ${actor.email} (${actor.role}).`}
      </p>
      <div className="grid gap-4 md:grid-cols-4">
        <Card title="Volume today">{usd(overview.volumeUsdToday)}</Card>
        <Card title="Volume, 7 days">{usd(overview.volumeUsdWeek)}</Card>
        <Card title="Failed swaps, 7 days">{overview.failuresWeek}</Card>
        <Card title="Waiting for you">
          <a href={`${CONSOLE_BASE}/support`} className="underline">
            {overview.openSupport} open requests
          </a>
          <br />
          <a href={`${CONSOLE_BASE}/reviews`} className="underline">
            {overview.heldReviews} held reviews
          </a>
          <br />
          {overview.pendingMail} mails pending
        </Card>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Swaps today">
          <Table head={['Status', 'Swaps']} rows={statusTable(overview.swapsToday)} testId="swaps-today" />
        </Card>
        <Card title="Swaps, 7 days">
          <Table head={['Status', 'Swaps']} rows={statusTable(overview.swapsWeek)} />
        </Card>
        <Card title="Fiat orders today">
          <Table head={['Status', 'Orders']} rows={statusTable(overview.ordersToday)} />
        </Card>
        <Card title="Fiat orders, 7 days">
          <Table head={['Status', 'Orders']} rows={statusTable(overview.ordersWeek)} />
        </Card>
      </div>
      <Card title="Stuck swaps (no progress for 2 hours)">
        <Table
          head={['Swap', 'Status', 'Provider', 'Last change']}
          rows={overview.stuck.map((swap) => [
            <a key={swap.id} href={`${CONSOLE_BASE}/swaps/${swap.id}`} className="font-mono underline">
              {swap.id}
            </a>,
            swap.status,
            swap.provider,
            when(swap.updatedAt),
          ])}
        />
      </Card>
      <Card title="Providers and ramps (last 15 minutes, this node)">
        <Table
          head={['Provider', 'Kind', 'On', 'Circuit', 'Answers', 'Error rate', 'p95']}
          rows={overview.providers.map((provider) => [
            provider.name,
            provider.kind === 'ramp' ? 'fiat ramp' : 'exchange',
            provider.enabled ? 'on' : 'off',
            provider.circuit ?? '–',
            String(provider.answers),
            `${Math.round(provider.errorRate * 100)} %`,
            provider.p95Seconds === null ? '–' : `${provider.p95Seconds.toFixed(2)} s`,
          ])}
        />
      </Card>
    </ConsolePage>
  );
}
