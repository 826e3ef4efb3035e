import { createContext, type RouterContext } from 'react-router';
import type { RequestState } from '../../core/services.ts';

/**
 * The context key through which the Hono server hands per-request state to loaders. The server
 * bundle and the server's own modules are separate module instances, so the key lives on a
 * global symbol to be one object for both.
 */
const KEY = Symbol.for('swapgate.request-state');
const registry = globalThis as unknown as Record<symbol, RouterContext<RequestState> | undefined>;
registry[KEY] ??= createContext<RequestState>();

export const requestStateContext: RouterContext<RequestState> = registry[KEY];
