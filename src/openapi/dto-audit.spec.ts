import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- the storage entry of class-transformer ships without a declaration file
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage, ValidationTypes } from 'class-validator';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- class-validator keys its rules by class
type Class = Function;
const typeStorage = defaultMetadataStorage as MetadataStorage;

/** Every *.dto.ts of the service. */
function dtoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? dtoFiles(join(dir, e.name)) : e.name.endsWith('.dto.ts') ? [join(dir, e.name)] : [],
  );
}

/**
 * Guards future DTOs: an array member without a maximum let one request carry 70,000 values into
 * a query, and a nested DTO without ValidateNested + Type is not validated at all.
 */
describe('DTO rules', () => {
  it('every array has a maximum size and every nested DTO is validated', async () => {
    const files = dtoFiles(join(process.cwd(), 'src'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) await import(file);
    const storage = getMetadataStorage() as unknown as {
      validationMetadatas: Map<
        Class,
        Array<{ propertyName: string; type: string; name?: string; each?: boolean }>
      >;
    };
    const problems: string[] = [];
    for (const target of storage.validationMetadatas.keys()) {
      // Query filters take their array rules from the shared filter decorators; their limit belongs there.
      if (target.name.endsWith('Query')) continue;
      const byProperty = new Map<string, Array<{ propertyName: string; type: string; name?: string }>>();
      // Rules of base classes apply to subclasses: collect along the prototype chain.
      for (
        let t: Class | null = target;
        t && t !== Object.getPrototypeOf(Object);
        t = Object.getPrototypeOf(t)
      )
        for (const m of storage.validationMetadatas.get(t) ?? [])
          byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m]);
      for (const [property, rules] of byProperty) {
        const names = new Set(rules.map((r) => r.name ?? r.type));
        const where = `${target.name}.${property}`;
        if (names.has('isArray') && !names.has('arrayMaxSize'))
          problems.push(`${where}: array without @ArrayMaxSize`);
        const nested = rules.some((r) => r.type === ValidationTypes.NESTED_VALIDATION);
        const type = typeStorage.findTypeMetadata(target, property);
        const typed = type?.typeFunction();
        const isDto = typeof typed === 'function' && storage.validationMetadatas.has(typed as Class);
        if (isDto && !nested)
          problems.push(`${where}: nested ${(typed as Class).name} without @ValidateNested`);
        if (nested && !type) problems.push(`${where}: @ValidateNested without @Type`);
      }
    }
    expect([...new Set(problems)].sort()).toEqual([]);
  });
});
