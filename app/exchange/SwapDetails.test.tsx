// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPage } from '../../tests/support/dom.tsx';
import { SwapAmounts } from './SwapDetails.tsx';
import type { SwapSide } from './swap-page.server.ts';
import type { SwapStatus, SwapView } from './types.ts';

const FROM: SwapSide = {
  code: 'btc',
  name: 'Bitcoin',
  icon: '',
  network: 'bitcoin',
  networkName: 'Bitcoin',
  memoKind: null,
};
const TO: SwapSide = {
  code: 'eth',
  name: 'Ethereum',
  icon: '',
  network: 'ethereum',
  networkName: 'Ethereum',
  memoKind: null,
};

function swap(status: SwapStatus, changes: Partial<SwapView> = {}): SwapView {
  return {
    id: 'swap1',
    status,
    rateType: 'fixed',
    amountFrom: '0.1',
    amountTo: '3.2',
    amountDeposited: null,
    amountPaidOut: null,
    amountExpected: null,
    amountRefunded: null,
    decision: null,
    ...changes,
  } as SwapView;
}

afterEach(cleanup);

describe('SwapAmounts', () => {
  it('shows what comes back: the payout to come, then what was paid', () => {
    renderInPage(<SwapAmounts swap={swap('waiting')} from={FROM} to={TO} />);
    expect(screen.getByTestId('amount-sent').textContent).toBe('0.1 BTC');
    expect(screen.getByTestId('amount-receive').textContent).toBe('3.2 ETH');
    expect(screen.getByText('You get')).toBeTruthy();
    cleanup();
    renderInPage(<SwapAmounts swap={swap('finished', { amountPaidOut: '3.1' })} from={FROM} to={TO} />);
    expect(screen.getByTestId('amount-receive').textContent).toBe('3.1 ETH');
    expect(screen.getByText('Paid out')).toBeTruthy();
  });

  it('says the payout waits for the visitor’s decision', () => {
    renderInPage(
      <SwapAmounts swap={swap('action_needed', { amountDeposited: '0.05' })} from={FROM} to={TO} />,
    );
    expect(screen.getByTestId('amount-sent').textContent).toBe('0.05 BTC');
    expect(screen.getByTestId('amount-receive').textContent).toBe('Waiting for your decision');
  });

  it('shows the refund in the deposited coin once the deposit goes back', () => {
    renderInPage(
      <SwapAmounts
        swap={swap('refunded', { amountDeposited: '0.05', amountRefunded: '0.049' })}
        from={FROM}
        to={TO}
      />,
    );
    expect(screen.getByTestId('amount-refund').textContent).toBe('0.049 BTC');
    expect(screen.queryByTestId('amount-receive')).toBeNull();
  });
});
