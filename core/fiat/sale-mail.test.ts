import { describe, expect, it } from 'vitest';
import { loadDictionaries } from '../i18n/dictionaries.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { depositMail, SALE_MAIL_STATUSES, type SaleMailRow, saleStatusMail } from './sale-mail.ts';
import { FIAT_ORDER_STATUSES } from './types.ts';

const dictionaries = loadDictionaries();
const context = {
  dictionaries,
  baseUrl: 'https://swapgate.test',
  asset: null,
  providerName: 'Lumen Pay',
};
const row: SaleMailRow = {
  id: 'abcdefghijklmnopqrstuvwxyz',
  side: 'sell',
  status: 'pending_payment',
  provider: 'sandbox-lumen',
  fiat: 'eur',
  fiatAmount: '1234.5',
  coin: 'xrp',
  network: 'ripple',
  cryptoAmount: '1500',
  depositAddress: 'rDepositAddressOfTheRamp',
  depositMemo: '424242',
  depositReceived: null,
  payoutDestination: 'DE89 •••• 3000',
  expiresAt: new Date('2026-11-27T15:00:00Z'),
  lang: 'en',
  notifyEmail: 'seller@example.com',
};

describe('sale mail texts', () => {
  it('mails coins received, paid out, refunded and expired, and nothing else', () => {
    const sending = FIAT_ORDER_STATUSES.filter((status) => saleStatusMail({ ...row, status }, context));
    expect(sending).toEqual(['paid', 'completed', 'refunded', 'expired']);
    expect([...SALE_MAIL_STATUSES].sort()).toEqual([...sending].sort());
  });

  it('names the deposit address, memo, amount, deadline and the masked payout destination', () => {
    const mail = depositMail(row, context);
    expect(mail?.to).toBe('seller@example.com');
    expect(mail?.text).toContain(
      'Send exactly 1,500 XRP (ripple) to this deposit address:\nrDepositAddressOfTheRamp',
    );
    expect(mail?.text).toContain('Include this Memo, or the deposit cannot be credited: 424242');
    expect(mail?.text).toContain('Your money, €1,234.50, goes to DE89 •••• 3000.');
    expect(mail?.text).toContain('https://swapgate.test/fiat/order/abcdefghijklmnopqrstuvwxyz');
  });

  it('is written in all 14 languages, every placeholder filled', () => {
    for (const lang of LANGUAGES) {
      const mails = [
        depositMail({ ...row, lang }, context),
        ...[...SALE_MAIL_STATUSES].map((status) => saleStatusMail({ ...row, lang, status }, context)),
      ];
      for (const mail of mails) {
        expect(mail, lang).not.toBeNull();
        const all = `${mail?.subject}\n${mail?.text}`;
        expect(all, lang).not.toMatch(/\{\{|saleMail\.|swapMail\./);
        expect(all, lang).toContain('XRP');
      }
      const localized = lang === 'en' ? '' : `/${lang}`;
      expect(mails[0]?.text).toContain(`https://swapgate.test${localized}/fiat/order/${row.id}`);
    }
  });

  it('sends nothing without an email, and nothing about a purchase', () => {
    expect(depositMail({ ...row, notifyEmail: null }, context)).toBeNull();
    expect(saleStatusMail({ ...row, status: 'completed', side: 'buy' }, context)).toBeNull();
  });
});
