/**
 * What a Clerk payload names without carrying it whole: the user behind a `user_id`,
 * `public_user_data`, a payer or an email/SMS, and the organization behind an `organization_id` or
 * `public_organization_data`. Each is served as a stub with what the payload says of it (names,
 * email address, slug), so reading it back agrees with the payload; a fuller record keeps its fields.
 */
import { isPlainObject } from '../../../core/index.js';
import type { Obj, World } from '../../shared/api/index.js';

/** A Clerk id of the given prefix (`user_…`, `org_…`), else `undefined` (payers carry `""` for none). */
function idOf(value: unknown, prefix: string): string | undefined {
  return typeof value === 'string' && value.startsWith(prefix) ? value : undefined;
}

function emailAddress(id: string, address: string): Obj {
  return { object: 'email_address', id, email_address: address, verification: null, linked_to: [] };
}

/** A user with only what a reference implies; `@clerk/backend` reads the lists as empty. */
function userStub(id: string): Obj {
  return {
    object: 'user',
    id,
    first_name: null,
    last_name: null,
    username: null,
    image_url: null,
    has_image: false,
    primary_email_address_id: null,
    primary_phone_number_id: null,
    email_addresses: [],
    phone_numbers: [],
    web3_wallets: [],
    external_accounts: [],
    enterprise_accounts: [],
    public_metadata: {},
    private_metadata: {},
    unsafe_metadata: {},
    created_at: null,
    updated_at: null,
  };
}

function organizationStub(id: string): Obj {
  return { object: 'organization', id, name: null, slug: null, image_url: null, has_image: false, public_metadata: {}, private_metadata: {}, created_at: null, updated_at: null };
}

/** Stores `implied` over a stub (or the stored object), filling only fields that are missing, `null` or empty lists. */
function fill(world: World, kind: 'user' | 'organization', id: string, implied: Obj): void {
  const current = world.get('clerk', kind, id) ?? (kind === 'user' ? userStub(id) : organizationStub(id));
  const next: Obj = { ...current };
  for (const [key, value] of Object.entries(implied)) {
    const have = next[key];
    if (value !== undefined && value !== null && (have === undefined || have === null || (Array.isArray(have) && have.length === 0))) next[key] = value;
  }
  world.put('clerk', kind, next);
}

/** What a `public_user_data`/`public_inviter_data` or a payer says of its user. */
function userFields(node: Obj, address: unknown, addressId: string): Obj {
  const email = typeof address === 'string' && address.includes('@') ? address : undefined;
  return {
    first_name: node.first_name,
    last_name: node.last_name,
    image_url: node.image_url,
    has_image: node.has_image,
    ...(email ? { email_addresses: [emailAddress(addressId, email)], primary_email_address_id: addressId } : {}),
  };
}

/** A stable id for an email address a payload shows without one. */
function addressIdFor(userId: string): string {
  return `idn_${userId.slice('user_'.length)}`;
}

/** Records the users and organizations `data` refers to (it and every object inside it). */
export function recordReferences(world: World, data: Obj): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isPlainObject(node)) return;
    for (const child of Object.values(node)) visit(child);
    for (const key of ['public_user_data', 'public_inviter_data'] as const) {
      const d = node[key];
      const userId = isPlainObject(d) ? idOf(d.user_id, 'user_') : undefined;
      if (userId) fill(world, 'user', userId, userFields(d as Obj, (d as Obj).identifier, addressIdFor(userId)));
    }
    const org = node.public_organization_data;
    const orgId = isPlainObject(org) ? idOf(org.id, 'org_') : undefined;
    if (orgId) fill(world, 'organization', orgId, { name: (org as Obj).name, slug: (org as Obj).slug, image_url: (org as Obj).image_url, has_image: (org as Obj).has_image });
    if (node.object === 'commerce_payer') {
      const userId = idOf(node.user_id, 'user_');
      const payerOrg = idOf(node.organization_id, 'org_');
      if (userId) fill(world, 'user', userId, userFields(node, node.email, addressIdFor(userId)));
      if (payerOrg) fill(world, 'organization', payerOrg, { name: node.organization_name || undefined });
    }
    if (node.object === 'email' && typeof node.email_address_id === 'string' && typeof node.to_email_address === 'string') {
      const address = emailAddress(node.email_address_id, node.to_email_address);
      if (!world.get('clerk', 'email_address', node.email_address_id)) world.put('clerk', 'email_address', address);
      const userId = idOf(node.user_id, 'user_');
      if (userId) fill(world, 'user', userId, { email_addresses: [address], primary_email_address_id: node.email_address_id });
    }
    if (node.object === 'sms_message' && typeof node.phone_number_id === 'string' && typeof node.to_phone_number === 'string') {
      const phone = { object: 'phone_number', id: node.phone_number_id, phone_number: node.to_phone_number, verification: null, linked_to: [] };
      if (!world.get('clerk', 'phone_number', node.phone_number_id)) world.put('clerk', 'phone_number', phone);
      const userId = idOf(node.user_id, 'user_');
      if (userId) fill(world, 'user', userId, { phone_numbers: [phone], primary_phone_number_id: node.phone_number_id });
    }
    // Bare references: the object exists, and says no more than its id.
    for (const key of ['user_id', 'created_by', 'inviter_id'] as const) {
      const userId = idOf(node[key], 'user_');
      if (userId && !world.get('clerk', 'user', userId)) world.put('clerk', 'user', userStub(userId));
    }
    for (const key of ['organization_id', 'last_active_organization_id'] as const) {
      const id = idOf(node[key], 'org_');
      if (id && !world.get('clerk', 'organization', id)) world.put('clerk', 'organization', organizationStub(id));
    }
  };
  visit(data);
}
