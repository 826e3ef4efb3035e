import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { field, guardedForm, stateOf } from '../forms/guard.server.ts';
import { resolvePage } from '../routing/page-loader.server.ts';

const MINUTE = 60_000;
/** Confirmation posts per client address and minute (a token is 256 bits: this only bounds the load). */
const CONFIRMS_PER_MINUTE = 10;

/**
 * The withdrawal screens (core/partners/withdrawals.ts):
 * - `/withdrawal/confirm?token=…` (the mailed link): the withdrawal the token names, and a form that
 *   confirms it (a POST, so a mail scanner opening the link confirms nothing);
 * - `/withdrawal/processing?id=…`: where a withdrawal stands, with its transaction hash once paid.
 * Both are private (never cached) and not indexed; neither needs the account's session.
 */
export async function loadWithdrawal(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { services } = stateOf(args.context);
  const url = new URL(args.request.url);
  const base = { ...page, account: services.config.ACCOUNT_URL };
  if (page.page === 'withdrawal-confirm') {
    const token = url.searchParams.get('token') ?? '';
    const withdrawal = token ? await services.partnerWithdrawals.byToken(token) : null;
    const state = !withdrawal
      ? ('confirmInvalid' as const)
      : withdrawal.status === 'requested'
        ? ('confirm' as const)
        : withdrawal.status === 'expired'
          ? ('confirmExpired' as const)
          : ('confirmUsed' as const);
    return { ...base, state, withdrawal, token: state === 'confirm' ? token : null };
  }
  const id = (url.searchParams.get('id') ?? '').toLowerCase();
  const withdrawal = id ? await services.partnerWithdrawals.get(id) : null;
  return { ...base, state: 'processing' as const, withdrawal, token: null };
}

/** The confirm page's post: confirms once, then 303 to the withdrawal's processing page. */
export async function confirmWithdrawal(args: ActionFunctionArgs) {
  const page = resolvePage(args);
  const state = stateOf(args.context);
  const form = await guardedForm({
    request: args.request,
    state,
    limit: { scope: 'wd', limit: CONFIRMS_PER_MINUTE, windowMs: MINUTE },
  });
  if (page.page !== 'withdrawal-confirm') throw data('Not found', { status: 404 });
  const result = await state.services.partnerWithdrawals.confirm(field(form, 'token'));
  const id = result.ok ? result.withdrawal.id : result.id;
  if (result.ok || (result.error === 'used' && id)) {
    return redirect(`${localizePath(page.lang, '/withdrawal/processing')}?id=${id}`, 303);
  }
  return data({ error: result.error }, { status: result.error === 'invalid' ? 404 : 409 });
}
