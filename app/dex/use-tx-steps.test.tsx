// @vitest-environment happy-dom
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHookInPage } from '../../tests/support/dom.tsx';
import { useTxSteps } from './use-tx-steps.ts';
import type { ConnectedWallet } from './use-wallet.tsx';

const wallet = vi.hoisted(() => ({
  waitForReceipt: vi.fn<(provider: unknown, hash: string) => Promise<boolean>>(),
  isUserRejection: (error: unknown) => error instanceof Error && error.message === 'rejected',
}));
vi.mock('./use-wallet.tsx', () => ({ loadWallet: async () => wallet }));

const WALLET: ConnectedWallet = {
  provider: { request: async () => null },
  address: '0x1',
  chainId: 1,
  name: 'Test',
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useTxSteps', () => {
  it('goes through confirm and pending to done, answering the mined transaction', async () => {
    let sign: (hash: `0x${string}`) => void = () => {};
    let mine: (ok: boolean) => void = () => {};
    wallet.waitForReceipt.mockImplementation(() => new Promise((resolve) => (mine = resolve)));
    const { result } = renderHookInPage(() => useTxSteps<'swap'>());
    let answer: Promise<unknown> = Promise.resolve();
    act(() => {
      answer = result.current.execute('swap', WALLET, () => new Promise((resolve) => (sign = resolve)));
    });
    await waitFor(() => expect(result.current.step).toEqual({ kind: 'confirm', action: 'swap' }));
    expect(result.current.busy).toBe(true);
    await act(async () => sign('0xaa'));
    expect(result.current.step).toEqual({ kind: 'pending', action: 'swap', hash: '0xaa' });
    await act(async () => mine(true));
    expect(result.current.step).toEqual({ kind: 'done', action: 'swap', hash: '0xaa', ok: true });
    expect(result.current.busy).toBe(false);
    await expect(answer).resolves.toEqual({ hash: '0xaa', ok: true });
  });

  it('turns a rejection in the wallet into an error step in the page’s words', async () => {
    const { result } = renderHookInPage(() => useTxSteps<'swap'>());
    let answer: unknown;
    await act(async () => {
      answer = await result.current.execute('swap', WALLET, async () => {
        throw new Error('rejected');
      });
    });
    expect(answer).toBeNull();
    expect(result.current.step).toEqual({
      kind: 'error',
      message: 'You declined the request in your wallet.',
    });
  });

  it('follows a tracking step until its status is final', async () => {
    type Tracking = { kind: 'tracking'; hash: string; status: string | null };
    const read = vi.fn<() => Promise<string>>();
    read
      .mockResolvedValueOnce('PENDING')
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('DONE');
    wallet.waitForReceipt.mockResolvedValue(true);
    const { result } = renderHookInPage(() =>
      useTxSteps<'send', Tracking, string>({
        read,
        merge: (step, status) => ({ ...step, status }),
        isFinal: (status) => status === 'DONE',
        every: 5,
      }),
    );
    await act(async () => {
      await result.current.execute(
        'send',
        WALLET,
        async () => '0xbb',
        ({ hash }) => ({
          kind: 'tracking',
          hash,
          status: null,
        }),
      );
    });
    await waitFor(() =>
      expect(result.current.step).toEqual({ kind: 'tracking', hash: '0xbb', status: 'DONE' }),
    );
    const reads = read.mock.calls.length;
    expect(reads).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(read).toHaveBeenCalledTimes(reads);
  });
});
