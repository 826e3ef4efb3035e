import type { ActionFunctionArgs } from 'react-router';
import {
  ALL_ACCEPTED,
  ALL_DECLINED,
  type ConsentFlags,
  consentCookie,
  SWITCHABLE_CATEGORIES,
} from '../../core/consent/consent.ts';
import { guardedForm, returnPath, seeOther, stateOf } from '../forms/guard.server.ts';

/** The banner's buttons and the settings' switches as the post names them. */
export function consentChoice(form: FormData): ConsentFlags | null {
  const choice = form.get('choice');
  if (choice === 'accept-all') return ALL_ACCEPTED;
  if (choice === 'decline') return ALL_DECLINED;
  if (choice !== 'save') return null;
  const flags = { ...ALL_DECLINED };
  for (const category of SWITCHABLE_CATEGORIES) flags[category] = form.get(`category${category}`) === 'on';
  return flags;
}

/**
 * The cookie banner's and settings' post (SPEC §4) without JavaScript, or clicked before the
 * page's code ran: the preference cookie is set by the answer, and the visitor is sent back to
 * the page they were on, which the server now renders without the banner.
 */
export async function action({ request, context }: ActionFunctionArgs): Promise<Response> {
  const form = await guardedForm({ request, state: stateOf(context) });
  const back = returnPath(form);
  const flags = consentChoice(form);
  if (!flags) return seeOther(back);
  return seeOther(back, { 'Set-Cookie': consentCookie(flags) });
}

/** The address opened by hand: the home page. */
export function loader(): Response {
  return seeOther('/');
}
