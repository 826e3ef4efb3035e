import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { idempotencyKeys, swapEvents, swaps as swapsTable } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import { Catalogue } from '../catalogue/catalogue.ts';
import { SnapshotFeed } from '../market/feeds.ts';
import { MarketService } from '../market/market.ts';
import { createSandboxProviders } from '../providers/sandbox.ts';
import { seedDemoData } from '../seed.ts';
import { QuoteService } from './quotes.ts';
import { startSwapJob } from './swap-job.ts';
import { newSwapId, SwapService, type SwapServiceOptions } from './swaps.ts';
import { type LiquidityProvider, SWAP_ID_PATTERN } from './types.ts';

const log = pino({ level: 'silent' });
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('swap ids', () => {
  it('carry 128 random bits in 26 lowercase base32 characters', () => {
    const ids = new Set(Array.from({ length: 1000 }, newSwapId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(SWAP_ID_PATTERN);
  });
});

describe.each(databaseTargets())('SwapService on $name', (target) => {
  let handle: DatabaseHandle;
  let clock = new Date('2026-11-22T12:00:00Z');
  const now = () => clock;
  let service: (pollWaitingMs?: number) => SwapService;
  let withProviders: (
    wrap: (provider: LiquidityProvider) => LiquidityProvider,
    options?: Partial<SwapServiceOptions>,
  ) => SwapService;

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    const catalogue = new Catalogue(handle.db);
    const market = new MarketService({ db: handle.db, feed: new SnapshotFeed(), log });
    await market.refresh(clock);
    const providers = createSandboxProviders(
      { db: handle.db, catalogue, prices: market, now },
      { delays: { confirmingMs: 1_000, exchangingMs: 1_000, sendingMs: 1_000 } },
    );
    const quotes = new QuoteService({ db: handle.db, catalogue, providers, now });
    service = (pollWaitingMs = 30_000) =>
      new SwapService({
        db: handle.db,
        catalogue,
        quotes,
        providers,
        log,
        now,
        unpaidTtlMs: 60_000,
        pollWaitingMs,
        pollActiveMs: 500,
      });
    withProviders = (wrap, options = {}) =>
      new SwapService({
        db: handle.db,
        catalogue,
        quotes,
        providers: providers.map(wrap),
        log,
        now,
        unpaidTtlMs: 60_000,
        ...options,
      });
  });
  afterAll(async () => {
    await handle.close();
  });

  const create = (swaps: SwapService) =>
    swaps.create({ from: 'btc', to: 'eth', amount: '0.05', rateType: 'float', payoutAddress: ETH_ADDRESS });

  it('expires a swap nobody paid in time, and stops checking it', async () => {
    const swaps = service();
    const { swap } = await create(swaps);
    clock = new Date(clock.getTime() + 61_000);
    await swaps.syncDue();
    const after = await swaps.get(swap.id);
    expect(after?.status).toBe('expired');
    expect(after?.history.map((entry) => entry.status)).toEqual(['waiting', 'expired']);
    const [row] = await handle.db.select().from(swapsTable).where(eq(swapsTable.id, swap.id));
    expect(row?.nextCheckAt).toBeNull();
  });

  it('records every status it observes with its time', async () => {
    const swaps = service();
    const { swap } = await create(swaps);
    clock = new Date(clock.getTime() + 100);
    await swaps.simulateDeposit(swap.id, '0.05');
    for (const step of ['exchanging', 'sending', 'finished']) {
      clock = new Date(clock.getTime() + 1_000);
      await swaps.syncDue();
      expect((await swaps.get(swap.id))?.status).toBe(step);
    }
    const history = (await swaps.get(swap.id))?.history ?? [];
    expect(history.map((entry) => entry.status)).toEqual([
      'waiting',
      'confirming',
      'exchanging',
      'sending',
      'finished',
    ]);
    expect(new Set(history.map((entry) => entry.at)).size).toBe(5);
  });

  it('records a step once when two syncs of one swap run at once (the job and a deposit)', async () => {
    const swaps = service();
    const { swap } = await create(swaps);
    clock = new Date(clock.getTime() + 100);
    await swaps.simulateDeposit(swap.id, '0.05');
    clock = new Date(clock.getTime() + 1_000);
    // Both read the swap as confirming before either writes: only one may record exchanging.
    await Promise.all([swaps.sync(swap.id), service().sync(swap.id)]);
    const history = (await swaps.get(swap.id))?.history.map((entry) => entry.status);
    expect(history).toEqual(['waiting', 'confirming', 'exchanging']);
  });

  it('lets two nodes run the job at once without checking a swap twice', async () => {
    const a = service(0);
    const b = service(0);
    const created = await Promise.all(Array.from({ length: 6 }, () => create(a)));
    const before = await handle.db.select().from(swapEvents);
    clock = new Date(clock.getTime() + 61_000);
    const [countA, countB] = await Promise.all([a.syncDue(50), b.syncDue(50)]);
    const ids = new Set(created.map(({ swap }) => swap.id));
    const after = (await handle.db.select().from(swapEvents)).filter((event) => ids.has(event.swapId));
    expect(after.length - before.filter((event) => ids.has(event.swapId)).length).toBe(6);
    expect(countA + countB).toBeGreaterThanOrEqual(6);
  });

  it('runs as a job that stops cleanly', async () => {
    const swaps = service(0);
    const { swap } = await create(swaps);
    clock = new Date(clock.getTime() + 61_000);
    const job = startSwapJob({ swaps, intervalMs: 10, log });
    // Polled: the job's first run expires it, however long the machine takes to get to it.
    await vi.waitFor(async () => expect((await swaps.get(swap.id))?.status).toBe('expired'), {
      timeout: 20_000,
      interval: 20,
    });
    await job.stop();
    expect((await swaps.get(swap.id))?.status).toBe('expired');
  });

  it('stores no second swap when a request outlives its lease and a retry takes its key over', async () => {
    // The first request's provider call hangs until released: a request that is slow, not dead.
    let entered!: () => void;
    const inProvider = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const swaps = withProviders(
      (provider) => ({
        id: provider.id,
        name: provider.name,
        quote: (request, signal) => provider.quote(request, signal),
        getSwap: (id, signal) => provider.getSwap(id, signal),
        async createSwap(request, signal) {
          const created = await provider.createSwap(request, signal);
          if (!held) {
            held = true;
            entered();
            await gate;
          }
          return created;
        },
      }),
      { idempotencyLeaseMs: 1_000 },
    );
    const input = {
      from: 'btc',
      to: 'eth',
      amount: '0.07',
      rateType: 'float',
      payoutAddress: ETH_ADDRESS,
    } as const;
    const key = { scope: 'partner:slow', key: 'outlived' };
    const count = async () => (await handle.db.select({ id: swapsTable.id }).from(swapsTable)).length;
    const before = await count();

    const slow = swaps.create(input, key);
    await inProvider;
    clock = new Date(clock.getTime() + 1_001);
    const retry = await swaps.create(input, key);
    expect(retry.replayed).toBe(false);
    release();
    const late = await slow;

    // Both requests answer with the one swap the key maps to; no second swap row was stored.
    expect(late.swap.id).toBe(retry.swap.id);
    expect(late.replayed).toBe(true);
    expect(await count()).toBe(before + 1);
    const [row] = await handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'outlived'));
    expect(row?.swapId).toBe(retry.swap.id);
  });

  it('checks again, after its claim lease, a swap whose status check died with its node', async () => {
    const swaps = service(0);
    const { swap } = await create(swaps);
    clock = new Date(clock.getTime() + 1_000);
    // A node whose provider call never returns, as if the process had died mid-run.
    const dying = withProviders(
      (provider) => ({
        id: provider.id,
        name: provider.name,
        quote: (request, signal) => provider.quote(request, signal),
        createSwap: (request, signal) => provider.createSwap(request, signal),
        getSwap: () => new Promise(() => {}),
      }),
      { checkLeaseMs: 5_000 },
    );
    void dying.syncDue();
    await expect
      .poll(async () => {
        const [row] = await handle.db.select().from(swapsTable).where(eq(swapsTable.id, swap.id));
        return row?.nextCheckAt?.getTime();
      })
      .toBe(clock.getTime() + 5_000);
    expect(await swaps.syncDue()).toBe(0);
    clock = new Date(clock.getTime() + 61_000 + 5_000);
    expect(await swaps.syncDue()).toBeGreaterThanOrEqual(1);
    expect((await swaps.get(swap.id))?.status).toBe('expired');
  });
});
