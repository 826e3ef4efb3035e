import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { partnerOfUser } from '../../core/partners/accounts.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { accountRequest, redirectWithCookies } from './account.server.ts';

/**
 * What a partner page of the account area works with: the signed-in user and the partner they run
 * (core/partners/accounts.ts). Signed out: to sign-in; not a partner yet: to the account's home,
 * where "Become a partner" is.
 */
export async function partnerRequest(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const request = accountRequest(args);
  const user = await request.account.user(request.headers);
  if (!user) throw redirectWithCookies(request.path('/account/sign-in'));
  const { services } = args.context.get(requestStateContext);
  const partner = await partnerOfUser(services.db, user.id);
  if (!partner) throw redirectWithCookies(request.path('/account'));
  return { ...request, user, partner, services };
}
