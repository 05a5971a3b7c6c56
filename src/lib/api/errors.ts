/**
 * The browser's error catalogue (docs/browser-client.md, Error catalogue): `ApiError` — message, status, code, details —
 * and one constructor per catalogue entry, `toApiError` for anything caught, and the default
 * login/register failure messages per locale. Messages are the catalogue's, word for word.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales.ts';
import { isRecord } from '../../contracts/narrowing.ts';

/**
 * Codes of failures the browser names itself (no answer, or an answer without a body); server
 * errors carry the server's own code (contracts/error-codes.ts). Sorted, one a line.
 */
export const CLIENT_ERROR_CODES = [
  'HTTP_ERROR',
  'INVALID_JSON',
  'NETWORK_ERROR',
  'NO_ACCESS_TOKEN',
  'NO_TOKEN',
  'REFRESH_FAILED',
  'TIMEOUT',
  'TOKEN_REFRESH_FAILED',
  'UNKNOWN_ERROR',
] as const;

export type ApiErrorInit = {
  /** HTTP status; 0 when no response was received. */
  status: number;
  code: string;
  details?: unknown;
  cause?: unknown;
};

/** Every failure of an API call surfaces as this. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? null;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** Reason phrases for responses that carry none (HTTP/2 has no status text). */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

type ServerBody = { message: string; code?: unknown; details?: unknown };
const isServerBody = (body: unknown): body is ServerBody =>
  isRecord(body) && typeof body['message'] === 'string' && body['message'] !== '';

/**
 * A non-OK response: the server's message, code and details when its body has them
 * (`body` is already camelCased), else 'HTTP {status}: {statusText}'.
 */
export function httpError(status: number, statusText: string, body: unknown): ApiError {
  if (isServerBody(body)) {
    const code = typeof body.code === 'string' && body.code ? body.code : 'SERVER_ERROR';
    return new ApiError(body.message, { status, code, details: body.details });
  }
  const text = statusText || REASONS[status] || '';
  return new ApiError(`HTTP ${status}: ${text}`, { status, code: 'HTTP_ERROR' });
}

export const timeoutError = (cause?: unknown) =>
  new ApiError('Request timeout', { status: 0, code: 'TIMEOUT', cause });

export const networkError = (cause?: unknown) =>
  new ApiError('Network error', { status: 0, code: 'NETWORK_ERROR', cause });

export const invalidJsonError = (status: number) =>
  new ApiError('Invalid JSON response', { status, code: 'INVALID_JSON' });

export const preRequestRefreshError = (cause?: unknown) =>
  new ApiError('Failed to refresh token before request', {
    status: 401,
    code: 'TOKEN_REFRESH_FAILED',
    cause,
  });

export const noTokenError = () =>
  new ApiError('No authentication token', { status: 401, code: 'NO_TOKEN' });

/** The refresh call answered non-OK; the server's code and details are kept. */
export const refreshFailedError = (status: number, cause?: ApiError) =>
  new ApiError(`Refresh failed: ${status}`, {
    status,
    code: cause && cause.code !== 'HTTP_ERROR' ? cause.code : 'REFRESH_FAILED',
    details: cause?.details,
    cause,
  });

export const noAccessTokenError = (status: number) =>
  new ApiError('No access token in response', { status, code: 'NO_ACCESS_TOKEN' });

const unknownError = (cause?: unknown) =>
  new ApiError('Unknown error occurred', { status: 0, code: 'UNKNOWN_ERROR', cause });

type ServiceError = { message: string; code: string; details?: unknown; status?: unknown };
const isServiceError = (value: unknown): value is ServiceError =>
  isRecord(value) && typeof value['message'] === 'string' && typeof value['code'] === 'string';

/**
 * Anything caught → ApiError: an ApiError as is; a service error (message + code) wrapped with its
 * code, details and status kept; anything else 'Unknown error occurred'.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isServiceError(error)) {
    const status = typeof error.status === 'number' ? error.status : 0;
    return new ApiError(error.message, {
      status,
      code: error.code,
      details: error.details,
      cause: error,
    });
  }
  return unknownError(error);
}

/** Default message when login fails without a message from the server. */
export const DEFAULT_LOGIN_ERROR: Record<Locale, string> = {
  'zh-CN': '登录失败，请检查用户名和密码',
  'en-US': 'Login failed, please check your username and password',
};

/** Default message when registration fails without a message from the server. */
export const DEFAULT_REGISTER_ERROR: Record<Locale, string> = {
  'zh-CN': '注册失败',
  'en-US': 'Registration failed',
};

/** The locale of the current page (`<html lang>`), or the default locale outside a browser. */
export function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/**
 * Replaces a bare 'HTTP {status}: …' failure with a friendlier default (login, register); server
 * messages and transport errors are kept.
 */
export function withDefaultMessage(error: unknown, message: string): ApiError {
  const apiError = toApiError(error);
  if (apiError.code !== 'HTTP_ERROR') return apiError;
  return new ApiError(message, {
    status: apiError.status,
    code: apiError.code,
    details: apiError.details,
    cause: apiError,
  });
}
