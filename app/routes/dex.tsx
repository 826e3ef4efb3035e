import type { LoaderFunctionArgs } from 'react-router';
import { DexPage } from '../dex/DexPage.tsx';
import { loadDex } from '../dex/dex.server.ts';
import '../dex/english.ts';

export function loader(args: LoaderFunctionArgs) {
  return loadDex(args);
}

/** /dex: swaps on the EVM networks with the visitor's own wallet. */
export default DexPage;
