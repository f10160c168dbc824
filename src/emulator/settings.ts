/**
 * The account settings of `/my/<name>/`: one stored object each. GET reads,
 * PUT replaces, PATCH merges; a few fields are checked so clients meet real
 * 400s.
 */
import type { Ctx, Handler } from './context.js';
import { Errors, REQUIRED } from './errors.js';
import { isHttpUrl, json, type Json } from './http.js';
import { CURRENCIES, LANGUAGES, TIMEZONES } from './reference/index.js';
import type { Loose } from './state.js';
import { requireObject } from './validate/common.js';

type Rule = (value: unknown) => string | null;

const urlOrNull: Rule = (v) =>
  v === null || isHttpUrl(v) ? null : 'Enter a valid absolute http(s) URL.';
const oneOf =
  (values: readonly string[]): Rule =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? null : `"${String(v)}" is not a valid choice.`;

/** Checked fields per setting: required by PUT, checked by PATCH when given. */
export const SETTING_RULES: Record<string, Record<string, Rule>> = {
  email: {
    email: (v) =>
      typeof v === 'string' && /^[^@\s]+@[^@\s]+$/.test(v) ? null : 'Enter a valid email address.',
  },
  default_currency: { currency: oneOf(CURRENCIES.map((c) => c.code)) },
  language_preferences: { language: oneOf(LANGUAGES.map((l) => l.code)) },
  timezone_preferences: { timezone: oneOf(TIMEZONES.map((t) => t.name)) },
  postback_url: { postback_url: urlOrNull },
  traffic_back_url: { traffic_back_url: urlOrNull },
  website: { website: urlOrNull },
};

function setting(ctx: Ctx, name: string): Loose {
  return (ctx.state.settings[name] ??= {});
}

function checked(name: string, body: Json, partial: boolean): Json {
  const errors = new Errors();
  for (const [field, rule] of Object.entries(SETTING_RULES[name] ?? {})) {
    if (body[field] === undefined) {
      if (!partial) errors.add(field, REQUIRED);
      continue;
    }
    const message = rule(body[field]);
    if (message) errors.add(field, message);
  }
  errors.throwIfAny();
  return body;
}

export const getSetting =
  (name: string): Handler =>
  (ctx) =>
    json(setting(ctx, name));

/** PUT: the checked body becomes the setting. */
export function replaceSetting(ctx: Ctx, name: string): Loose {
  const body = checked(name, requireObject(ctx.body), false);
  return (ctx.state.settings[name] = { ...body });
}

export const putSetting =
  (name: string): Handler =>
  (ctx) =>
    json(replaceSetting(ctx, name));

export const patchSetting =
  (name: string): Handler =>
  (ctx) => {
    const body = checked(name, requireObject(ctx.body), true);
    return json(Object.assign(setting(ctx, name), body));
  };

/** The profile gathers the other settings into one read-only view. */
export function profile(ctx: Ctx): Response {
  const s = ctx.state.settings;
  return json({
    ...s.name,
    ...s.email,
    ...s.phone,
    company: s.company ?? null,
    address: s.address ?? null,
    ...s.account_type,
    ...s.default_currency,
    ...s.language_preferences,
    ...s.timezone_preferences,
  });
}
