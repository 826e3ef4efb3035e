import type { LoaderFunctionArgs } from 'react-router';
import '../crosschain/english.ts';
import { DexNetworkPage } from '../dex/NetworkPage.tsx';
import '../dex/english.ts';
import { loadDexNetwork } from '../dex/network.server.ts';

export function loader(args: LoaderFunctionArgs) {
  return loadDexNetwork(args);
}

/** /dex/networks/{network}: one DEX network, whether swaps run on it here, its bridges. */
export default DexNetworkPage;
