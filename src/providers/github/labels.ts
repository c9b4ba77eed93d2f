/**
 * Labels in schema-drawn GitHub bodies (`label`, `labels[]`), built whole: the name the label's URL
 * gives (routes.ts `nameOf`), with its color and description, `default` for GitHub's own labels, as a
 * repository's labels read.
 */
import type { JsonObject } from '../../core/index.js';
import { DEFAULT_LABEL_COUNT, labelObject, LABELS } from './objects.js';
import { fact, idOf, nameOf, type Places } from './routes.js';

/** The label at `place` of one body: the same object each time it is asked for. */
export const labelAt = (body: Places, place: string): JsonObject => fact(body, `label ${place}`, () => drawLabel(body, place));

function drawLabel(body: Places, place: string): JsonObject {
  const { scene } = body;
  const name = nameOf(body, place);
  // A name beyond the list (`bug-12`, when a body has more labels than it) reads as its base label.
  const row = LABELS.findIndex(([known]) => known === name.replace(/-\d+$/, ''));
  const [, color, description] = LABELS[row] ?? ['', 'ededed', ''];
  const isDefault = row >= 0 && row < DEFAULT_LABEL_COUNT && name === LABELS[row]![0];
  return labelObject(scene, idOf(body, place), [name, color, description], isDefault);
}

/** Whether an object at `name` with these keys is a label. */
export const isLabelShape = (name: string, keys: Readonly<Record<string, unknown>>): boolean =>
  (name === 'label' || name === 'labels') && 'name' in keys && 'color' in keys;
