import type { FieldErrors } from '../../platform/http/problem';
import type { PipelineCustomField, PipelineStatusEntity } from '../pipelines/pipeline.entity';
import type { CustomFieldValue } from './deal.entity';

const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** Checks a deal's `customFields` against its pipeline's definitions; adds a message per bad key. */
export function checkCustomFields(
  definitions: PipelineCustomField[],
  values: Record<string, CustomFieldValue>,
  errors: FieldErrors,
): Record<string, CustomFieldValue> {
  const out: Record<string, CustomFieldValue> = {};
  for (const [key, value] of Object.entries(values)) {
    const field = `customFields.${key}`;
    const def = definitions.find((d) => d.key === key);
    if (!def) {
      errors[field] = [
        `${key} is not a custom field of the pipeline (known: ${definitions.map((d) => d.key).join(', ') || 'none'})`,
      ];
      continue;
    }
    if (value === null) {
      out[key] = null;
      continue;
    }
    const ok =
      (def.type === 'Text' && typeof value === 'string' && value.length <= 65535) ||
      (def.type === 'Number' && typeof value === 'number' && Number.isFinite(value)) ||
      (def.type === 'Boolean' && typeof value === 'boolean') ||
      (def.type === 'Date' && typeof value === 'string' && isDate(value));
    if (!ok)
      errors[field] = [
        `must be ${def.type === 'Date' ? 'a date YYYY-MM-DD' : `a ${def.type.toLowerCase()}`} (custom field type ${def.type})`,
      ];
    else out[key] = value;
  }
  return out;
}

/**
 * The status a deal gets: the one asked for (it must belong to the pipeline), else the current
 * one when it belongs to the pipeline, else the pipeline's first Open status by displayOrder.
 */
export function resolveStatus(
  statuses: PipelineStatusEntity[],
  asked: string | undefined,
  current: string | undefined,
  errors: FieldErrors,
): PipelineStatusEntity | undefined {
  if (asked) {
    const found = statuses.find((s) => s.id === asked);
    if (!found) errors.statusId = [`Status ${asked} is not a status of the deal’s pipeline.`];
    return found;
  }
  const kept = current ? statuses.find((s) => s.id === current) : undefined;
  if (kept) return kept;
  const sorted = [...statuses].sort((a, b) => a.displayOrder - b.displayOrder || a.id.localeCompare(b.id));
  return sorted.find((s) => s.kind === 'Open') ?? sorted[0];
}
