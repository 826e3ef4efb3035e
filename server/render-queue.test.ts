import { describe, expect, it } from 'vitest';
import { RenderQueue, RenderQueueFull } from './render-queue.ts';

/** A task's work: it holds its slot over a turn of the event loop, so the others meet it running. */
const tick = () => new Promise((done) => setImmediate(done));

describe('RenderQueue', () => {
  it('runs at most its concurrency at once, the rest in arrival order', async () => {
    const queue = new RenderQueue(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
      return id;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => queue.run(task(id))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(queue.waiting).toBe(0);
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new RenderQueue(1);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('refuses at once past its line limit, and takes work again once the line moves', async () => {
    const queue = new RenderQueue(1, 1);
    let release = () => {};
    const running = queue.run(() => new Promise<void>((done) => (release = done)));
    const waiting = queue.run(async () => 'waited');
    await expect(queue.run(async () => 'refused')).rejects.toBeInstanceOf(RenderQueueFull);
    release();
    await running;
    expect(await waiting).toBe('waited');
    expect(await queue.run(async () => 'again')).toBe('again');
  });
});
