import { createContext, type RouterContext } from 'react-router';
import { REQUEST_STATE_KEY, type RequestState } from '../../core/routing/request-state.ts';

export type { RenderedPage, RequestState } from '../../core/routing/request-state.ts';

/** The context key through which the Hono server hands per-request state to loaders (one object for both). */
const registry = globalThis as unknown as Record<symbol, RouterContext<RequestState> | undefined>;
registry[REQUEST_STATE_KEY] ??= createContext<RequestState>();

export const requestStateContext: RouterContext<RequestState> = registry[REQUEST_STATE_KEY];
