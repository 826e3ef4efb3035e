import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { becomePartner, partnerOfUser } from '../../core/partners/accounts.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { accountRequest, redirectWithCookies } from './account.server.ts';

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/**
 * What a partner tool page (API keys, webhooks, widget) works with: the signed-in user (else a
 * redirect to sign-in) and their partner, null until they become one (core/partners/accounts.ts).
 */
export async function partnerRequest(args: Args) {
  const request = accountRequest(args);
  const user = await request.account.user(request.headers);
  if (!user) throw redirectWithCookies(request.path('/account/sign-in'));
  const { services } = args.context.get(requestStateContext);
  const partner = await partnerOfUser(services.db, user.id);
  return { ...request, user, partner, services };
}

/**
 * A page of the partner's money (earnings, withdrawals): as partnerRequest, but a user who is not a
 * partner yet goes to the account's home, where "Become a partner" is.
 */
export async function requirePartner(args: Args) {
  const context = await partnerRequest(args);
  if (!context.partner) throw redirectWithCookies(context.path('/account'));
  return { ...context, partner: context.partner };
}

/** The "become a partner" button's post on a tool page: the user runs a partner, the page shows again. */
export async function becomePartnerAndReturn(
  context: Awaited<ReturnType<typeof partnerRequest>>,
  pagePath: string,
): Promise<Response> {
  await becomePartner(context.services.db, context.user);
  return redirectWithCookies(context.path(pagePath));
}

/** A short news code from the query (`?done=renamed`), one of `known`. */
export function newsOf<T extends string>(request: Request, known: readonly T[]): T | null {
  const done = new URL(request.url).searchParams.get('done');
  return known.find((code) => code === done) ?? null;
}

export {
  createPartnerKey,
  listApiKeys,
  renamePartnerKey,
  revokePartnerKey,
} from '../../core/partners/api-keys.ts';
export { validateWidgetTheme } from '../../core/widget/theme.ts';
