import { listEventTypes, buildDelivery } from './src/harness/build-delivery.js';
const p = process.argv[2]!;
for (const t of listEventTypes(p)) { const d = await buildDelivery(p, t, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', seed: 7 }); const b = JSON.parse(d.body); console.log(t, JSON.stringify(b.data).slice(0, 1500)); }
