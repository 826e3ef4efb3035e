import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { idempotencyKeySchema } from '../../core/exchange/contract.ts';
import type { KeyHolder } from '../../core/partners/api-keys.ts';
import type { RateLimiter } from '../../core/rate-limit.ts';
import type { Services } from '../../core/services.ts';
import { ApiError } from './errors.ts';
import { jsonBody, parseInput } from './input.ts';
import { ERROR_EXAMPLE } from './openapi-examples.ts';
import { schemas } from './schemas.ts';

/**
 * What every /api/v1 handler finds on its context: the app's services and rate limiter (set first
 * by server/api/v1.ts, so the operations themselves need no services to be described), and the
 * caller: the partner of a valid X-Api-Key, and the client its rate limits count against.
 */
export type ApiEnv = {
  Variables: { services: Services; limiter: RateLimiter; partner: KeyHolder | null; client: string };
};
export type ApiContext = Context<ApiEnv>;
export type ApiRoutes = OpenAPIHono<ApiEnv>;

/** A schema as a route's content may give it: zod, or a JSON schema. */
type ResponseConfig = Exclude<RouteConfig['responses'][string], { $ref: string }>;
type MediaType = Exclude<NonNullable<NonNullable<ResponseConfig['content']>[string]>, { $ref: string }>;
type SchemaObject = Exclude<NonNullable<MediaType['schema']>, z.ZodType>;

type RequestOf<R extends RouteConfig> = NonNullable<R['request']>;
type Output<S> = S extends z.ZodType ? z.output<S> : never;
type BodyOf<R extends RouteConfig> = RequestOf<R>['body'] extends {
  content: { 'application/json': { schema: infer S } };
}
  ? Output<S>
  : never;
type ParamOf<R extends RouteConfig> =
  RequestOf<R>['params'] extends z.ZodObject<infer Shape> ? keyof Shape & string : never;
type HeaderOf<R extends RouteConfig> =
  RequestOf<R>['headers'] extends z.ZodObject<infer Shape> ? keyof Shape & string : never;

/** An operation's input, read and checked when its handler asks, by the schemas of its route. */
export interface OperationInput<R extends RouteConfig> {
  /** A path parameter as it came (each handler decides what it finds under it). */
  param(name: ParamOf<R>): string;
  /** The query string: 422 for a control character anywhere, then 400 naming the field the schema refuses. */
  query(): Output<RequestOf<R>['query']>;
  /** The JSON body: 400 `invalid_json` when it is not JSON, then as the query. */
  body(): Promise<BodyOf<R>>;
  /** A documented header, absent or valid: 400 naming the header otherwise. */
  header(name: HeaderOf<R>): string | undefined;
}

function inputOf<R extends RouteConfig>(c: ApiContext, route: R): OperationInput<R> {
  const request = route.request ?? {};
  return {
    param: (name) => c.req.param(name) ?? '',
    query: () => parseInput(request.query as z.ZodType, c.req.query()) as Output<RequestOf<R>['query']>,
    body: async () => {
      const schema = request.body?.content['application/json'];
      if (!schema || !('schema' in schema))
        throw new Error(`${route.method} ${route.path} takes no JSON body`);
      return (await jsonBody(c, schema.schema as z.ZodType)) as BodyOf<R>;
    },
    header: (name) => {
      const value = c.req.header(name);
      const schema = (request.headers as z.ZodObject | undefined)?.shape[name];
      if (value === undefined || !schema) return value;
      if (!schema.safeParse(value).success) {
        throw new ApiError(400, 'invalid_request', { field: name, values: { field: name } });
      }
      return value;
    },
  };
}

/**
 * One operation of the API: its route (path, method, parameters, body and answers, in zod) is
 * registered for the OpenAPI document, and its handler under the same path. The handler reads its
 * input through `input`, by the same schemas, with the API's own rules and error bodies (a control
 * character 422, a refused field 400 naming it, invalid JSON 400), when and in the order it needs
 * it: zod-openapi's own validators would answer other statuses (415 for a content type, 400 for a
 * repeated query parameter) and check before the handler looks the resource up (docs/decisions/031).
 */
export function operation<R extends RouteConfig>(
  api: ApiRoutes,
  definition: R,
  handler: (c: ApiContext, input: OperationInput<R>) => Response | Promise<Response>,
): void {
  const route = createRoute(definition);
  api.openAPIRegistry.registerPath(route);
  api.on(route.method.toUpperCase(), route.getRoutingPath(), (c) => handler(c, inputOf(c, route)));
}

// ---- Pieces of the routes' descriptions ------------------------------------------------------

/** A JSON content of `schema` (zod, or a JSON schema), with an example. */
export const json = <S extends z.ZodType | SchemaObject>(schema: S, example?: unknown) => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});

/** A success answer. */
export const answer = (description: string, schema: z.ZodType | SchemaObject, example?: unknown) => ({
  description,
  content: json(schema, example),
});

/** A required JSON request body. */
export const jsonRequest = <S extends z.ZodType>(schema: S, example?: unknown) => ({
  required: true,
  content: json(schema, example),
});

/** Path parameters, strings (each handler decides what it finds under them). */
export const pathParams = <const K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<K, z.ZodString>);

/** The Idempotency-Key header of a create operation (absent, or 1–255 visible ASCII characters). */
export const idempotencyHeader = (description: string) =>
  z.object({ 'Idempotency-Key': idempotencyKeySchema.optional().describe(description) });

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Malformed request: invalid JSON, JSON nested deeper than 32 levels, or a field or parameter that breaks its schema (`field` names it)',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Body over 16 KB',
  414: 'Path longer than 1024 characters (a path parameter far longer than any valid one)',
  422: 'Understood but refused: a control character in a string, or a value the exchange cannot serve',
  502: 'The liquidity provider failed',
};

/** The error answers an operation may give, in the error format. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      answer(ERROR_MEANINGS[status] ?? 'Error', schemas.Error, status === 422 ? ERROR_EXAMPLE : undefined),
    ]),
  );

/**
 * What any operation may answer: every request passes the API key check and the rate limit
 * (server/api/v1.ts), whatever its route.
 */
export const everyOperation = {
  401: { $ref: '#/components/responses/InvalidApiKey' },
  429: { $ref: '#/components/responses/RateLimited' },
  503: { $ref: '#/components/responses/Unavailable' },
};
