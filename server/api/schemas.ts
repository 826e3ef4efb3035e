import { CROSS_CHAIN_RESPONSE_SCHEMAS } from '../../core/crosschain/contract.ts';
import { DEX_RESPONSE_SCHEMAS } from '../../core/dex/contract.ts';
import { RESPONSE_SCHEMAS } from '../../core/exchange/contract.ts';
import { FIAT_RESPONSE_SCHEMAS } from '../../core/fiat/contract.ts';
import { PARTNER_RESPONSE_SCHEMAS } from '../../core/partners/contract.ts';

/** Every response body of /api/v1 by name: each domain's contract (core/…/contract.ts) names its own. */
export const API_RESPONSE_SCHEMAS = {
  ...RESPONSE_SCHEMAS,
  ...DEX_RESPONSE_SCHEMAS,
  ...CROSS_CHAIN_RESPONSE_SCHEMAS,
  ...FIAT_RESPONSE_SCHEMAS,
  ...PARTNER_RESPONSE_SCHEMAS,
} as const;
type Named = typeof API_RESPONSE_SCHEMAS;

/**
 * The same schemas marked with their names (zod's own `id` metadata, which the OpenAPI generator
 * reads): a route answering one of them refers to `#/components/schemas/{name}`, and the generated
 * document lists each once under components.
 */
export const schemas = Object.fromEntries(
  Object.entries(API_RESPONSE_SCHEMAS).map(([name, schema]) => [name, schema.meta({ id: name })]),
) as unknown as Named;
