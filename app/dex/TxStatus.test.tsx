// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPage } from '../../tests/support/dom.tsx';
import { TxStatus } from './TxStatus.tsx';
import type { TxStep } from './tx-steps.ts';

const EXPLORER = {
  chainId: 1,
  sandbox: false,
  explorerUrl: 'https://etherscan.io',
  explorerName: 'Etherscan',
};
const SANDBOX = { ...EXPLORER, chainId: 77700001, sandbox: true };
const HASH = '0xabc';

afterEach(cleanup);

function show(step: TxStep<'approve' | 'swap'>, network = EXPLORER) {
  return renderInPage(
    <TxStatus
      prefix="dex"
      network={network}
      step={step}
      pending={(action) => `pending ${action}`}
      done={(action) => `done ${action}`}
    />,
    { path: '/de/dex' },
  );
}

describe('TxStatus', () => {
  it('asks to confirm in the wallet, then says what is pending with the explorer link', () => {
    show({ kind: 'confirm', action: 'swap' });
    expect(screen.getByTestId('dex-status').textContent).toMatch(/\S/);
    cleanup();
    show({ kind: 'pending', action: 'approve', hash: HASH });
    const status = screen.getByTestId('dex-status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain(`pending approve ${HASH}`);
    expect(screen.getByRole('link').getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`);
  });

  it('marks a mined transaction done or reverted, linked to the site’s view on a sandbox chain', () => {
    show({ kind: 'done', action: 'swap', hash: HASH, ok: true }, SANDBOX);
    expect(screen.getByTestId('dex-done').textContent).toContain('done swap');
    expect(screen.getByTestId('dex-tx-link').getAttribute('href')).toBe(`/de/dex/tx/77700001/${HASH}`);
    cleanup();
    show({ kind: 'done', action: 'swap', hash: HASH, ok: false }, SANDBOX);
    expect(screen.getByTestId('dex-reverted').textContent).not.toContain('done swap');
  });

  it('has no link for a pending transaction on a sandbox chain (no receipt to show yet)', () => {
    show({ kind: 'pending', action: 'swap', hash: HASH }, SANDBOX);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows an error as given, and the page’s own steps', () => {
    show({ kind: 'error', message: 'Rejected in the wallet' });
    expect(screen.getByTestId('dex-status').textContent).toBe('Rejected in the wallet');
    cleanup();
    renderInPage(
      <TxStatus prefix="xchain" network={EXPLORER} step={{ kind: 'idle' }} pending={() => ''}>
        <p data-testid="own">own step</p>
      </TxStatus>,
    );
    expect(screen.getByTestId('xchain-status').textContent).toBe('own step');
  });
});
