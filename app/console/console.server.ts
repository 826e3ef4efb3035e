import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from 'react-router';
import type { Actor } from '../../core/console/audit.ts';
import { ConsoleRefused } from '../../core/console/console.ts';
import { roleOfUser } from '../../core/console/staff.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { pageNotFound, resolvePage } from '../routing/page-loader.server.ts';

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/**
 * The signed-in operator (or support) of a console request. Anyone else — signed out, a customer, a
 * partner — gets the site's 404, as if the console did not exist. Staff without the second factor
 * get `needsSecondFactor` and nothing else.
 */
export async function consoleRequest(args: Args) {
  const state = args.context.get(requestStateContext);
  const page = resolvePage(args);
  const url = new URL(args.request.url);
  const { services } = state;
  const user = await services.account.user(args.request.headers);
  const role = user ? await roleOfUser(services.db, user.id) : null;
  if (!user || (role !== 'operator' && role !== 'support')) pageNotFound(url);
  const actor: Actor = { id: user.id, email: user.email, role };
  return {
    page,
    url,
    services,
    console: services.console,
    actor,
    needsSecondFactor: !user.twoFactorEnabled,
    host: new URL(services.config.BASE_URL).host,
  };
}

/** A console action's answer: back to the page (post/redirect/get) with a notice, or the refusal. */
export async function consoleAction(
  args: ActionFunctionArgs,
  run: (context: Awaited<ReturnType<typeof consoleRequest>>, form: Record<string, string>) => Promise<string>,
) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { ok: false as const, error: 'Turn on the second factor first.' };
  const form: Record<string, string> = {};
  for (const [key, value] of await args.request.formData()) if (typeof value === 'string') form[key] = value;
  try {
    const done = await run(context, form);
    const back = new URL(args.request.url);
    back.searchParams.set('done', done);
    return redirect(`${back.pathname}${back.search}`, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ConsoleRefused || (error as Error).name === 'ConsoleRefused') {
      return { ok: false as const, error: (error as Error).message };
    }
    throw error;
  }
}

/** The notice of the last action (`?done=`), shown once after post/redirect/get. */
export function doneNotice(url: URL): string | null {
  const done = url.searchParams.get('done');
  return done ? done.slice(0, 200) : null;
}
