import type { AddressFormat, MemoFormat } from './validate.ts';

export const NETWORK_IDS = [
  'bitcoin',
  'ethereum',
  'bsc',
  'polygon',
  'arbitrum',
  'optimism',
  'base',
  'avalanche-c',
  'ethereum-classic',
  'tron',
  'solana',
  'xrp',
  'stellar',
  'eos',
  'ton',
  'cosmos',
  'litecoin',
  'dogecoin',
  'bitcoin-cash',
  'dash',
  'zcash',
  'cardano',
  'polkadot',
  'monero',
  'algorand',
  'near',
  'tezos',
  'hedera',
  'aptos',
  'sui',
  'kaspa',
  'cronos',
  'zksync',
  'linea',
  'fantom',
] as const;

export type NetworkId = (typeof NETWORK_IDS)[number];

/** Which memo a network has; clients name it in their language from this (`exchange.memoNames.*`). */
export type MemoKind = 'destinationTag' | 'memo' | 'comment';

/** The memo names in English, as the API and server messages write them. */
export const MEMO_NAMES: Readonly<Record<MemoKind, string>> = {
  destinationTag: 'Destination tag',
  memo: 'Memo',
  comment: 'Comment',
};

/**
 * Memo attached to a payout. `required` is false everywhere: a user's own wallet needs no
 * memo, and exchange deposit addresses that do need one are the user's to fill in. The
 * aggregator's own deposit addresses carry their own memo, issued per order, so this flag
 * never governs deposits.
 */
export type MemoSpec = { kind: MemoKind; required: boolean; format: MemoFormat };

export type NetworkDefinition = {
  id: NetworkId;
  name: string;
  /** Lowercase ticker of the coin that pays the network fee. */
  nativeCoin: string;
  addressFormat: AddressFormat;
  memo: MemoSpec | null;
  /** Confirmations we wait for before treating a deposit as final. */
  confirmations: number;
  /** URL templates with `{hash}` / `{address}`; `address` is null where no explorer can show one. */
  explorer: { tx: string; address: string | null };
  /** Decimals of the native coin's smallest unit. */
  decimals: number;
  /** Typical fee of one payout transaction, in USD. */
  networkFeeUsd: number;
};

/** Explorer templates for Etherscan-style sites (same paths on every EVM scanner). */
function scan(origin: string): NetworkDefinition['explorer'] {
  return { tx: `${origin}/tx/{hash}`, address: `${origin}/address/{address}` };
}

/** Blockchair covers the smaller Bitcoin forks with one URL scheme. */
function blockchair(chain: string): NetworkDefinition['explorer'] {
  return {
    tx: `https://blockchair.com/${chain}/transaction/{hash}`,
    address: `https://blockchair.com/${chain}/address/{address}`,
  };
}

