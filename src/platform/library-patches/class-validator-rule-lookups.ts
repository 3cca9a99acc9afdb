import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

let installed = false;

/**
 * Bypasses class-validator's rule lookup (class-validator 0.15.1, see pinned-versions.ts): it
 * finds a class's rules by testing `instanceof` against every class it knows, on every validation
 * of every (nested) object, a profile share that grows with the number of DTOs. The rules are
 * fixed once the modules are loaded (decorators run at import), so the answer is remembered per
 * class and options; calls with validation groups (unused here) are not. Idempotent.
 */
export function rememberClassValidatorRuleLookups(): void {
  if (installed) return;
  installed = true;
  const storage = getMetadataStorage();
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const remembered = new WeakMap<object, Map<string, ValidationMetadata[]>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups?.length) return lookUp(target, schema, always, strictGroups, groups);
    let byOptions = remembered.get(target);
    if (!byOptions) remembered.set(target, (byOptions = new Map()));
    const key = `${schema}|${always}|${strictGroups}`;
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = lookUp(target, schema, always, strictGroups, groups)));
    return rules;
  };
}
