import type { ActionFunctionArgs } from 'react-router';
import { seeOther, stateOf } from '../forms/guard.server.ts';
import { newsletterAction } from '../forms/newsletter.server.ts';

/** The footer newsletter's route action (app/forms/newsletter.server.ts). */
export function action({ request, context }: ActionFunctionArgs): Promise<Response> {
  return newsletterAction(request, stateOf(context));
}

/** The address opened by hand: the home page's newsletter. */
export function loader(): Response {
  return seeOther('/#newsletter');
}
