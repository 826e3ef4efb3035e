import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { consoleRequest } from '../console/console.server.ts';
import { Card, CONSOLE_BASE, ConsolePage, Table, when } from '../console/parts.tsx';

/**
 * Swaps and fiat orders found by id, address, transaction hash, provider id or e-mail. The search is
 * a POST, so an e-mail address typed here never lands in a URL (history, logs).
 */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  return { needsSecondFactor: context.needsSecondFactor };
}

export async function action(args: ActionFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { q: '', hits: [] };
  const q = String((await args.request.formData()).get('q') ?? '').slice(0, 200);
  return { q, hits: await context.console.search(q) };
}

export default function ConsoleSwaps() {
  const { needsSecondFactor } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ConsolePage name="swaps" title="Swaps and orders" needsSecondFactor={needsSecondFactor}>
      <Card>
        <Form method="post" reloadDocument className="flex flex-wrap items-end gap-2" role="search">
          <label className="flex flex-col text-sm">
            <span>Id, address, transaction hash, provider id or e-mail (at least 3 characters)</span>
            <input
              name="q"
              defaultValue={result?.q ?? ''}
              required
              className="w-96 max-w-full rounded-lg border px-2 py-1"
            />
          </label>
          <button type="submit" className="btn btn-primary btn-sm">
            Search
          </button>
        </Form>
      </Card>
      {result ? (
        <Card title={`${result.hits.length} found`}>
          <Table
            testId="console-hits"
            head={['Kind', 'Id', 'Status', 'What', 'Created']}
            rows={result.hits.map((hit) => [
              hit.kind === 'swap' ? 'Swap' : 'Fiat order',
              <a
                key={hit.id}
                className="font-mono underline"
                href={`${CONSOLE_BASE}/${hit.kind === 'swap' ? 'swaps' : 'orders'}/${hit.id}`}
              >
                {hit.id}
              </a>,
              hit.status,
              hit.summary,
              when(hit.createdAt),
            ])}
          />
        </Card>
      ) : null}
    </ConsolePage>
  );
}
