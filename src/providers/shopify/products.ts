/** Products, collections and inventory: the catalog side of a shop. */
import type { JsonObject, JsonValue } from '../../core/index.js';
import { ADJECTIVES, COLLECTION_TITLES, MERCH } from './data.js';
import { money, type Scene } from './scene.js';

export type ProductStage = 'create' | 'update';

/** `https://cdn.shopify.com/s/files/1/0754/3727/7491/files/<name>`: the shop's CDN folder. */
function cdn(scene: Scene, name: string, version: number): string {
  const digits = String(scene.shop.id).padStart(12, '0');
  return `https://cdn.shopify.com/s/files/1/${digits.slice(0, 4)}/${digits.slice(4, 8)}/${digits.slice(8, 12)}/files/${name}?v=${version}`;
}

/** A product with its variants, options, image and media, as `products/create` and `products/update` send it. */
export function product(scene: Scene, stage: ProductStage): JsonObject {
  const merch = scene.pick(MERCH);
  const adjective = scene.pick(ADJECTIVES);
  const title = `${adjective} ${merch.noun}`;
  const handle = scene.slug(title);
  const id = scene.id(13);
  const createdAt = stage === 'create' ? scene.nowSec : scene.before(1, 400);
  const created = scene.time(createdAt);
  const updated = scene.time(scene.nowSec);
  const status = stage === 'create' ? (scene.chance(0.7) ? 'active' : 'draft') : scene.chance(0.9) ? 'active' : 'archived';
  const price = scene.int(merch.min / 100, merch.max / 100) * 100 - scene.pick([0, 1, 5]);
  const compareAt = scene.chance(0.3) ? money(Math.round(price * 1.25 / 100) * 100) : null;
  const option = merch.option ?? { name: 'Title', values: ['Default Title'] };
  const values = merch.option ? option.values.slice(0, scene.int(2, option.values.length)) : option.values;
  const skuBase = `${merch.noun.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase()}-${scene.int(100, 999)}`;
  const variants: JsonObject[] = [];
  const variantGids: JsonValue[] = [];
  values.forEach((value, index) => {
    const variantId = scene.id(14);
    const quantity = stage === 'create' ? scene.int(0, 120) : scene.int(0, 80);
    const gid = scene.gid('ProductVariant', variantId);
    variants.push({
      admin_graphql_api_id: gid,
      barcode: null,
      compare_at_price: compareAt,
      created_at: created,
      id: variantId,
      inventory_policy: 'deny',
      position: index + 1,
      price: money(price),
      product_id: id,
      sku: merch.option ? `${skuBase}-${value.replace(/[^A-Za-z0-9]/g, '').slice(0, 3).toUpperCase()}` : skuBase,
      taxable: true,
      title: value,
      updated_at: updated,
      option1: value,
      option2: null,
      option3: null,
      image_id: null,
      inventory_item_id: scene.id(14),
      inventory_quantity: quantity,
      old_inventory_quantity: stage === 'create' ? quantity : quantity + scene.int(0, 3),
    });
    variantGids.push({ admin_graphql_api_id: gid, updated_at: scene.utc(scene.now) });
  });
  const hasImage = scene.chance(0.75);
  const imageId = scene.id(14);
  const width = scene.pick([1200, 1600, 2048]);
  const src = cdn(scene, `${handle}.jpg`, Math.floor(createdAt / 1000));
  const image: JsonObject | null = hasImage
    ? {
        id: imageId,
        alt: null,
        position: 1,
        product_id: id,
        created_at: created,
        updated_at: created,
        admin_graphql_api_id: scene.gid('ProductImage', imageId),
        width,
        height: width,
        src,
        variant_ids: [],
      }
    : null;
  return {
    admin_graphql_api_id: scene.gid('Product', id),
    body_html: `<p>Our ${adjective.toLowerCase()} ${merch.noun.toLowerCase()}, made in small batches and built to last.</p>`,
    created_at: created,
    handle,
    id,
    product_type: merch.productType,
    published_at: status === 'active' ? created : null,
    template_suffix: null,
    title,
    updated_at: updated,
    vendor: scene.shop.name,
    status,
    published_scope: 'web',
    tags: scene.chance(0.5) ? '' : scene.pick(['new', 'bestseller', 'gift', 'sale, summer']),
    variants,
    options: [{ name: option.name, id: scene.id(14), product_id: id, position: 1, values: [...values] }],
    images: image ? [image] : [],
    image,
    media: hasImage
      ? [
          {
            id: imageId,
            product_id: id,
            position: 1,
            created_at: created,
            updated_at: created,
            alt: null,
            status: 'READY',
            media_content_type: 'IMAGE',
            preview_image: { width, height: width, src, status: 'READY' },
            variant_ids: [],
            admin_graphql_api_id: scene.gid('MediaImage', imageId),
          },
        ]
      : [],
    variant_gids: variantGids,
    has_variants_that_requires_components: false,
    category: null,
  };
}

