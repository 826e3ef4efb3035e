import type { Context, ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { translate } from '../../core/i18n/translate.ts';
import type { Services } from '../../core/services.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/errors.ts';
import { requestLanguage } from './request-language.ts';

export interface ApiErrorBody {
  error: { code: string; message: string; field?: string; details?: Record<string, string> };
}

/** An error the API answers with: status, machine-readable code, and values for the message. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly field?: string;
  readonly details?: Record<string, string>;
  readonly values: Record<string, string | number>;
  /** The dictionary key of the message, when it is not `apiErrors.{code}` (a domain's own section). */
  readonly messageKey?: string;
  constructor(
    status: ContentfulStatusCode,
    code: string,
    options: {
      field?: string;
      details?: Record<string, string>;
      values?: Record<string, string | number>;
      messageKey?: string;
    } = {},
  ) {
    super(code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (options.field) this.field = options.field;
    if (options.details) this.details = options.details;
    this.values = { ...options.details, ...options.values };
    if (options.messageKey) this.messageKey = options.messageKey;
  }
}

/** The error as JSON, its message in the language the client asked for (Accept-Language). */
export function errorResponse(c: Context, services: Services, error: ApiError): Response {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: translate(
        services.dictionaries,
        requestLanguage(c),
        error.messageKey ?? `apiErrors.${error.code}`,
        error.values,
      ),
      ...(error.field ? { field: error.field } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  };
  return c.json(body, error.status);
}

/**
 * The APIs' last resort: their own errors as they are; an unreachable or too slow database as 503
 * `unavailable` with Retry-After (the client may try again); anything else logged and 500.
 */
export function apiErrorHandler(services: Services): ErrorHandler {
  return (error, c) => {
    if (error instanceof ApiError) return errorResponse(c, services, error);
    const outage = services.databaseOutage.report(error);
    if (outage) {
      if (outage === 'new') services.log.warn({ err: error, path: c.req.path }, 'Database unavailable');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return errorResponse(c, services, new ApiError(503, 'unavailable'));
    }
    services.log.error({ err: error, path: c.req.path }, 'API error');
    return errorResponse(c, services, new ApiError(500, 'internal_error'));
  };
}
