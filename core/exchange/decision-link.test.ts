import { describe, expect, it } from 'vitest';
import { DecisionLinks, sameDeadline } from './decision-link.ts';

const SECRET = 'a-test-secret-of-more-than-32-characters';
const ID = 'abcdefghijklmnopqrstuvwxyz';
const DEADLINE = new Date('2026-11-28T12:00:00Z');
const BEFORE = new Date('2026-11-28T11:59:59Z');

describe('the signed decision link', () => {
  const links = new DecisionLinks(SECRET);

  it('takes its own token for the swap until the deadline', () => {
    const token = links.sign(ID, DEADLINE);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(links.verify(ID, token, BEFORE)).toEqual({ ok: true, deadline: DEADLINE });
  });

  it('expires at the deadline, and says when', () => {
    const token = links.sign(ID, DEADLINE);
    expect(links.verify(ID, token, DEADLINE)).toEqual({ ok: false, reason: 'expired', deadline: DEADLINE });
    expect(links.verify(ID, token, new Date('2026-12-01T00:00:00Z'))).toMatchObject({ reason: 'expired' });
  });

  it('refuses a token of another swap, another secret, a moved deadline or a changed signature', () => {
    const token = links.sign(ID, DEADLINE);
    expect(links.verify('zyxwvutsrqponmlkjihgfedcba', token, BEFORE)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const other = new DecisionLinks('another-secret-of-more-than-32-characters');
    expect(other.verify(ID, token, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
    // A later deadline written into the token does not carry the signature along.
    const [, signature] = token.split('.');
    const moved = `${Math.floor(DEADLINE.getTime() / 1000) + 86_400}.${signature}`;
    expect(links.verify(ID, moved, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
    const flipped = `${token.slice(0, -5)}${token.at(-5) === 'A' ? 'B' : 'A'}${token.slice(-4)}`;
    expect(links.verify(ID, flipped, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
    // The last character's unused bits: another spelling of the same bytes is refused too.
    const last = token.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1] ?? 'A';
    expect(links.verify(ID, `${token.slice(0, -1)}${sibling}`, BEFORE)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses malformed tokens without throwing', () => {
    for (const token of ['', null, undefined, 'x', '123.', '.abc', `${'9'.repeat(40)}.${'a'.repeat(43)}`]) {
      expect(links.verify(ID, token, BEFORE)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('needs a secret of 32 characters or more', () => {
    expect(() => new DecisionLinks('short')).toThrow(/32/);
  });

  it('compares deadlines to the second', () => {
    expect(sameDeadline(DEADLINE, '2026-11-28T12:00:00.400Z')).toBe(true);
    expect(sameDeadline(DEADLINE, '2026-11-28T12:00:01Z')).toBe(false);
    expect(sameDeadline(DEADLINE, null)).toBe(false);
  });
});
