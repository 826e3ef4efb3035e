import type { LoaderFunctionArgs } from 'react-router';
import '../dex/english.ts';
import { SandboxTxPage } from '../dex/TxPage.tsx';
import { loadSandboxTransaction } from '../dex/tx.server.ts';

export function loader(args: LoaderFunctionArgs) {
  return loadSandboxTransaction(args);
}

/** /dex/tx/{chainId}/{hash}: a sandbox chain's transaction, since no explorer knows it. */
export default SandboxTxPage;
