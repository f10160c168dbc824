/** `/my/...`: the account settings, password and private tokens. */
import type { myRoutes } from '../../client/routes/index.js';
import { param, type Ctx, type HandlersFor } from '../context.js';
import { Errors, REQUIRED } from '../errors.js';
import { created, json, noContent, nowIso } from '../http.js';
import { paginate } from '../paginate.js';
import { getSetting, patchSetting, profile, putSetting, replaceSetting } from '../settings.js';
import type { Loose } from '../state.js';
import { byId, mergeInto, removeFrom, replaceIn } from '../store.js';
import { requireObject } from '../validate/common.js';

const TOKEN_READ_ONLY = ['id', 'key', 'created_at', 'last_used_at'];

function password(ctx: Ctx): Response {
  const body = requireObject(ctx.body);
  const errors = new Errors();
  if (body.old_password === undefined) errors.add('old_password', REQUIRED);
  else if (body.old_password !== ctx.state.password) errors.add('old_password', 'Wrong password.');
  if (body.new_password === undefined) errors.add('new_password', REQUIRED);
  else if (typeof body.new_password !== 'string' || body.new_password.length < 8) {
    errors.add('new_password', 'Ensure this field has at least 8 characters.');
  }
  errors.throwIfAny();
  ctx.state.password = body.new_password as string;
  return json({ detail: 'Password updated.' });
}

function tokenBody(ctx: Ctx, required: boolean): Loose {
  const body = requireObject(ctx.body);
  const errors = new Errors();
  if (
    (required || body.name !== undefined) &&
    (typeof body.name !== 'string' || !body.name.trim())
  ) {
    errors.add('name', REQUIRED);
  }
  errors.throwIfAny();
  return body;
}

const token = (ctx: Ctx): Loose => byId(ctx.state.privateTokens, param(ctx, 'id'));

export const myHandlers = {
  'my.getAccountType': getSetting('account_type'),
  'my.updateAccountType': putSetting('account_type'),
  'my.getAddress': getSetting('address'),
  'my.updateAddress': putSetting('address'),
  'my.getCompany': getSetting('company'),
  'my.updateCompany': putSetting('company'),
  'my.getDefaultCurrency': getSetting('default_currency'),
  'my.updateDefaultCurrency': putSetting('default_currency'),
  'my.getEmail': getSetting('email'),
  'my.createEmail': (ctx) => {
    // A new address starts unverified.
    return created(Object.assign(replaceSetting(ctx, 'email'), { is_verified: false }));
  },
  'my.updateEmail': putSetting('email'),
  'my.deleteEmail': (ctx) => {
    ctx.state.settings.email = { email: null, is_verified: false };
    return noContent();
  },
  'my.patchEmail': patchSetting('email'),
  'my.getJabber': getSetting('jabber'),
  'my.updateJabber': putSetting('jabber'),
  'my.getLanguagePreferences': getSetting('language_preferences'),
  'my.updateLanguagePreferences': putSetting('language_preferences'),
  'my.getName': getSetting('name'),
  'my.updateName': putSetting('name'),
  'my.getNotificationsPreferences': getSetting('notifications_preferences'),
  'my.updateNotificationsPreferences': putSetting('notifications_preferences'),
  'my.updatePassword': password,
  'my.getPermissions': getSetting('permissions'),
  'my.getPhone': getSetting('phone'),
  'my.updatePhone': putSetting('phone'),
  'my.getPostbackUrl': getSetting('postback_url'),
  'my.updatePostbackUrl': putSetting('postback_url'),
  'my.listPrivateTokens': (ctx) => paginate(ctx.url, ctx.state.privateTokens, (t) => t),
  'my.createPrivateToken': (ctx) => {
    const body = tokenBody(ctx, true);
    const id = Math.max(0, ...ctx.state.privateTokens.map((t) => Number(t.id))) + 1;
    const item = {
      scopes: [],
      ...Object.fromEntries(Object.entries(body).filter(([k]) => !TOKEN_READ_ONLY.includes(k))),
      id,
      key: ctx.state.rng.hex(40),
      created_at: nowIso(),
      last_used_at: null,
    };
    ctx.state.privateTokens.push(item);
    return created(item);
  },
  'my.getPrivateToken': (ctx) => json(token(ctx)),
  'my.updatePrivateToken': (ctx) =>
    json(replaceIn(token(ctx), tokenBody(ctx, true), TOKEN_READ_ONLY)),
  'my.patchPrivateToken': (ctx) =>
    json(mergeInto(token(ctx), tokenBody(ctx, false), TOKEN_READ_ONLY)),
  'my.deletePrivateToken': (ctx) => {
    removeFrom(ctx.state.privateTokens, token(ctx));
    return noContent();
  },
  'my.regeneratePrivateToken': (ctx) => {
    const t = token(ctx);
    t.key = ctx.state.rng.hex(40);
    return json(t);
  },
  'my.getProfile': profile,
  'my.getSkype': getSetting('skype'),
  'my.updateSkype': putSetting('skype'),
  'my.getSupervisor': getSetting('supervisor'),
  'my.getTaxId': getSetting('tax_id'),
  'my.updateTaxId': putSetting('tax_id'),
  'my.getTimezonePreferences': getSetting('timezone_preferences'),
  'my.updateTimezonePreferences': putSetting('timezone_preferences'),
  'my.getTrafficBackUrl': getSetting('traffic_back_url'),
  'my.updateTrafficBackUrl': putSetting('traffic_back_url'),
  'my.getWebsite': getSetting('website'),
  'my.updateWebsite': putSetting('website'),
} satisfies HandlersFor<typeof myRoutes>;
