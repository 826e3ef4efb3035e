import { FakeHttpError, type FakeServer, type RecordedRequest, startFakeServer } from './fake-server.ts';

/** The Ethereum SpokePool (Across docs, "Contracts: Ethereum"); the fake answers it on every chain. */
export const FAKE_ACROSS_SPOKE_POOL = '0x5c7bcd6e7de5423a257d81b442095a1a6ced35c5';

export interface AcrossFakeOptions {
  apiKey?: string;
  /** Amount landing per amount sent, by `originChainId:inputToken:destinationChainId:outputToken`. */
  rates?: Record<string, [numerator: bigint, denominator: bigint]>;
  /** Below this input the fake answers AMOUNT_TOO_LOW. */
  minAmount?: bigint;
  /** The taker's allowance to the SpokePool by `depositor:token` (0 unless set). */
  allowances?: Record<string, bigint>;
  /** Deposit status by source transaction hash; 404 (DepositNotFound) otherwise. */
  deposits?: Record<
    string,
    { status: 'pending' | 'filled' | 'expired' | 'refunded'; destinationChainId: number; fillTxnRef?: string }
  >;
}

export interface AcrossFake extends FakeServer {
  url: string;
  options: AcrossFakeOptions;
}

const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const SYMBOLS: Record<string, string> = {
  '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': 'USDC',
  '0xaf88d065e77c8cc2239327c5edb3a432268e5831': 'USDC',
  '0x0b2c639c533813f4aa9d7837caf62653d097ff85': 'USDC',
  [NATIVE]: 'ETH',
};

/**
 * A local Across API answering as docs.across.to documents: `GET /swap/approval` (bearer key;
 * `tradeType`, `amount`, `inputToken`, `outputToken`, `originChainId`, `destinationChainId`,
 * `depositor`, `recipient`, `slippage` as a ratio, `integratorId`) with `checks` (allowance, balance),
 * `approvalTxns` when the allowance is short, `steps.bridge` with its fee, `inputToken`,
 * `outputToken`, `inputAmount`, `expectedOutputAmount`, `minOutputAmount`, `expectedFillTime`,
 * `swapTx` and `fees`; `GET /deposit/status?depositTxnRef=` with `status`, `originChainId`,
 * `depositId`, `depositTxnRef`, `fillTxnRef`, `destinationChainId`, `depositRefundTxnRef`,
 * `pagination`. Errors as `{type: "AcrossApiError", code, status, message, param}`.
 */
