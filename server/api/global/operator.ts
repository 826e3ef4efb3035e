import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { WITHDRAWAL_ID_PATTERN } from '../../../core/partners/withdrawals.ts';
import type { Services } from '../../../core/services.ts';
import { ApiError } from '../errors.ts';
import { jsonBody } from '../input.ts';
import { operatorOnly } from './shared.ts';

/**
 * The operator's endpoints under `/apiglobal` (bearer OPERATOR_TOKEN; absent without a token): the
 * form submissions, the mail outbox, and the partners' withdrawals sent by hand.
 */
export function operatorRoutes(services: Services): Hono {
  const { log } = services;
  const api = new Hono();

  /** The operator's lists: checks the token, reads `after`. */
  function operatorList(c: Context): number {
    operatorOnly(c, services);
    const after = Number(c.req.query('after') ?? 0);
    // Ids are PostgreSQL integers: a cursor past the largest is refused, not sent to the database.
    if (!Number.isSafeInteger(after) || after < 0 || after > 2_147_483_647) {
      throw new ApiError(400, 'invalid_request', { field: 'after', values: { field: 'after' } });
    }
    return after;
  }

  /** The operator's list of form submissions. */
  api.get('/support/requests', async (c) => {
    const after = operatorList(c);
    return c.json({ requests: await services.support.list(after) });
  });

  /** The operator's view of the mail outbox: what was queued and whether it went out. */
  api.get('/mail/outbox', async (c) => {
    const after = operatorList(c);
    return c.json({ mails: await services.mail.list(after) });
  });

  /**
   * Partners' withdrawals the operator sends by hand (outside the sandbox, core/partners/withdrawals.ts):
   * the confirmed ones waiting, and the transaction hash of one that was sent (409 unless queued).
   */
  api.get('/partners/withdrawals', async (c) => {
    operatorOnly(c, services);
    return c.json({ withdrawals: await services.partnerWithdrawals.queued() });
  });
  api.post('/partners/withdrawals/:id/paid', async (c) => {
    operatorOnly(c, services);
    const id = c.req.param('id').toLowerCase();
    if (!WITHDRAWAL_ID_PATTERN.test(id) || !(await services.partnerWithdrawals.get(id))) {
      throw new ApiError(404, 'not_found');
    }
    const { txHash } = await jsonBody(
      c,
      z.strictObject({ txHash: z.string().regex(/^[A-Za-z0-9]{16,128}$/) }),
    );
    if (!(await services.partnerWithdrawals.markPaid(id, txHash))) {
      throw new ApiError(409, 'invalid_request', { field: 'id', values: { field: 'id' } });
    }
    log.info({ withdrawal: id }, 'A partner withdrawal was paid by the operator');
    return c.json({ withdrawal: await services.partnerWithdrawals.get(id) });
  });

  return api;
}
