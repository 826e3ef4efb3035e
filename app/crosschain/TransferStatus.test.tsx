// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CrossChainStatusView } from '../../core/crosschain/contract.ts';
import { renderInPage } from '../../tests/support/dom.tsx';
import type { CrossChainRoute, PairStep } from './pair-state.ts';
import { TransferStatus } from './TransferStatus.tsx';

const FROM = {
  name: 'Ethereum',
  chainId: 1,
  sandbox: false,
  explorerUrl: 'https://etherscan.io',
  explorerName: 'Etherscan',
};
const TO = {
  name: 'Optimism',
  chainId: 10,
  sandbox: false,
  explorerUrl: 'https://optimistic.etherscan.io',
  explorerName: 'Optimism Explorer',
  token: { symbol: 'USDC', decimals: 6 },
};
const ROUTE = { durationSeconds: 120 } as CrossChainRoute;

afterEach(cleanup);

const tracking = (status: Partial<CrossChainStatusView> | null): PairStep => ({
  kind: 'tracking',
  hash: '0xsource',
  route: ROUTE,
  status: status as CrossChainStatusView | null,
});

describe('TransferStatus', () => {
  it('follows the transfer in flight from its source transaction', () => {
    renderInPage(<TransferStatus step={tracking(null)} from={FROM} to={TO} />);
    expect(screen.getByTestId('xchain-source-tx-link').getAttribute('href')).toBe(
      'https://etherscan.io/tx/0xsource',
    );
    expect(screen.getByTestId('xchain-in-flight').textContent).toContain('Optimism');
  });

  it('shows the landing with the amount and the destination transaction', () => {
    renderInPage(
      <TransferStatus
        step={tracking({
          status: 'DONE',
          receivingTxHash: '0xdest',
          receivingTxUrl: 'https://bridge.example/tx/0xdest',
          receivedAmount: '12500000',
        })}
        from={FROM}
        to={TO}
      />,
    );
    expect(screen.getByTestId('xchain-destination-tx-link').getAttribute('href')).toBe(
      'https://bridge.example/tx/0xdest',
    );
    expect(screen.getByTestId('xchain-landed').textContent).toContain('12.5');
    expect(screen.queryByTestId('xchain-in-flight')).toBeNull();
  });

  it('says a failed transfer failed, and shows a mined approval', () => {
    renderInPage(<TransferStatus step={tracking({ status: 'FAILED' })} from={FROM} to={TO} />);
    expect(screen.getByTestId('xchain-bridge-failed')).toBeTruthy();
    cleanup();
    renderInPage(<TransferStatus step={{ kind: 'approved', hash: '0xapprove' }} from={FROM} to={TO} />);
    expect(screen.getByTestId('xchain-approved').textContent).toContain('0xapprove');
    cleanup();
    const { container } = renderInPage(<TransferStatus step={{ kind: 'idle' }} from={FROM} to={TO} />);
    expect(container.textContent).toBe('');
  });
});
