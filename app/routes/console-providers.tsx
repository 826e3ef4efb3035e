import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { consoleAction, consoleRequest, doneNotice } from '../console/console.server.ts';
import { ActionForm, Card, ConsolePage, Table, when } from '../console/parts.tsx';

/**
 * Each instant-exchange provider's and fiat ramp's health on this node, its circuit breaker and its
 * switch: off means quotes stop asking it at once.
 */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  return {
    needsSecondFactor: false as const,
    providers: context.console.providers(),
    notice: doneNotice(context.url),
  };
}

export function action(args: ActionFunctionArgs) {
  return consoleAction(args, async ({ console: service, actor }, form) => {
    const on = form.intent === 'on';
    await service.switchProvider(actor, form.id ?? '', on);
    return `${form.id} switched ${on ? 'on' : 'off'}.`;
  });
}

const seconds = (value: number | null) => (value === null ? '–' : `${value.toFixed(2)} s`);

export default function ConsoleProviders() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor)
    return (
      <ConsolePage name="providers" title="Providers" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  const { providers, notice } = data;
  const table = (kind: 'exchange' | 'ramp', testId: string) => (
    <Table
      testId={testId}
      head={[
        'Name',
        'Id',
        'Switch',
        'Circuit',
        'Answers',
        'Errors',
        'Timeouts',
        'p50',
        'p95',
        'Last error',
        '',
      ]}
      rows={providers
        .filter((provider) => provider.kind === kind)
        .map((provider) => [
          provider.name,
          provider.provider,
          provider.enabled ? 'on' : 'off',
          <span
            key="circuit"
            data-testid={`circuit-${provider.provider}`}
            className={provider.circuit === 'open' ? 'font-semibold text-red-700' : undefined}
          >
            {provider.circuit ?? '–'}
          </span>,
          String(provider.answers),
          String(provider.errors),
          String(provider.timeouts),
          seconds(provider.p50Seconds),
          seconds(provider.p95Seconds),
          when(provider.lastErrorAt),
          <ActionForm
            key="switch"
            intent={provider.enabled ? 'off' : 'on'}
            submit={provider.enabled ? 'Switch off' : 'Switch on'}
            danger={provider.enabled}
            testId={`switch-${provider.provider}`}
          >
            <input type="hidden" name="id" value={provider.provider} />
          </ActionForm>,
        ])}
    />
  );
  return (
    <ConsolePage name="providers" title="Providers" notice={notice}>
      <p className="text-sm text-muted">
        Figures of the last 15 minutes of quotes on this node. A circuit is open after repeated failures: the
        provider is skipped until its breaker lets a test call through and it answers again (“–”: a sandbox
        without a breaker). Switched off, it is asked for no quote; swaps and orders under way carry on.
      </p>
      <Card title="Instant-exchange providers">{table('exchange', 'provider-list')}</Card>
      <Card title="Fiat ramps">{table('ramp', 'ramp-list')}</Card>
    </ConsolePage>
  );
}
