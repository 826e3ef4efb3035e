import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { seedDemoData } from '../seed.ts';
import { Catalogue } from './catalogue.ts';

describe.each(databaseTargets())('catalogue on $name', (target) => {
  let handle: DatabaseHandle;
  let catalogue: Catalogue;
  beforeAll(async () => {
    handle = await target.open();
    expect(await seedDemoData(handle.db)).toContain('catalogue');
    catalogue = new Catalogue(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('tells of each reload after the first load (rendered pages that show it are stale)', async () => {
    let changes = 0;
    const watched = new Catalogue(handle.db, () => changes++);
    await watched.coins();
    expect(changes).toBe(0);
    await watched.reload();
    expect(changes).toBe(1);
  });

  it('lists the seeded coins, majors first', async () => {
    const list = await catalogue.coins();
    expect(list.length).toBeGreaterThanOrEqual(150);
    expect(list.slice(0, 2).map((coin) => coin.code)).toEqual(['btc', 'eth']);
    expect(list[0]?.icon).toBe('/icons/coins/btc.svg');
  });

  it('puts a coin main chain first and finds assets by network', async () => {
    expect((await catalogue.asset('btc'))?.network.id).toBe('bitcoin');
    const usdtTron = await catalogue.asset('USDT', 'tron');
    expect(usdtTron).toMatchObject({
      contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      network: { addressFormat: 'tron' },
    });
    expect(await catalogue.asset('usdt', 'bitcoin')).toBeNull();
    expect(await catalogue.asset('nope')).toBeNull();
  });

  it('carries memo rules for memo networks', async () => {
    expect((await catalogue.asset('xrp'))?.network.memo).toEqual({
      name: 'Destination tag',
      kind: 'destinationTag',
      required: false,
    });
    expect((await catalogue.asset('btc'))?.network.memo).toBeNull();
  });

  it('seeds only once', async () => {
    expect(await seedDemoData(handle.db)).toEqual([]);
  });
});
