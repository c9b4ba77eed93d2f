/** Acme's flow: a widget created, then shipped an hour later; both events name the same widget. */
import { defineFlow } from '../../../src/providers/index.js';

/** `widget-lifecycle`: the widget's id is drawn once and given to both events. */
export const widgetLifecycle = defineFlow({
  provider: 'acme',
  name: 'widget-lifecycle',
  description: 'A widget is created, then shipped.',
  source: 'https://acme.example/docs/webhooks#widgets',
  ids: (rng) => ({ widget: `wid_${Math.floor(rng() * 1e12).toString(36)}` }),
  steps: [
    { type: 'widget.created', at: 0, data: ({ ids }) => ({ id: ids.widget }) },
    { type: 'widget.shipped', at: 3600, data: ({ ids, iso }) => ({ id: ids.widget, shipped_at: iso(3600) }) },
  ],
});
