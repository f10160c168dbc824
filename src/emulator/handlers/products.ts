/** `/publisher/products/...`: search (v1, v2), stats, tracking link, export templates. */
import type { productsRoutes } from '../../client/routes/index.js';
import { param, type Ctx, type HandlersFor } from '../context.js';
import { Errors, fail, invalid, notFound } from '../errors.js';
import { created, json, noContent, nowIso } from '../http.js';
import { envelope, paginate, readPaging, slicePage } from '../paginate.js';
import { presentProduct } from '../present/products.js';
import { searchProducts } from '../product-search.js';
import type { Loose } from '../state.js';
import { byId, createIn, mergeInto, removeFrom, replaceIn } from '../store.js';
import { findWebsite, trackingLink } from '../tracking-links.js';
import { requireObject } from '../validate/common.js';

/** The website of `?key=` (api-contract §5), or null without one. */
function keyWebsite(ctx: Ctx): string | null {
  const key = ctx.url.searchParams.get('key');
  if (key === null) return null;
  const site = findWebsite(ctx, key);
  if (!site) invalid('key', `Unknown website key "${key}".`);
  return site.id;
}

function search(ctx: Ctx) {
  const body = requireObject(ctx.body);
  const website = keyWebsite(ctx);
  const paging = readPaging(ctx.url, body);
  const page = slicePage(searchProducts(ctx.state.products, body), paging);
  return { page, present: (p: (typeof page.items)[number]) => presentProduct(p, ctx, website) };
}

function exportTemplateFields(ctx: Ctx, body: Loose, required: boolean): void {
  const errors = new Errors();
  if (required && (typeof body.name !== 'string' || !body.name.trim())) {
    errors.add('name', 'This field is required.');
  }
  if (body.fields !== undefined || required) {
    const names = new Set(ctx.state.exportFields.map((f) => f.name));
    if (!Array.isArray(body.fields) || body.fields.length === 0) {
      errors.add('fields', 'Expected a non-empty list of field names.');
    } else {
      for (const f of body.fields)
        if (!names.has(f)) errors.add('fields', `Unknown field "${String(f)}".`);
    }
  }
  errors.throwIfAny();
}

export const productsHandlers = {
  'products.search': (ctx) => {
    const { page, present } = search(ctx);
    return json(envelope(ctx.url, page, present));
  },
  'products.searchV2': (ctx) => {
    const { page, present } = search(ctx);
    return json({
      count: page.count,
      pagination: {
        page: page.page,
        page_size: page.pageSize,
        next_page: page.hasNext ? page.page + 1 : null,
        previous_page: page.hasPrevious ? page.page - 1 : null,
      },
      data: page.items.map(present),
    });
  },
  'products.createStats': (ctx) => {
    const body = requireObject(ctx.body);
    const errors = new Errors();
    if (body.event !== 'view' && body.event !== 'click')
      errors.add('event', '"view" or "click" expected.');
    const ids = body.products;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
      errors.add('products', 'Expected a non-empty list of product ids.');
    }
    if (body.adslot !== undefined && body.adslot !== null && typeof body.adslot !== 'string') {
      errors.add('adslot', 'Expected an ad slot id or null.');
    }
    if (
      body.website !== undefined &&
      !(typeof body.website === 'string' && findWebsite(ctx, body.website))
    ) {
      errors.add('website', 'Unknown website key.');
    }
    errors.throwIfAny();
    const accepted = (ids as string[]).filter((id) => ctx.state.productById.has(id));
    ctx.state.productStats.push({ ...body, products: accepted, at: nowIso() });
    return created({ accepted: accepted.length });
  },
  'products.trackingLink': (ctx) => {
    const product = ctx.state.productById.get(param(ctx, 'id'));
    if (!product) return fail(notFound());
    return trackingLink(ctx, 'product', product.id);
  },
  'products.listExportTemplates': (ctx) => paginate(ctx.url, ctx.state.exportTemplates, (t) => t),
  'products.createExportTemplate': (ctx) => {
    const body = requireObject(ctx.body);
    exportTemplateFields(ctx, body, true);
    return created(
      createIn(ctx.state.exportTemplates, { format: 'csv', ...body }, ctx.state.rng.uuid()),
    );
  },
  'products.listExportTemplateFields': (ctx) => paginate(ctx.url, ctx.state.exportFields, (f) => f),
  'products.getExportTemplate': (ctx) => json(byId(ctx.state.exportTemplates, param(ctx, 'uuid'))),
  'products.updateExportTemplate': (ctx) => {
    const item = byId(ctx.state.exportTemplates, param(ctx, 'uuid'));
    const body = requireObject(ctx.body);
    exportTemplateFields(ctx, body, true);
    return json(replaceIn(item, body));
  },
  'products.patchExportTemplate': (ctx) => {
    const item = byId(ctx.state.exportTemplates, param(ctx, 'uuid'));
    const body = requireObject(ctx.body);
    exportTemplateFields(ctx, body, false);
    return json(mergeInto(item, body));
  },
  'products.deleteExportTemplate': (ctx) => {
    removeFrom(ctx.state.exportTemplates, byId(ctx.state.exportTemplates, param(ctx, 'uuid')));
    return noContent();
  },
} satisfies HandlersFor<typeof productsRoutes>;
