import { Injectable } from '@nestjs/common';
import { pascal } from './activity-diff';

/**
 * What a context records about one entity type: the activities of its creates, updates and
 * deletes (the recorder's `created` / `updated` / `deleted`), and its domain events (`event`).
 */
export interface ActivityTypeDeclaration {
  /** The entity type as recorded (`Deal`, `ProductCategory`). */
  entityType: string;
  /** The entity in a few words, lower case, with its article: `a deal`, `a product category`. */
  noun: string;
  /** Which of created / updated / deleted the context records (default all three). */
  changes?: ReadonlyArray<'created' | 'updated' | 'deleted'>;
  /** Domain events recorded with `event(…)`: type → one-line description. */
  events?: Readonly<Record<string, string>>;
  /**
   * The properties of the snapshot the context compares on update: each change records
   * `{Entity}{Property}Updated`, a topic of its own. `responseProperties(…)` reads them from the
   * response class when the snapshot is the answer without its bookkeeping.
   */
  properties?: readonly string[];
}

/** Where @nestjs/swagger keeps a class's @ApiProperty names (`DECORATORS`, not exported by the package). */
const apiProperties = 'swagger/apiModelPropertiesArray';

/** Bookkeeping members no update records (see activity-diff's `ignored`). */
const bookkeeping = new Set(['id', 'workspace', 'workspaceId', 'createdAt', 'modifiedAt', 'version']);

/** The members of a response class (its OpenAPI properties) but the bookkeeping and `except`. */
export function responseProperties(response: abstract new () => object, except: string[] = []): string[] {
  const names = (Reflect.getMetadata(apiProperties, response.prototype) ?? []) as string[];
  return [...new Set(names.map((n) => n.replace(/^:/, '')))].filter(
    (n) => !bookkeeping.has(n) && !except.includes(n),
  );
}

/** One webhook topic: an activity type, or a pattern standing for a family of them. */
export interface ActivityTopic {
  topic: string;
  entityType: string | null;
  description: string;
}

/** Matches every activity. */
export const ALL_ACTIVITIES = '*';
/** `{Entity}*Updated`: every `{Entity}{Property}Updated` of that entity type. */
export const updatedPattern = (entityType: string) => `${entityType}*Updated`;

const property = /^[A-Z][A-Za-z0-9]*$/;

/**
 * The activity types the contexts record, with their descriptions: the webhook topics. One
 * instance per application (platform module); each context declares its types when its module is
 * constructed. `{Entity}{Property}Updated` names come from the properties of the API snapshot, so
 * they cannot be listed ahead: the topic `{Entity}*Updated` stands for all of them, and a
 * subscription may also name one of them exactly.
 */
@Injectable()
export class ActivityTypes {
  private readonly declarations = new Map<string, ActivityTypeDeclaration>();
  private readonly events = new Map<string, string>();

  /**
   * Adds declarations. A second declaration of an entity type (another context's events about it,
   * e.g. i18n's `WorkspaceLanguageAdded`) adds its changes and events to the first.
   */
  declare(...declarations: ActivityTypeDeclaration[]): void {
    for (const d of declarations) {
      const known = this.declarations.get(d.entityType);
      const changes = d.changes ?? ['created', 'updated', 'deleted'];
      this.declarations.set(
        d.entityType,
        known
          ? {
              ...known,
              changes: [...new Set([...(known.changes ?? ['created', 'updated', 'deleted']), ...changes])],
              events: { ...known.events, ...d.events },
              properties: [...new Set([...(known.properties ?? []), ...(d.properties ?? [])])],
            }
          : { ...d, changes },
      );
      for (const type of Object.keys(d.events ?? {})) {
        if (this.events.has(type)) throw new Error(`Activity type ${type} is declared twice`);
        this.events.set(type, d.entityType);
      }
    }
  }

  /**
   * Every topic: `*`, then per entity type (alphabetical) created, any update (`{Entity}*Updated`),
   * each property update (`{Entity}{Property}Updated`), deleted, events.
   */
  topics(): ActivityTopic[] {
    const topics: ActivityTopic[] = [
      { topic: ALL_ACTIVITIES, entityType: null, description: 'Every activity of the workspace' },
    ];
    const sorted = [...this.declarations.values()].sort((a, b) => a.entityType.localeCompare(b.entityType));
    for (const d of sorted) {
      const changes = d.changes ?? ['created', 'updated', 'deleted'];
      const e = d.entityType;
      if (changes.includes('created'))
        topics.push({ topic: `${e}Created`, entityType: e, description: `${cap(d.noun)} was created` });
      if (changes.includes('updated'))
        topics.push({
          topic: updatedPattern(e),
          entityType: e,
          description: `A property of ${d.noun} changed: every ${e}{Property}Updated activity below (one per changed property)`,
        });
      if (changes.includes('updated'))
        for (const p of d.properties ?? [])
          topics.push({
            topic: `${e}${pascal(p)}Updated`,
            entityType: e,
            description: `The ${p} of ${d.noun} changed`,
          });
      if (changes.includes('deleted'))
        topics.push({ topic: `${e}Deleted`, entityType: e, description: `${cap(d.noun)} was deleted` });
      for (const [type, description] of Object.entries(d.events ?? {}))
        topics.push({ topic: type, entityType: e, description });
    }
    return topics;
  }

  /** Whether `topic` is a listed topic or one `{Entity}{Property}Updated` of a declared entity. */
  isTopic(topic: string): boolean {
    return this.topics().some((t) => t.topic === topic) || this.isPropertyUpdate(topic);
  }

  /** Whether `type` is an activity type the declarations cover (for the drift check). */
  covers(entityType: string, type: string): boolean {
    const d = this.declarations.get(entityType);
    if (!d) return false;
    if (this.events.get(type) === entityType) return true;
    const changes = d.changes ?? ['created', 'updated', 'deleted'];
    if (type === `${entityType}Created`) return changes.includes('created');
    if (type === `${entityType}Deleted`) return changes.includes('deleted');
    return changes.includes('updated') && this.isPropertyUpdate(type);
  }

  private isPropertyUpdate(type: string): boolean {
    if (!type.endsWith('Updated')) return false;
    for (const [entityType, d] of this.declarations) {
      if (!(d.changes ?? ['created', 'updated', 'deleted']).includes('updated')) continue;
      if (!type.startsWith(entityType)) continue;
      if (property.test(type.slice(entityType.length, -'Updated'.length))) return true;
    }
    return false;
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
