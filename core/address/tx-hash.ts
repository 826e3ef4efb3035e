/**
 * A transaction hash in the form its network's explorers and wallets write it. EVM hashes are
 * 32 bytes of hex with a `0x` prefix; some providers report them bare, so a bare 64-digit hex hash
 * on an EVM network gets its prefix (and an explorer link that opens). Other networks keep theirs.
 */
export function networkTxHash(addressFormat: string, hash: string): string {
  if (addressFormat === 'evm' && /^[0-9a-fA-F]{64}$/.test(hash)) return `0x${hash}`;
  return hash;
}
