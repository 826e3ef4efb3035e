import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from 'react-router';
import { normaliseEmail, validPassword } from '../../core/account/rules.ts';
import { translate } from '../../core/i18n/translate.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** What an account page's loader or action works with. */
export function accountRequest(args: Args) {
  const state = args.context.get(requestStateContext);
  const page = resolvePage(args);
  return {
    page,
    account: state.services.account,
    customers: state.services.customers,
    /** A text of a section the page's code does not bring (statuses), in the page's language. */
    text: (key: string) => translate(state.services.dictionaries, page.lang, key),
    ip: state.ip ?? 'unknown',
    headers: args.request.headers,
    /** An account-area path in the page's language. */
    path: (path: string) => localizePath(page.lang, path),
  };
}

/** A 303 to `location` setting (or clearing) the given cookies. */
export function redirectWithCookies(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return redirect(location, { status: 303, headers });
}

/** The field errors of a form the page shows again, with what was typed (never the password). */
export interface FormFailure {
  error: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

/** A refused form: 422 (or the given status) with its error codes; the page shows them translated. */
export function refused(failure: FormFailure, status = 422) {
  return data({ ok: false as const, ...failure }, { status });
}

export async function formOf(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') values[key] = value;
  return values;
}

/** The checks shared by the forms: a code per wrong field. */
export function checkFields(
  values: Record<string, string>,
  names: readonly ('name' | 'email' | 'password')[],
) {
  const fields: Record<string, string> = {};
  const email = normaliseEmail(values.email);
  if (names.includes('name') && !(values.name ?? '').trim()) fields.name = 'name';
  if (names.includes('email') && !email) fields.email = 'email';
  if (names.includes('password') && !validPassword(values.password)) fields.password = 'password';
  return { fields, email: email ?? '', name: (values.name ?? '').trim().slice(0, 100) };
}
