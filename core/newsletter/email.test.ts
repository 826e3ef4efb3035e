import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail, SUBSCRIBE_ACTION } from './email.ts';
import * as newsletter from './newsletter.ts';

describe('isValidEmail (SPEC §5)', () => {
  it.each([
    'user@example.com',
    'first.last+news@mail.example.co.uk',
    'x@y.z',
    'name@sub-domain.example',
    'ünïcode@exämple.de',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['empty (required)', ''],
    ['no at sign', 'user.example.com'],
    ['two at signs together', 'user@@example.com'],
    ['two at signs apart', 'a@b@example.com'],
    ['no dot in the domain part', 'user@localhost'],
    ['a dot only in the local part', 'first.last@example'],
    ['nothing before the at sign', '@example.com'],
    ['nothing after the at sign', 'user@'],
    ['domain ending in the dot', 'user@example.'],
    ['domain starting with the dot', 'user@.com'],
    ['a space inside', 'us er@example.com'],
    ['a space in the domain', 'user@exa mple.com'],
    ['a non-breaking space', 'user\u00a0@example.com'],
    ['a tab', 'user\t@example.com'],
    ['a line break', 'user@example.com\n'],
    ['a leading space (not trimmed here)', ' user@example.com'],
    ['a control character', 'user\u0000@example.com'],
    ['a delete character', 'user\u007f@example.com'],
  ])('rejects %s', (_case, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it(`allows at most ${MAX_EMAIL_LENGTH} characters`, () => {
    const domain = '@example.com';
    const fits = `${'a'.repeat(MAX_EMAIL_LENGTH - domain.length)}${domain}`;
    expect(fits).toHaveLength(MAX_EMAIL_LENGTH);
    expect(isValidEmail(fits)).toBe(true);
    expect(isValidEmail(`a${fits}`)).toBe(false);
  });

  it('never accepts an address with whitespace, or without exactly one at sign', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (email) => {
        const ats = email.split('@').length - 1;
        if (/\s/.test(email) || ats !== 1) expect(isValidEmail(email)).toBe(false);
      }),
    );
  });

  it('accepts every local@label.label address of plain characters', () => {
    const part = fc.stringMatching(/^[a-z0-9._+-]{1,20}$/);
    fc.assert(
      fc.property(part, part, part, (local, name, tld) => {
        expect(isValidEmail(`${local}@${name}.${tld}`)).toBe(true);
      }),
    );
  });
});

describe('normalizeEmail', () => {
  it('trims and lowercases a valid address', () => {
    expect(normalizeEmail('  User.Name@Example.COM \n')).toBe('user.name@example.com');
  });

  it('answers null for an invalid one', () => {
    expect(normalizeEmail('user name@example.com')).toBeNull();
    expect(normalizeEmail('   ')).toBeNull();
    expect(normalizeEmail('user@localhost')).toBeNull();
  });
});

describe('the server module', () => {
  it('re-exports the same rule, so browser and server agree', () => {
    expect(newsletter.isValidEmail).toBe(isValidEmail);
    expect(newsletter.normalizeEmail).toBe(normalizeEmail);
    expect(newsletter.MAX_EMAIL_LENGTH).toBe(MAX_EMAIL_LENGTH);
    expect(newsletter.SUBSCRIBE_ACTION).toBe(SUBSCRIBE_ACTION);
    expect(SUBSCRIBE_ACTION).toBe('subscribe');
  });
});
