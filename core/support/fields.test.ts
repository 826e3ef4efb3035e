import { describe, expect, it } from 'vitest';
import { checkForm } from './fields.ts';

describe('support form rules', () => {
  it('cleans a valid contact message', () => {
    expect(
      checkForm('contact', { name: ' Ann ', email: ' Ann@Example.COM ', message: ' Where is my swap? ' }),
    ).toEqual({
      ok: true,
      values: { name: 'Ann', email: 'ann@example.com', message: 'Where is my swap?' },
    });
  });

  it('names the first field that fails, in the order shown', () => {
    expect(checkForm('contact', { name: '', email: 'bad', message: '' })).toEqual({
      ok: false,
      problem: { field: 'name', code: 'field_required' },
    });
    expect(checkForm('contact', { name: 'Ann', email: 'ann@example', message: 'Long enough text' })).toEqual({
      ok: false,
      problem: { field: 'email', code: 'invalid_email' },
    });
    expect(checkForm('contact', { name: 'Ann', email: 'ann@example.com', message: 'short' })).toEqual({
      ok: false,
      problem: { field: 'message', code: 'field_too_short', values: { min: 10 } },
    });
    expect(
      checkForm('contact', { name: 'x'.repeat(101), email: 'a@b.co', message: 'Long enough text' }),
    ).toEqual({
      ok: false,
      problem: { field: 'name', code: 'field_too_long', values: { max: 100 } },
    });
  });

  it('checks the coin details of an add-coin request', () => {
    const base = {
      name: 'Ann',
      email: 'ann@example.com',
      coinName: 'Example Coin',
      ticker: 'EXC',
      network: 'Ethereum',
      message: 'A community coin since 2022.',
    };
    expect(checkForm('add_coin', base)).toMatchObject({
      ok: true,
      values: { contractAddress: '', website: '' },
    });
    expect(checkForm('add_coin', { ...base, ticker: 'EX C' })).toMatchObject({
      ok: false,
      problem: { field: 'ticker', code: 'invalid_ticker' },
    });
    expect(checkForm('add_coin', { ...base, website: 'javascript:alert(1)' })).toMatchObject({
      ok: false,
      problem: { field: 'website', code: 'invalid_url' },
    });
    expect(checkForm('add_coin', { ...base, website: 'https://example.org' })).toMatchObject({ ok: true });
  });

  it('takes a demo request with a known volume range and no message', () => {
    const base = { company: 'Wallet Ltd', email: 'bd@wallet.example', monthlyVolume: '100k_1m' };
    expect(checkForm('partner_demo', base)).toMatchObject({ ok: true, values: { message: '' } });
    expect(checkForm('partner_demo', { ...base, monthlyVolume: 'lots' })).toMatchObject({
      ok: false,
      problem: { field: 'monthlyVolume', code: 'invalid_volume' },
    });
  });
});
