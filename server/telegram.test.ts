import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseTargets } from '../db/testing.ts';
import { FakeTelegram } from '../tests/fakes/telegram-fake.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const PATH_SECRET = 'path-secret-0123456789';
const HEADER_SECRET = 'header-secret-0123456789';
const [target] = databaseTargets();

describe('the Telegram webhook in the server', () => {
  let handle: DatabaseHandle;
  const fake = new FakeTelegram();

  beforeAll(async () => {
    handle = await (target as NonNullable<typeof target>).open();
    await seedDemoData(handle.db);
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
    await handle.close();
  });

  const help = (secret?: string) => ({
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}),
    },
    body: JSON.stringify(fake.message({ id: 2001, first_name: 'Max', language_code: 'de' }, '/help')),
  });

  it('answers at its secret path only with the secret-token header, 401 without or with a wrong one', async () => {
    const { app } = createTestApp(build, handle, {
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_WEBHOOK_PATH_SECRET: PATH_SECRET,
      TELEGRAM_WEBHOOK_SECRET: HEADER_SECRET,
    });
    expect((await app.request(`/telegram/${PATH_SECRET}`, help())).status).toBe(401);
    expect((await app.request(`/telegram/${PATH_SECRET}`, help('wrong-secret-0123456789'))).status).toBe(401);
    expect(fake.messagesTo(2001)).toEqual([]);
    expect((await app.request('/telegram/another-path-secret-000', help(HEADER_SECRET))).status).toBe(404);

    const answered = await app.request(`/telegram/${PATH_SECRET}`, help(HEADER_SECRET));
    expect(answered.status).toBe(200);
    expect(fake.messagesTo(2001)[0]?.text).toMatch(/^Das kann ich:\n\/swap/);
  });

  it('has no Telegram route without a token', async () => {
    const { app, services } = createTestApp(build, handle);
    expect(services.telegram).toBeNull();
    expect((await app.request(`/telegram/${PATH_SECRET}`, help(HEADER_SECRET))).status).toBe(404);
  });
});