/** An inventory item: the stock-keeping side of a variant. */
export function inventoryItem(scene: Scene, stage: 'create' | 'update' | 'delete'): JsonObject {
  const id = scene.id(14);
  const gid = scene.gid('InventoryItem', id);
  if (stage === 'delete') {
    return {
      id,
      country_code_of_origin: null,
      province_code_of_origin: null,
      harmonized_system_code: null,
      country_harmonized_system_codes: [],
      admin_graphql_api_id: gid,
    };
  }
  const merch = scene.pick(MERCH);
  const createdAt = stage === 'create' ? scene.nowSec : scene.before(1, 300);
  const costed = stage === 'update' || scene.chance(0.4);
  return {
    id,
    sku: `${merch.noun.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase()}-${scene.int(100, 999)}`,
    created_at: scene.time(createdAt),
    updated_at: scene.time(scene.nowSec),
    requires_shipping: true,
    cost: costed ? money(Math.round(scene.int(merch.min, merch.max) * 0.4)) : null,
    country_code_of_origin: costed && scene.chance(0.5) ? 'US' : null,
    province_code_of_origin: null,
    harmonized_system_code: null,
    tracked: true,
    country_harmonized_system_codes: [],
    weight_value: Math.round(merch.grams / 45.3592) / 10,
    weight_unit: 'lb',
    admin_graphql_api_id: gid,
  };
}

/** `inventory_levels/update`: an item's available quantity at a location. */
export function inventoryLevel(scene: Scene): JsonObject {
  const itemId = scene.id(14);
  const locationId = scene.chance(0.7) ? scene.shop.primaryLocationId : scene.id(11);
  return {
    inventory_item_id: itemId,
    location_id: locationId,
    available: scene.int(0, 150),
    updated_at: scene.time(scene.nowSec),
    admin_graphql_api_id: `gid://shopify/InventoryLevel/${locationId}?inventory_item_id=${itemId}`,
  };
}

/** A collection; `delete` sends the short form. */
export function collection(scene: Scene, stage: 'create' | 'update' | 'delete'): JsonObject {
  const id = scene.id(12);
  const gid = scene.gid('Collection', id);
  if (stage === 'delete') return { id, published_scope: 'web', admin_graphql_api_id: gid };
  const title = scene.pick(COLLECTION_TITLES);
  const publishedAt = stage === 'create' ? scene.nowSec : scene.before(1, 500);
  return {
    id,
    handle: scene.slug(title),
    title,
    updated_at: scene.time(scene.nowSec),
    body_html: scene.chance(0.5) ? '' : `<p>${title}: picked by the ${scene.shop.name} team.</p>`,
    published_at: scene.time(publishedAt),
    sort_order: scene.pick(['manual', 'best-selling', 'created-desc', 'alpha-asc', 'price-asc']),
    template_suffix: null,
    published_scope: 'web',
    admin_graphql_api_id: gid,
  };
}
