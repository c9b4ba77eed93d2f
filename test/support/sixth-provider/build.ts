/** Acme's payload builder: `{ event_id, type, created_at, payload }`, every value drawn from the seeded faker. */
import { deepMerge, type BuildContext, type BuiltPayload, type PayloadBuilder } from '../../../src/providers/index.js';

/** Builds one Acme delivery; `data` deep-merges into `payload` (the wire facts' main resource). */
export const builder: PayloadBuilder = {
  build(context: BuildContext): BuiltPayload {
    const { faker, now, eventType, data } = context;
    const eventId = `evt_${faker.string.alphanumeric(24)}`;
    const widget = {
      id: `wid_${faker.string.alphanumeric(12)}`,
      name: faker.commerce.productName(),
      status: eventType === 'widget.shipped' ? 'shipped' : 'created',
      updated_at: new Date(now).toISOString(),
    };
    const body = JSON.stringify({ event_id: eventId, type: eventType, created_at: new Date(now).toISOString(), payload: deepMerge(widget, data) });
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Acme-Hooks/2.0',
      'Acme-Event': eventType,
      'Acme-Account': `acct_${faker.string.alphanumeric(10)}`,
    };
    return { body, deliveryId: eventId, headers };
  },
};
