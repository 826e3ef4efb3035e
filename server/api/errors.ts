import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { translate } from '../../core/i18n/translate.ts';
import type { Services } from '../../core/services.ts';
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
  constructor(
    status: ContentfulStatusCode,
    code: string,
    options: {
      field?: string;
      details?: Record<string, string>;
      values?: Record<string, string | number>;
    } = {},
  ) {
    super(code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (options.field) this.field = options.field;
    if (options.details) this.details = options.details;
    this.values = { ...options.details, ...options.values };
  }
}

/** The error as JSON, its message in the language the client asked for (Accept-Language). */
export function errorResponse(c: Context, services: Services, error: ApiError): Response {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: translate(services.dictionaries, requestLanguage(c), `apiErrors.${error.code}`, error.values),
      ...(error.field ? { field: error.field } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  };
  return c.json(body, error.status);
}
