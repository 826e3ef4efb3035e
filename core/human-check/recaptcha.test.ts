import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRecaptcha, startFakeRecaptcha } from '../../tests/fakes/recaptcha-fake.ts';
import { RecaptchaVerifier } from './recaptcha.ts';

const SECRET = 'test-secret';
const silent = pino({ level: 'silent' });

function recordingLogger() {
  const records: { level: number; msg: string }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => records.push(JSON.parse(line)) });
  return { log, records };
}

describe('RecaptchaVerifier against the fake siteverify', () => {
  let fake: FakeRecaptcha;
  const verifier = (options: { secret?: string; timeoutMs?: number; minScore?: number } = {}) =>
    new RecaptchaVerifier({
      secret: options.secret ?? SECRET,
      verifyUrl: fake.url,
      minScore: options.minScore ?? 0.5,
      timeoutMs: options.timeoutMs ?? 2_000,
      log: silent,
    });

  beforeAll(async () => {
    fake = await startFakeRecaptcha({
      secret: SECRET,
      tokens: {
        human: { success: true, score: 0.9, action: 'subscribe' },
        borderline: { success: true, score: 0.5, action: 'subscribe' },
        bot: { success: true, score: 0.1, action: 'subscribe' },
        elsewhere: { success: true, score: 0.9, action: 'login' },
        expired: { success: false, errorCodes: ['timeout-or-duplicate'] },
        checkbox: { success: true },
      },
    });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.setMode('ok');
    fake.requests.length = 0;
  });

  it('passes a valid token with a good score, posting the form Google expects', async () => {
    expect(await verifier().verify('human', '203.0.113.9', 'subscribe')).toEqual({ ok: true, score: 0.9 });
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        secret: SECRET,
        response: 'human',
        remoteip: '203.0.113.9',
      },
    ]);
  });

  it('leaves remoteip out when the address is unknown, and the action unchecked when none is expected', async () => {
    expect(await verifier().verify('elsewhere')).toEqual({ ok: true, score: 0.9 });
    expect(fake.requests[0]?.remoteip).toBeNull();
  });

  it('passes a score equal to the minimum and fails one below it', async () => {
    expect((await verifier().verify('borderline', undefined, 'subscribe')).ok).toBe(true);
    expect(await verifier().verify('bot', undefined, 'subscribe')).toEqual({
      ok: false,
      reason: 'low-score',
      score: 0.1,
    });
    expect((await verifier({ minScore: 0.05 }).verify('bot', undefined, 'subscribe')).ok).toBe(true);
  });

  it('fails a token made for another action', async () => {
    expect(await verifier().verify('elsewhere', undefined, 'subscribe')).toMatchObject({
      ok: false,
      reason: 'wrong-action',
    });
  });

  it('fails unknown, expired and reused tokens as invalid', async () => {
    expect(await verifier().verify('forged', undefined, 'subscribe')).toEqual({
      ok: false,
      reason: 'invalid-token',
    });
    expect((await verifier().verify('expired')).reason).toBe('invalid-token');
    expect((await verifier().verify('x'.repeat(10_000))).reason).toBe('invalid-token');
  });

  it('fails a token used twice when siteverify says so (timeout-or-duplicate)', async () => {
    const strict = await startFakeRecaptcha({
      secret: SECRET,
      tokens: { once: { success: true, score: 0.9, action: 'subscribe' } },
      singleUse: true,
    });
    try {
      const check = new RecaptchaVerifier({
        secret: SECRET,
        verifyUrl: strict.url,
        minScore: 0.5,
        log: silent,
      });
      expect((await check.verify('once', undefined, 'subscribe')).ok).toBe(true);
      expect(await check.verify('once', undefined, 'subscribe')).toEqual({
        ok: false,
        reason: 'invalid-token',
      });
    } finally {
      await strict.close();
    }
  });

  it('answers missing-token for an empty token without asking Google', async () => {
    expect(await verifier().verify('')).toEqual({ ok: false, reason: 'missing-token' });
    expect(await verifier().verify('   ')).toEqual({ ok: false, reason: 'missing-token' });
    expect(fake.requests).toHaveLength(0);
  });

  it('passes a token without a score (v2) on success alone', async () => {
    expect(await verifier().verify('checkbox')).toEqual({ ok: true });
  });

  it('is unavailable when siteverify answers HTTP 500', async () => {
    fake.setMode('error', 500);
    expect(await verifier().verify('human', undefined, 'subscribe')).toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });

  // Without its own timeout the check would hang on the fake until the test's limit fails it.
  it('is unavailable when siteverify does not answer in time', { timeout: 10_000 }, async () => {
    fake.setMode('hang');
    expect(await verifier({ timeoutMs: 200 }).verify('human')).toEqual({ ok: false, reason: 'unavailable' });
    expect(fake.requests).toHaveLength(1);
  });

  it('tries once more on a fresh connection when a kept-alive one was reset before an answer', async () => {
    const check = verifier();
    // The first request opens the connection that the next one reuses.
    expect((await check.verify('human', undefined, 'subscribe')).ok).toBe(true);
    fake.setMode('reset-once');
    expect(await check.verify('bot', undefined, 'subscribe')).toEqual({
      ok: false,
      reason: 'low-score',
      score: 0.1,
    });
    expect(fake.requests.map((request) => request.response)).toEqual(['human', 'bot', 'bot']);
  });

  it('is unavailable, after one second try, when every connection is reset', async () => {
    fake.setMode('reset');
    expect(await verifier().verify('human')).toEqual({ ok: false, reason: 'unavailable' });
    expect(fake.requests).toHaveLength(2);
  });

  it('is unavailable when the answer is not the expected JSON', async () => {
    fake.setMode('garbage');
    expect((await verifier().verify('human')).reason).toBe('unavailable');
  });

  it('is unavailable, and logs an error, when Google refuses our secret', async () => {
    const { log, records } = recordingLogger();
    const wrong = new RecaptchaVerifier({ secret: 'wrong', verifyUrl: fake.url, minScore: 0.5, log });
    expect(await wrong.verify('human')).toEqual({ ok: false, reason: 'unavailable' });
    expect(records.some((record) => record.level === 50 && record.msg.includes('RECAPTCHA_SECRET'))).toBe(
      true,
    );
  });

  it('is unavailable when siteverify cannot be reached', async () => {
    const closed = new RecaptchaVerifier({
      secret: SECRET,
      verifyUrl: 'http://127.0.0.1:1/recaptcha/api/siteverify',
      minScore: 0.5,
      log: silent,
    });
    expect((await closed.verify('human')).reason).toBe('unavailable');
  });
});

describe('RecaptchaVerifier without a secret', () => {
  it('is off: every check passes as disabled, and one warning says why', async () => {
    const { log, records } = recordingLogger();
    let calls = 0;
    const verifier = new RecaptchaVerifier({
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.5,
      log,
      fetch: async () => {
        calls += 1;
        return new Response('{}');
      },
    });
    expect(verifier.enabled).toBe(false);
    expect(await verifier.verify('anything', '203.0.113.1', 'subscribe')).toEqual({
      ok: true,
      reason: 'disabled',
    });
    expect(await verifier.verify('')).toEqual({ ok: true, reason: 'disabled' });
    expect(calls).toBe(0);
    expect(records).toHaveLength(1);
    expect(records[0]?.level).toBe(40);
    expect(records[0]?.msg).toBe(
      'The human check (reCAPTCHA) is disabled because RECAPTCHA_SECRET is not set',
    );
  });

  it('treats an empty secret like none', () => {
    const { log, records } = recordingLogger();
    const verifier = new RecaptchaVerifier({
      secret: '',
      verifyUrl: 'https://x.example',
      minScore: 0.5,
      log,
    });
    expect(verifier.enabled).toBe(false);
    expect(records).toHaveLength(1);
  });
});