export const NETWORKS: Readonly<Record<NetworkId, NetworkDefinition>> = {
  bitcoin: {
    id: 'bitcoin',
    name: 'Bitcoin',
    nativeCoin: 'btc',
    addressFormat: 'bitcoin',
    memo: null,
    confirmations: 2,
    explorer: scan('https://mempool.space'),
    decimals: 8,
    networkFeeUsd: 1.5,
  },
  ethereum: {
    id: 'ethereum',
    name: 'Ethereum (ERC-20)',
    nativeCoin: 'eth',
    addressFormat: 'evm',
    memo: null,
    confirmations: 12,
    explorer: scan('https://etherscan.io'),
    decimals: 18,
    networkFeeUsd: 1,
  },
  bsc: {
    id: 'bsc',
    name: 'BNB Smart Chain (BEP-20)',
    nativeCoin: 'bnb',
    addressFormat: 'evm',
    memo: null,
    confirmations: 15,
    explorer: scan('https://bscscan.com'),
    decimals: 18,
    networkFeeUsd: 0.05,
  },
  polygon: {
    id: 'polygon',
    name: 'Polygon (PoS)',
    nativeCoin: 'pol',
    addressFormat: 'evm',
    memo: null,
    confirmations: 128,
    explorer: scan('https://polygonscan.com'),
    decimals: 18,
    networkFeeUsd: 0.01,
  },
  arbitrum: {
    id: 'arbitrum',
    name: 'Arbitrum One',
    nativeCoin: 'eth',
    addressFormat: 'evm',
    memo: null,
    confirmations: 20,
    explorer: scan('https://arbiscan.io'),
    decimals: 18,
    networkFeeUsd: 0.05,
  },
  optimism: {
    id: 'optimism',
    name: 'OP Mainnet (Optimism)',
    nativeCoin: 'eth',
    addressFormat: 'evm',
    memo: null,
    confirmations: 20,
    explorer: scan('https://optimistic.etherscan.io'),
    decimals: 18,
    networkFeeUsd: 0.05,
  },
  base: {
    id: 'base',
    name: 'Base',
    nativeCoin: 'eth',
    addressFormat: 'evm',
    memo: null,
    confirmations: 20,
    explorer: scan('https://basescan.org'),
    decimals: 18,
    networkFeeUsd: 0.02,
  },
  'avalanche-c': {
    id: 'avalanche-c',
    name: 'Avalanche C-Chain',
    nativeCoin: 'avax',
    addressFormat: 'evm',
    memo: null,
    confirmations: 12,
    explorer: scan('https://snowtrace.io'),
    decimals: 18,
    networkFeeUsd: 0.05,
  },
  'ethereum-classic': {
    id: 'ethereum-classic',
    name: 'Ethereum Classic',
    nativeCoin: 'etc',
    addressFormat: 'evm',
    memo: null,
    // Low hash rate and past 51% reorgs: exchanges wait far longer than on Ethereum.
    confirmations: 500,
    explorer: scan('https://etc.blockscout.com'),
    decimals: 18,
    networkFeeUsd: 0.01,
  },
  tron: {
    id: 'tron',
    name: 'Tron (TRC-20)',
    nativeCoin: 'trx',
    addressFormat: 'tron',
    memo: null,
    confirmations: 20,
    explorer: {
      tx: 'https://tronscan.org/#/transaction/{hash}',
      address: 'https://tronscan.org/#/address/{address}',
    },
    decimals: 6,
    networkFeeUsd: 1,
  },
  solana: {
    id: 'solana',
    name: 'Solana',
    nativeCoin: 'sol',
    addressFormat: 'solana',
    memo: null,
    confirmations: 32,
    explorer: {
      tx: 'https://solscan.io/tx/{hash}',
      address: 'https://solscan.io/account/{address}',
    },
    decimals: 9,
    networkFeeUsd: 0.01,
  },
  xrp: {
    id: 'xrp',
    name: 'XRP Ledger',
    nativeCoin: 'xrp',
    addressFormat: 'xrp',
    memo: { kind: 'destinationTag', required: false, format: 'uint32' },
    confirmations: 1,
    explorer: {
      tx: 'https://xrpscan.com/tx/{hash}',
      address: 'https://xrpscan.com/account/{address}',
    },
    decimals: 6,
    networkFeeUsd: 0.01,
  },
  stellar: {
    id: 'stellar',
    name: 'Stellar',
    nativeCoin: 'xlm',
    addressFormat: 'stellar',
    memo: { kind: 'memo', required: false, format: 'stellar' },
    confirmations: 1,
    explorer: {
      tx: 'https://stellar.expert/explorer/public/tx/{hash}',
      address: 'https://stellar.expert/explorer/public/account/{address}',
    },
    decimals: 7,
    networkFeeUsd: 0.01,
  },
  eos: {
    id: 'eos',
    name: 'EOS',
    nativeCoin: 'eos',
    addressFormat: 'eos',
    memo: { kind: 'memo', required: false, format: 'text-256' },
    confirmations: 3,
    explorer: {
      tx: 'https://bloks.io/transaction/{hash}',
      address: 'https://bloks.io/account/{address}',
    },
    decimals: 4,
    networkFeeUsd: 0.05,
  },
  ton: {
    id: 'ton',
    name: 'TON',
    nativeCoin: 'ton',
    addressFormat: 'ton',
    memo: { kind: 'comment', required: false, format: 'text-120' },
    confirmations: 1,
    explorer: {
      tx: 'https://tonscan.org/tx/{hash}',
      address: 'https://tonscan.org/address/{address}',
    },
    decimals: 9,
    networkFeeUsd: 0.02,
  },
  cosmos: {
    id: 'cosmos',
    name: 'Cosmos Hub',
    nativeCoin: 'atom',
    addressFormat: 'cosmos',
    memo: { kind: 'memo', required: false, format: 'text-256' },
    confirmations: 1,
    explorer: {
      tx: 'https://www.mintscan.io/cosmos/tx/{hash}',
      address: 'https://www.mintscan.io/cosmos/address/{address}',
    },
    decimals: 6,
    networkFeeUsd: 0.02,
  },
  litecoin: {
    id: 'litecoin',
    name: 'Litecoin',
    nativeCoin: 'ltc',
    addressFormat: 'litecoin',
    memo: null,
    confirmations: 6,
    explorer: blockchair('litecoin'),
    decimals: 8,
    networkFeeUsd: 0.02,
  },
  dogecoin: {
    id: 'dogecoin',
    name: 'Dogecoin',
    nativeCoin: 'doge',
    addressFormat: 'dogecoin',
    memo: null,
    confirmations: 40,
    explorer: blockchair('dogecoin'),
    decimals: 8,
    networkFeeUsd: 0.1,
  },
  'bitcoin-cash': {
    id: 'bitcoin-cash',
    name: 'Bitcoin Cash',
    nativeCoin: 'bch',
    addressFormat: 'bitcoin-cash',
    memo: null,
    confirmations: 6,
    explorer: blockchair('bitcoin-cash'),
    decimals: 8,
    networkFeeUsd: 0.01,
  },
  dash: {
    id: 'dash',
    name: 'Dash',
    nativeCoin: 'dash',
    addressFormat: 'dash',
    memo: null,
    confirmations: 6,
    explorer: blockchair('dash'),
    decimals: 8,
    networkFeeUsd: 0.01,
  },
  zcash: {
    id: 'zcash',
    name: 'Zcash',
    nativeCoin: 'zec',
    addressFormat: 'zcash',
    memo: null,
    confirmations: 24,
    explorer: blockchair('zcash'),
    decimals: 8,
    networkFeeUsd: 0.05,
  },
  cardano: {
    id: 'cardano',
    name: 'Cardano',
    nativeCoin: 'ada',
    addressFormat: 'cardano',
    memo: null,
    confirmations: 15,
    explorer: {
      tx: 'https://cardanoscan.io/transaction/{hash}',
      address: 'https://cardanoscan.io/address/{address}',
    },
    decimals: 6,
    networkFeeUsd: 0.15,
  },
  polkadot: {
    id: 'polkadot',
    name: 'Polkadot',
    nativeCoin: 'dot',
    addressFormat: 'polkadot',
    memo: null,
    confirmations: 2,
    explorer: {
      tx: 'https://polkadot.subscan.io/extrinsic/{hash}',
      address: 'https://polkadot.subscan.io/account/{address}',
    },
    decimals: 10,
    networkFeeUsd: 0.1,
  },
  monero: {
    id: 'monero',
    name: 'Monero',
    nativeCoin: 'xmr',
    addressFormat: 'monero',
    memo: null,
    // Received outputs stay locked for 10 blocks anyway.
    confirmations: 10,
    // Monero balances are private: no explorer can show an address.
    explorer: { tx: 'https://xmrchain.net/tx/{hash}', address: null },
    decimals: 12,
    networkFeeUsd: 0.05,
  },
  algorand: {
    id: 'algorand',
    name: 'Algorand',
    nativeCoin: 'algo',
    addressFormat: 'algorand',
    memo: null,
    confirmations: 1,
    explorer: {
      tx: 'https://allo.info/tx/{hash}',
      address: 'https://allo.info/account/{address}',
    },
    decimals: 6,
    networkFeeUsd: 0.001,
  },
  near: {
    id: 'near',
    name: 'NEAR Protocol',
    nativeCoin: 'near',
    addressFormat: 'near',
    memo: null,
    confirmations: 3,
    explorer: {
      tx: 'https://nearblocks.io/txns/{hash}',
      address: 'https://nearblocks.io/address/{address}',
    },
    decimals: 24,
    networkFeeUsd: 0.01,
  },
  tezos: {
    id: 'tezos',
    name: 'Tezos',
    nativeCoin: 'xtz',
    addressFormat: 'tezos',
    memo: null,
    confirmations: 3,
    explorer: { tx: 'https://tzkt.io/{hash}', address: 'https://tzkt.io/{address}' },
    decimals: 6,
    networkFeeUsd: 0.01,
  },
  hedera: {
    id: 'hedera',
    name: 'Hedera',
    nativeCoin: 'hbar',
    addressFormat: 'hedera',
    memo: { kind: 'memo', required: false, format: 'text-100' },
    confirmations: 1,
    explorer: {
      tx: 'https://hashscan.io/mainnet/transaction/{hash}',
      address: 'https://hashscan.io/mainnet/account/{address}',
    },
    decimals: 8,
    networkFeeUsd: 0.001,
  },
  aptos: {
    id: 'aptos',
    name: 'Aptos',
    nativeCoin: 'apt',
    addressFormat: 'aptos',
    memo: null,
    confirmations: 1,
    explorer: {
      tx: 'https://explorer.aptoslabs.com/txn/{hash}?network=mainnet',
      address: 'https://explorer.aptoslabs.com/account/{address}?network=mainnet',
    },
    decimals: 8,
    networkFeeUsd: 0.01,
  },
  sui: {
    id: 'sui',
    name: 'Sui',
    nativeCoin: 'sui',
    addressFormat: 'sui',
    memo: null,
    confirmations: 1,
    explorer: {
      tx: 'https://suiscan.xyz/mainnet/tx/{hash}',
      address: 'https://suiscan.xyz/mainnet/account/{address}',
    },
    decimals: 9,
    networkFeeUsd: 0.01,
  },
  kaspa: {
    id: 'kaspa',
    name: 'Kaspa',
    nativeCoin: 'kas',
    addressFormat: 'kaspa',
    memo: null,
    confirmations: 100,
    explorer: {
      tx: 'https://explorer.kaspa.org/txs/{hash}',
      address: 'https://explorer.kaspa.org/addresses/{address}',
    },
    decimals: 8,
    networkFeeUsd: 0.01,
  },
  cronos: {
    id: 'cronos',
    name: 'Cronos',
    nativeCoin: 'cro',
    addressFormat: 'evm',
    memo: null,
    confirmations: 12,
    explorer: scan('https://explorer.cronos.org'),
    decimals: 18,
    networkFeeUsd: 0.05,
  },
  zksync: {
    id: 'zksync',
    name: 'zkSync Era',
    nativeCoin: 'eth',
    addressFormat: 'evm',
    memo: null,
    confirmations: 20,
    explorer: scan('https://explorer.zksync.io'),
    decimals: 18,
    networkFeeUsd: 0.05,
  },
  linea: {
    id: 'linea',
    name: 'Linea',
    nativeCoin: 'eth',
    addressFormat: 'evm',
    memo: null,
    confirmations: 20,
    explorer: scan('https://lineascan.build'),
    decimals: 18,
    networkFeeUsd: 0.05,
  },
  fantom: {
    id: 'fantom',
    name: 'Fantom Opera',
    nativeCoin: 'ftm',
    addressFormat: 'evm',
    memo: null,
    confirmations: 5,
    explorer: scan('https://ftmscan.com'),
    decimals: 18,
    networkFeeUsd: 0.01,
  },
};