export async function startAcrossFake(options: AcrossFakeOptions = {}): Promise<AcrossFake> {
  const apiError = (status: number, code: string, message: string, param?: string) =>
    new FakeHttpError(status, { type: 'AcrossApiError', code, status, message, ...(param ? { param } : {}) });

  const approval = (query: Record<string, string>) => {
    const { tradeType, amount, inputToken, outputToken, originChainId, destinationChainId, depositor } =
      query;
    for (const [param, ok] of [
      ['tradeType', ['exactInput', 'minOutput', 'exactOutput'].includes(tradeType ?? '')],
      ['amount', /^\d+$/.test(amount ?? '')],
      ['inputToken', isAddress(inputToken)],
      ['outputToken', isAddress(outputToken)],
      ['originChainId', /^\d+$/.test(originChainId ?? '')],
      ['destinationChainId', /^\d+$/.test(destinationChainId ?? '')],
      ['depositor', isAddress(depositor)],
    ] as const) {
      if (!ok) throw apiError(400, 'INVALID_PARAM', `Invalid parameter at path '${param}'`, param);
    }
    const slippage =
      query.slippage === undefined || query.slippage === 'auto' ? 0.005 : Number(query.slippage);
    if (!(slippage >= 0 && slippage <= 1))
      throw apiError(400, 'INVALID_PARAM', 'Invalid slippage', 'slippage');
    const input = (inputToken as string).toLowerCase();
    const output = (outputToken as string).toLowerCase();
    const rate = options.rates?.[`${originChainId}:${input}:${destinationChainId}:${output}`];
    if (!rate) throw apiError(400, 'ROUTE_NOT_ENABLED', 'Route is not enabled');
    const inputAmount = BigInt(amount as string);
    if (options.minAmount !== undefined && inputAmount < options.minAmount) {
      throw apiError(400, 'AMOUNT_TOO_LOW', 'Sent amount is too low relative to fees');
    }
    const expected = (inputAmount * rate[0]) / rate[1];
    const minimum = (expected * BigInt(Math.round((1 - slippage) * 10_000))) / 10_000n;
    const bridgeFee = inputAmount - expected;
    const sender = (depositor as string).toLowerCase();
    const native = input === NATIVE;
    const allowance = options.allowances?.[`${sender}:${input}`] ?? 0n;
    const tokenOf = (address: string, chainId: string) => ({
      address,
      chainId: Number(chainId),
      decimals: address === NATIVE ? 18 : 6,
      symbol: SYMBOLS[address] ?? 'TOKEN',
      name: SYMBOLS[address] ?? 'Token',
    });
    const inToken = tokenOf(input, originChainId as string);
    const outToken = tokenOf(output, destinationChainId as string);
    const fee = (value: bigint) => ({
      amount: value.toString(),
      amountUsd: '0.1',
      pct: '1000000000000000',
      token: inToken,
    });
    return {
      crossSwapType: 'bridgeableToBridgeable',
      amountType: 'exactInput',
      checks: {
        allowance: {
          token: input,
          spender: FAKE_ACROSS_SPOKE_POOL,
          actual: allowance.toString(),
          expected: amount,
        },
        balance: { token: input, actual: amount, expected: amount },
      },
      ...(!native && allowance < inputAmount
        ? {
            approvalTxns: [
              {
                chainId: Number(originChainId),
                to: input,
                data: `0x095ea7b3${FAKE_ACROSS_SPOKE_POOL.slice(2).padStart(64, '0')}${inputAmount.toString(16).padStart(64, '0')}`,
              },
            ],
          }
        : {}),
      steps: {
        bridge: {
          inputAmount: amount,
          outputAmount: expected.toString(),
          tokenIn: inToken,
          tokenOut: outToken,
          fees: {
            amount: bridgeFee.toString(),
            pct: '1000000000000000',
            token: inToken,
            details: { type: 'across', lp: fee(0n), relayerCapital: fee(bridgeFee), destinationGas: fee(0n) },
          },
          provider: 'across',
        },
      },
      inputToken: inToken,
      outputToken: outToken,
      refundToken: inToken,
      inputAmount: amount,
      maxInputAmount: amount,
      expectedOutputAmount: expected.toString(),
      minOutputAmount: minimum.toString(),
      expectedFillTime: 4,
      swapTx: {
        simulationSuccess: true,
        chainId: Number(originChainId),
        to: FAKE_ACROSS_SPOKE_POOL,
        data: `0xad5425c6${sender.slice(2).padStart(64, '0')}`,
        value: native ? amount : '0',
        gas: '90000',
        maxFeePerGas: '20000000000',
        maxPriorityFeePerGas: '1000000',
      },
      fees: {
        total: fee(bridgeFee),
        originGas: { amount: '1800000000000000', amountUsd: '5.4', token: inToken },
      },
      id: `quote-${Date.now()}`,
    };
  };

  const status = (query: Record<string, string>) => {
    const ref = (query.depositTxnRef ?? '').toLowerCase();
    if (!/^0x[0-9a-f]{64}$/.test(ref)) {
      throw apiError(400, 'INVALID_PARAM', "Invalid parameter at path 'depositTxnRef'", 'depositTxnRef');
    }
    const deposit = options.deposits?.[ref];
    if (!deposit)
      throw apiError(404, 'DEPOSIT_NOT_FOUND', 'Deposit not found given the provided constraints');
    return {
      status: deposit.status,
      originChainId: 1,
      depositId: '4406025',
      depositTxnRef: ref,
      fillTxnRef: deposit.status === 'filled' ? (deposit.fillTxnRef ?? null) : null,
      destinationChainId: deposit.destinationChainId,
      depositRefundTxnRef: deposit.status === 'refunded' ? `0x${'9'.repeat(64)}` : null,
      actionsSucceeded: null,
      pagination: { currentIndex: 0, maxIndex: 0 },
    };
  };

  const handle = (request: RecordedRequest) => {
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      throw new FakeHttpError(401, { type: 'AcrossApiError', status: 401, message: 'Unauthorized' });
    }
    if (request.method !== 'GET') throw apiError(405, 'INVALID_METHOD', 'Method not allowed');
    if (request.path === '/api/swap/approval') return approval(request.query);
    if (request.path === '/api/deposit/status') return status(request.query);
    throw new FakeHttpError(404, { type: 'AcrossApiError', status: 404, message: 'Not found' });
  };

  const server = await startFakeServer(handle, {
    failBody: { type: 'AcrossApiError', code: 'UNEXPECTED_ERROR', status: 500, message: 'Unexpected error' },
  });
  return { ...server, url: `${server.origin}/api`, options };
}
