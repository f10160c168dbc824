/**
 * Type guards for the client's errors. Each accepts an instance of the class
 * or any object whose `name` says it is one (or a subclass) and that carries a
 * `request`, so errors thrown by another copy of this library are recognised
 * too, while e.g. the `TimeoutError` DOMException of `AbortSignal.timeout()`
 * is not taken for ours.
 */
import {
  AuthError,
  ConflictError,
  HttpError,
  NetworkError,
  NotFoundError,
  ParseError,
  PubnetError,
  RateLimitError,
  TimeoutError,
  ValidationError,
} from './errors.js';

const HTTP = [
  'HttpError',
  'ParseError',
  'ValidationError',
  'AuthError',
  'NotFoundError',
  'ConflictError',
  'RateLimitError',
];

const nameOf = (error: unknown): unknown =>
  typeof error == 'object' && error !== null ? (error as { name?: unknown }).name : undefined;

const ours = (error: unknown, names: string[]) =>
  names.includes(nameOf(error) as string) &&
  typeof (error as { request?: unknown }).request == 'object';

const guard =
  <T>(errorClass: abstract new (...args: never[]) => T, names: string[]) =>
  (error: unknown): error is T =>
    error instanceof errorClass || ours(error, names);

/** Any error of this client. */
export const isPubnetError = guard(PubnetError, [
  'PubnetError',
  'TimeoutError',
  'NetworkError',
  ...HTTP,
]);
/** An HTTP answer that is not 2xx, or a 2xx that is not JSON (all subclasses). */
export const isHttpError = guard(HttpError, HTTP);
/** A 2xx answer whose body is not valid JSON. */
export const isParseError = guard(ParseError, ['ParseError']);
/** 400, from the server or from the client's own checks before sending. */
export const isValidationError = guard(ValidationError, ['ValidationError']);
/** 401 or 403. */
export const isAuthError = guard(AuthError, ['AuthError']);
/** 404. */
export const isNotFoundError = guard(NotFoundError, ['NotFoundError']);
/** 409 (stale `_version`). */
export const isConflictError = guard(ConflictError, ['ConflictError']);
/** 429. */
export const isRateLimitError = guard(RateLimitError, ['RateLimitError']);
/** The per-attempt timeout elapsed. */
export const isTimeoutError = guard(TimeoutError, ['TimeoutError']);
/** `fetch` failed. */
export const isNetworkError = guard(NetworkError, ['NetworkError']);
/** The caller aborted (`AbortError`, the default reason of `AbortController.abort()`). */
export const isAbortError = (error: unknown): boolean => nameOf(error) == 'AbortError';
