/**
 * The Trigger form: provider, event type (the catalog as suggestions), JSON `data` checked as it is
 * typed, seed; the service builds and signs the delivery as `relay trigger` does and sends it to itself.
 */
import type { CatalogAnswer, TriggerAnswer } from '../service/dashboard/wire.js';
import { post } from './api.js';
import { h, replace } from './dom.js';

/** `data`'s text checked: the object, or why it is not one. */
export function parseData(text: string): { ok: true; value: Record<string, unknown> | undefined } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    return { ok: false, error: `Not valid JSON: ${(cause as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'data must be a JSON object, e.g. {"amount": 2000}.' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** Renders the form into `root`. */
export function triggerView(root: HTMLElement, catalog: CatalogAnswer): () => void {
  const providers = catalog.providers.filter((p) => p.canTrigger);
  if (providers.length === 0) {
    replace(root, h('h1', {}, 'Trigger'), h('p', {}, 'No built-in provider can be triggered from here (this service was created without a delivery builder).'));
    return () => {};
  }
  const provider = h('select', { id: 'trigger-provider', name: 'provider', required: true }, providers.map((p) => h('option', { value: p.id }, p.name)));
  const types = h('datalist', { id: 'trigger-types' });
  const eventType = h('input', { id: 'trigger-type', name: 'eventType', list: 'trigger-types', required: true, autocomplete: 'off' });
  const data = h('textarea', { id: 'trigger-data', name: 'data', rows: 8, spellcheck: 'false', 'aria-describedby': 'trigger-data-help trigger-data-error', placeholder: '{"amount": 2000}' });
  const dataError = h('p', { id: 'trigger-data-error', class: 'error', 'aria-live': 'polite' });
  const seed = h('input', { id: 'trigger-seed', name: 'seed', type: 'number', step: 1, inputmode: 'numeric', placeholder: 'random' });
  const submit = h('button', { type: 'submit' }, 'Send signed delivery');
  const result = h('div', { role: 'status', class: 'result', id: 'trigger-result' });
  const secretNote = h('p', { class: 'muted' });

  const fillTypes = () => {
    const chosen = providers.find((p) => p.id === provider.value)!;
    replace(types, chosen.eventTypes.map((t) => h('option', { value: t })));
    eventType.placeholder = chosen.eventTypes[0] ?? '';
    secretNote.textContent = chosen.secretConfigured ? `Signed with this service's ${chosen.secretEnv}.` : `${chosen.secretEnv} is not set on this service: the delivery cannot be signed for it.`;
  };
  const check = () => {
    const parsed = parseData(data.value);
    data.setAttribute('aria-invalid', String(!parsed.ok));
    dataError.textContent = parsed.ok ? '' : parsed.error;
    submit.disabled = !parsed.ok;
    return parsed;
  };
  provider.addEventListener('change', fillTypes);
  data.addEventListener('input', check);

  const send = async (event: Event) => {
    event.preventDefault();
    const parsed = check();
    if (!parsed.ok) return;
    const seedValue = seed.value.trim() === '' ? undefined : Number(seed.value);
    replace(result, 'Sending…');
    try {
      const answer = await post<TriggerAnswer>('trigger', { provider: provider.value, eventType: eventType.value.trim(), data: parsed.value, seed: seedValue });
      if (answer.execution) {
        replace(result, `${answer.status}: `, h('a', { href: `#/executions/${answer.execution.id}`, class: 'mono' }, answer.execution.id), ` (${answer.execution.eventType})`);
      } else {
        replace(result, h('span', { class: 'error' }, `${answer.status}: ${answer.error ?? ''}${answer.detail ? ` (${answer.detail})` : ''}`));
      }
    } catch (cause) {
      replace(result, h('span', { class: 'error' }, (cause as Error).message));
    }
  };

  replace(
    root,
    h('h1', {}, 'Trigger a delivery'),
    h('p', { class: 'muted' }, 'Builds and signs a realistic delivery exactly as relay trigger does, and sends it to this service.'),
    h('form', { class: 'trigger', onsubmit: (e) => void send(e), 'aria-label': 'Trigger a delivery' },
      h('label', { for: 'trigger-provider' }, 'Provider'), provider,
      h('label', { for: 'trigger-type' }, 'Event type'), eventType, types,
      h('label', { for: 'trigger-data' }, 'Data (JSON, merged into the main resource)'), data,
      h('p', { id: 'trigger-data-help', class: 'muted' }, 'Stripe data.object, Clerk and Resend data, the GitHub and Shopify body. Optional.'),
      dataError,
      h('label', { for: 'trigger-seed' }, 'Seed'), seed,
      secretNote,
      submit,
    ),
    result,
  );
  fillTypes();
  return () => {};
}
