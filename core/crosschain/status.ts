/**
 * Where a cross-chain transfer stands, in LI.FI's words, which every bridge source answers in
 * (core/crosschain/lifi.ts, across.ts, sandbox-bridge.ts) and the API passes on. No zod here: the
 * browser bundle imports it.
 */
export const BRIDGE_STATUSES = ['NOT_FOUND', 'PENDING', 'DONE', 'FAILED', 'INVALID'] as const;
export type BridgeStatus = (typeof BRIDGE_STATUSES)[number];

/** The transfer is over: landed, failed, or not a transfer the bridge knows. */
export const FINAL_BRIDGE_STATUSES: ReadonlySet<BridgeStatus> = new Set(['DONE', 'FAILED', 'INVALID']);
