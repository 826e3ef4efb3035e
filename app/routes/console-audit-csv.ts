import type { LoaderFunctionArgs } from 'react-router';
import { auditCsv } from '../../core/console/audit.ts';
import { consoleRequest } from '../console/console.server.ts';
import { pageNotFound } from '../routing/page-loader.server.ts';

/** /account/console/audit.csv: the whole audit log (up to 10,000 newest entries), for a spreadsheet. */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) pageNotFound(context.url);
  const rows = await context.console.auditLog({ limit: 10_000 });
  return new Response(auditCsv(rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="swapgate-audit-log.csv"',
      'Cache-Control': 'private, no-store',
    },
  });
}
