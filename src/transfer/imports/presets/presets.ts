import type { ImportPreset } from '../import-job.entity';
import { googleMerchantPreset } from './google-merchant';
import type { PresetDefinition, PresetSettings, RowPreset } from './row-preset';
import { shopifyPreset } from './shopify';

/** The presets of POST /core-api/imports's `preset` field (docs/imports.md, "Presets"). */
const presets: Record<ImportPreset, PresetDefinition> = {
  shopify: shopifyPreset,
  googleMerchant: googleMerchantPreset,
};

/**
 * Opens a preset on a file's header (after mapping), or says why the file is not of its system.
 * A header the mapping names as a target that the preset does not read (`{"Tax": "vatCode"}`) is
 * passed through: its cell is given to every product row of its record.
 */
export function openPreset(
  name: ImportPreset,
  headers: string[],
  mappedTo: Set<string>,
  settings: PresetSettings,
): RowPreset | { error: string } {
  const preset = presets[name];
  const have = new Set(headers);
  const missing = preset.required.filter((h) => !have.has(h));
  if (missing.length)
    return {
      error: `The file is not a ${preset.system} file: it has no ${missing.map((m) => `"${m}"`).join(', ')} column (its columns: ${headers.join(', ') || 'none'}).`,
    };
  const opened = preset.open(have, settings);
  const passed = headers.filter((h) => mappedTo.has(h) && !preset.reads.includes(h));
  if (!passed.length) return opened;
  return {
    columns: [...opened.columns, ...passed],
    rows: (record) => {
      const out = opened.rows(record);
      for (const row of out.rows) for (const h of passed) row.cells.set(h, record.cells.get(h) ?? '');
      return out;
    },
  };
}
