/** Error answers in Django REST Framework style (api-contract §3). */
import { json } from './http.js';

export type FieldErrors = Record<string, string[]>;

/** Thrown by handlers and helpers; the route wrapper answers with `response`. */
export class ApiError extends Error {
  constructor(readonly response: Response) {
    super(`API error ${response.status}`);
  }
}

export function detail(status: number, message: string, extra?: Record<string, unknown>): Response {
  return json({ detail: message, ...extra }, status);
}

export function notFound(): Response {
  return detail(404, 'Not found.');
}

export function badRequest(errors: FieldErrors): Response {
  return json(errors, 400);
}

export function fail(response: Response): never {
  throw new ApiError(response);
}

/** Collects field errors, then throws them all at once as a 400. */
export class Errors {
  readonly fields: FieldErrors = {};

  add(field: string, message: string): this {
    (this.fields[field] ??= []).push(message);
    return this;
  }

  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) fail(badRequest(this.fields));
  }
}

export function invalid(field: string, message: string): never {
  return fail(badRequest({ [field]: [message] }));
}

export const REQUIRED = 'This field is required.';
