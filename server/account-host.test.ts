import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseTargets } from '../db/testing.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const SITE = 'https://swapgate.example';
const AREA = 'https://account.swapgate.example';

/** ACCOUNT_URL on another host than BASE_URL: the area is served there (issue 26). */
describe('the account area on its own host', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    handle = await (databaseTargets()[0]?.open() as Promise<DatabaseHandle>);
    await seedDemoData(handle.db);
    app = createTestApp(build, handle, { ACCOUNT_URL: AREA }).app;
  });
  afterAll(async () => {
    await handle?.close();
  });

  const at = (url: string) => app.request(url, { headers: { host: new URL(url).host } });
  const redirect = async (url: string) => {
    const response = await at(url);
    return [response.status, response.headers.get('location')];
  };

  it('serves the area on the account host, its pages also without the /account word', async () => {
    expect(await redirect(`${AREA}/`)).toEqual([301, '/account']);
    expect(await redirect(`${AREA}/registration`)).toEqual([301, '/account/registration']);
    expect(await redirect(`${AREA}/de/sign-in?signedOut=1`)).toEqual([
      301,
      '/account/de/sign-in?signedOut=1',
    ]);
    expect(await redirect(`${AREA}/sitemap`)).toEqual([301, '/account/sitemap']);
    // A public page asked for on the account host is on the public site.
    expect(await redirect(`${AREA}/coin/btc`)).toEqual([301, `${SITE}/coin/btc`]);

    const registration = await at(`${AREA}/account/registration`);
    expect(registration.status).toBe(200);
    expect(await registration.text()).toContain('data-page="account-registration"');
    // Scripts and dictionaries are served on the account host too.
    expect((await at(`${AREA}/apiglobal/locale/de`)).status).toBe(200);
  });

  it('sends /account on the public host to the account host', async () => {
    expect(await redirect(`${SITE}/account/de/sign-in`)).toEqual([301, `${AREA}/account/de/sign-in`]);
    expect(await redirect(`${SITE}/account`)).toEqual([301, `${AREA}/account`]);
  });

  it('links the header, the footer sitemap and the account sitemap to live pages', async () => {
    const home = await (await at(`${SITE}/de`)).text();
    expect(home).toContain(`href="${AREA}/de/registration"`);
    expect(home).toContain(`href="${AREA}/sitemap"`);
    // Both lead to pages that exist on the account host.
    expect(await redirect(`${AREA}/de/registration`)).toEqual([301, '/account/de/registration']);
    const sitemap = await at(`${AREA}/account/de/sitemap`);
    expect(sitemap.status).toBe(200);
    const html = await sitemap.text();
    expect(html).toContain('data-page="account-sitemap"');
    expect(html).toContain(`href="${SITE}/de/sitemap"`);
    expect(html).toContain('href="/account/de/registration"');
  });
});
