import QRCode from 'qrcode';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from 'react-router';
import { isFiatError } from '../../core/fiat/quotes.ts';
import { FIAT_ORDER_ID_PATTERN } from '../../core/fiat/types.ts';
import { translate } from '../../core/i18n/translate.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { checkOptionalEmail } from '../../core/support/fields.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import { type FiatOrderPageData, loadFiatOrder } from './fiat-page.server.ts';

export interface SalePageData extends FiatOrderPageData {
  /** The deposit address as a QR code (SVG, made here by the qrcode package); '' without one. */
  qrSvg: string;
}

/** What the sale's forms answer: nothing on success, else the error in the page's language. */
export interface SaleActionResult {
  error?: { code: string; message: string; field?: string };
}

/** Forms one sale may post per minute. */
const SALE_POSTS_PER_MINUTE = 20;

/** /fiat/sell/{orderId}: a sale (a purchase has no page here), its deposit address as a QR code. */
export async function loadSale(args: LoaderFunctionArgs): Promise<SalePageData> {
  const page = await loadFiatOrder(args, { side: 'sell' });
  const address = page.order.deposit?.address;
  const qrSvg = address ? await QRCode.toString(address, { type: 'svg', margin: 1 }) : '';
  return { ...page, qrSvg };
}

/**
 * The sale's route action: `intent=payout` with `destination` (the IBAN or card, checked at the
 * server), or, in the sandbox, `intent=deposit` ("I have sent it"). Plain HTML forms post here; a
 * deposit then goes on to the order page.
 */
export async function saleAction(args: ActionFunctionArgs) {
  const { services } = args.context.get(requestStateContext);
  const { lang, params } = resolvePage(args);
  const id = (params.orderId ?? '').toLowerCase();
  if (!FIAT_ORDER_ID_PATTERN.test(id)) throw data('Order not found', { status: 404 });
  const failed = (status: number, code: string, field?: string) => {
    const message = translate(services.dictionaries, lang, `fiat.sell.errors.${code}`);
    return data<SaleActionResult>({ error: { code, message, ...(field ? { field } : {}) } }, { status });
  };
  const form = await args.request.formData();
  const intent = form.get('intent');
  const verdict = await services.rateLimiter.hit(`fiat-sale:${id}`, SALE_POSTS_PER_MINUTE, 60_000);
  if (!verdict.allowed) {
    return data<SaleActionResult>(
      {
        error: {
          code: 'rate_limited',
          message: translate(services.dictionaries, lang, 'apiErrors.rate_limited', { seconds: 60 }),
        },
      },
      { status: 429 },
    );
  }
  try {
    if (intent === 'payout') {
      const destination = form.get('destination');
      const email = form.get('email');
      const notify = checkOptionalEmail('email', typeof email === 'string' ? email.slice(0, 1000) : '');
      if (!notify.ok) {
        const message = translate(services.dictionaries, lang, `apiErrors.${notify.problem.code}`, {
          ...notify.problem.values,
        });
        return data<SaleActionResult>(
          { error: { code: notify.problem.code, message, field: 'email' } },
          { status: 422 },
        );
      }
      await services.fiatOrders.setPayout(
        id,
        typeof destination === 'string' ? destination.slice(0, 64) : '',
        notify.email,
      );
      return data<SaleActionResult>({});
    }
    if (intent === 'deposit' && services.sandbox) {
      await services.fiatOrders.sandboxDeposit(id);
      return redirect(localizePath(lang, `/fiat/order/${id}`));
    }
    throw data('Unknown form', { status: 400 });
  } catch (error) {
    if (isFiatError(error)) {
      if (error.code === 'order_not_found') throw data('Order not found', { status: 404 });
      return failed(error.status, error.code, error.field);
    }
    throw error;
  }
}
