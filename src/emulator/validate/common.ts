/** Shared checks of written bodies: object bodies, required fields, `_version`. */
import { badRequest, detail, fail, REQUIRED, type Errors } from '../errors.js';
import { isRecord, type Json } from '../http.js';

export type WriteMode = 'create' | 'replace' | 'patch';

export function requireObject(body: unknown): Json {
  if (body === undefined) return {};
  if (!isRecord(body)) {
    const got = Array.isArray(body) ? 'list' : typeof body;
    return fail(
      badRequest({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] }),
    );
  }
  return body;
}

/**
 * Whether a field is to be written. Required fields must be present on
 * create/replace; blank values of required fields are errors too.
 */
export function present(
  body: Json,
  field: string,
  mode: WriteMode,
  errors: Errors,
  required = true,
): boolean {
  const v = body[field];
  const blank = v === undefined || v === null || v === '';
  if (!blank) return true;
  if (required && (mode !== 'patch' || v !== undefined)) {
    errors.add(field, v === undefined ? REQUIRED : 'This field may not be blank.');
  }
  return false;
}

/**
 * The optimistic lock (api-contract §3): a `_version` that differs from the
 * stored one is a 409 carrying the current version; no `_version`, no check.
 */
export function checkVersion(body: Json, current: number): void {
  const v = body._version;
  if (v === undefined || v === null) return;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    fail(badRequest({ _version: ['A valid integer is required.'] }));
  }
  if (v !== current) {
    fail(
      detail(409, `Version conflict: the object was changed (current version ${current}).`, {
        _version: current,
      }),
    );
  }
}

export const notAChoice = (v: unknown): string => `"${String(v)}" is not a valid choice.`;
