import type { LoaderFunctionArgs } from 'react-router';
import { partnerOfUser } from '../../core/partners/accounts.ts';
import { requestStateContext } from '../lib/request-context.ts';

/** The partner's whole earnings ledger as CSV (core/partners/ledger.ts), for the signed-in partner only. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<Response> {
  const { services } = context.get(requestStateContext);
  const user = await services.account.user(request.headers);
  const partner = user ? await partnerOfUser(services.db, user.id) : null;
  if (!partner) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
  return new Response(await services.partnerLedger.csv(partner.id), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="swapgate-earnings-${partner.id}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
