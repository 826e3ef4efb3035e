import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { FakeSmtpServer } from '../../tests/fakes/smtp-fake.ts';
import {
  assertHeaderValues,
  backoffMs,
  FIRST_BACKOFF_MS,
  HeaderInjection,
  MAX_BACKOFF_MS,
  MailOutbox,
} from './outbox.ts';
import { startOutboxJob } from './outbox-job.ts';
import { NO_MAIL_TRANSPORT, SmtpTransport } from './transport.ts';

const log = pino({ level: 'silent' });

describe('backoff', () => {
  it('doubles from 30 seconds and stops growing at an hour', () => {
    expect(backoffMs(1)).toBe(FIRST_BACKOFF_MS);
    expect(backoffMs(2)).toBe(2 * FIRST_BACKOFF_MS);
    expect(backoffMs(3)).toBe(4 * FIRST_BACKOFF_MS);
    expect(backoffMs(30)).toBe(MAX_BACKOFF_MS);
  });
});

describe('mail header values', () => {
  const mail = { to: 'ops@swapgate.test', subject: 'Hello', text: 'Body\r\nwith lines' };
  it('refuses a line break or control character in any header, and takes one in the body', () => {
    expect(() => assertHeaderValues(mail)).not.toThrow();
    expect(() => assertHeaderValues({ ...mail, subject: 'Hi\r\nBcc: all@example.com' })).toThrow(
      HeaderInjection,
    );
    expect(() => assertHeaderValues({ ...mail, subject: 'Hi\nX: y' })).toThrow(HeaderInjection);
    expect(() => assertHeaderValues({ ...mail, to: 'a@b.co\r\nCc: c@d.co' })).toThrow(HeaderInjection);
    expect(() => assertHeaderValues({ ...mail, replyTo: 'a@b.co\u0000' })).toThrow(HeaderInjection);
    expect(() => assertHeaderValues({ ...mail, headers: { 'List-Id': 'x\ry' } })).toThrow(HeaderInjection);
    expect(() => assertHeaderValues({ ...mail, headers: { 'X-A\r\nB': 'x' } })).toThrow(HeaderInjection);
  });
});

describe.each(databaseTargets())('mail outbox on $name', (target) => {
  let handle: DatabaseHandle;
  const smtp = new FakeSmtpServer();
  let clock = new Date('2026-01-01T10:00:00Z');
  const now = () => clock;

  beforeAll(async () => {
    handle = await target.open();
    await smtp.start();
  });
  afterAll(async () => {
    await smtp.stop();
    await handle.close();
  });

  it('stores no mail whose header would carry a line break', async () => {
    const outbox = new MailOutbox({ db: handle.db, transport: NO_MAIL_TRANSPORT, log, now });
    await expect(
      outbox.enqueue({ to: 'ops@swapgate.test', subject: 'New request from Evil\r\nBcc: x@y.z', text: 'x' }),
    ).rejects.toThrow(HeaderInjection);
    const stored = await handle.db.select().from(mailOutbox);
    expect(stored.some((row) => row.subject.includes('Evil'))).toBe(false);
  });

  it('keeps mail pending while the mail server is down and delivers it once it is back', async () => {
    const transport = new SmtpTransport({
      url: smtp.url,
      from: 'SwapGate <no-reply@swapgate.test>',
      timeoutMs: 2_000,
    });
    const outbox = new MailOutbox({ db: handle.db, transport, log, now });
    await smtp.stop();
    const id = await outbox.enqueue({
      to: 'ops@swapgate.test',
      subject: 'New contact message',
      text: 'Hello from the test',
      replyTo: 'visitor@example.com',
    });

    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
    let [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toBeTruthy();
    expect(row?.nextAttemptAt?.getTime()).toBe(clock.getTime() + FIRST_BACKOFF_MS);

    // Not due yet: nothing is tried, even with the server back.
    await smtp.start();
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    clock = new Date(clock.getTime() + FIRST_BACKOFF_MS);
    expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, nextAttemptAt: null });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['ops@swapgate.test']);
    expect(smtp.received[0]?.from).toBe('no-reply@swapgate.test');
    expect(smtp.received[0]?.raw).toContain('Subject: New contact message');
    expect(smtp.received[0]?.raw).toContain('Reply-To: visitor@example.com');
    expect(smtp.received[0]?.raw).toContain('Hello from the test');

    // Sent mail is not sent again.
    clock = new Date(clock.getTime() + MAX_BACKOFF_MS);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    transport.close();
  });

  it('retries a mail the server refuses for now, with growing delays', async () => {
    const transport = new SmtpTransport({ url: smtp.url, from: 'no-reply@swapgate.test', timeoutMs: 2_000 });
    const outbox = new MailOutbox({ db: handle.db, transport, log, now });
    smtp.refusing = true;
    const id = await outbox.enqueue({ to: 'ops@swapgate.test', subject: 'Refused', text: 'Body' });
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
    clock = new Date(clock.getTime() + FIRST_BACKOFF_MS);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row?.nextAttemptAt?.getTime()).toBe(clock.getTime() + 2 * FIRST_BACKOFF_MS);
    expect(row?.lastError).toContain('451');

    smtp.refusing = false;
    clock = new Date(clock.getTime() + 2 * FIRST_BACKOFF_MS);
    expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.at(-1)?.raw).toContain('Subject: Refused');
    transport.close();
  });

  it('the job sends mail as soon as it is queued', async () => {
    const transport = new SmtpTransport({ url: smtp.url, from: 'no-reply@swapgate.test', timeoutMs: 2_000 });
    const outbox = new MailOutbox({ db: handle.db, transport, log });
    const job = startOutboxJob({ outbox, intervalMs: 60_000, log });
    const before = smtp.received.length;
    await outbox.enqueue({ to: 'ops@swapgate.test', subject: 'Queued', text: 'Now' });
    await expect.poll(() => smtp.received.length).toBe(before + 1);
    expect(await outbox.pendingCount()).toBe(0);
    await job.stop();
    transport.close();
  });

  it('without a mail server, mail stays in the outbox', async () => {
    const outbox = new MailOutbox({ db: handle.db, transport: NO_MAIL_TRANSPORT, log, now });
    const job = startOutboxJob({ outbox, intervalMs: 10, log });
    await outbox.enqueue({ to: 'ops@swapgate.test', subject: 'Kept', text: 'Later' });
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(await outbox.pendingCount()).toBe(1);
    await job.stop();
  });
});
