import { createContext, type RouterContext } from 'react-router';
import { REQUEST_STATE_KEY, type RequestState } from '../core/routing/request-state.ts';

/**
 * The React Router context key for the per-request state, registered under the same global symbol
 * as the app's (app/lib/request-context.ts) so that both are one object without the server
 * importing the app (docs/ARCHITECTURE.md, the dependency rule).
 */
const registry = globalThis as unknown as Record<symbol, RouterContext<RequestState> | undefined>;
registry[REQUEST_STATE_KEY] ??= createContext<RequestState>();

export const requestStateContext: RouterContext<RequestState> = registry[REQUEST_STATE_KEY];
