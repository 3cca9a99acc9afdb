import { randomUUID } from 'node:crypto';
import { pathText } from './product-sheet-cells';
import type { CategoryNodeRow } from './product-sheet.queries';

/** A category a path names that does not exist yet: created by an apply, reported by a dry run. */
export interface NewCategory {
  id: string;
  name: string;
  parentId: string | null;
}

/**
 * The category tree as paths: `Furniture > Chairs` finds the category named `Chairs` under the
 * root category `Furniture`. Names are matched exactly; of two siblings with one name, the first
 * (display order, then id) is the one a path names. A missing level is made a `NewCategory` when
 * the job allows it (kept here, so later rows of the file reuse it), else the path is unknown.
 */
export class CategoryPaths {
  private readonly children = new Map<string | null, Map<string, string>>();
  private readonly nodes = new Map<string, { name: string; parentId: string | null }>();
  readonly created: NewCategory[] = [];

  constructor(rows: CategoryNodeRow[], planned: NewCategory[] = []) {
    for (const r of rows) this.add(r.id, r.name, r.parent_id);
    for (const c of planned) this.add(c.id, c.name, c.parentId);
  }

  private add(id: string, name: string, parentId: string | null): void {
    this.nodes.set(id, { name, parentId });
    let names = this.children.get(parentId);
    if (!names) this.children.set(parentId, (names = new Map()));
    if (!names.has(name)) names.set(name, id);
  }

  /** The path of a category (`Furniture > Chairs`). */
  pathOf(id: string): string {
    const levels: string[] = [];
    const seen = new Set<string>();
    for (let at: string | null = id; at && !seen.has(at);) {
      seen.add(at);
      const node = this.nodes.get(at);
      if (!node) break;
      levels.unshift(node.name);
      at = node.parentId;
    }
    return pathText(levels);
  }

  /** The category `levels` names; a missing level is created (`create`) or named in the error. */
  resolve(levels: string[], create: boolean): { id: string } | { error: string } {
    let parent: string | null = null;
    for (const [i, name] of levels.entries()) {
      const found: string | undefined = this.children.get(parent)?.get(name);
      if (found) {
        parent = found;
        continue;
      }
      if (!create) {
        const where = i === 0 ? 'at the top of the tree' : `under "${pathText(levels.slice(0, i))}"`;
        return {
          error: `unknown category path "${pathText(levels)}": there is no "${name}" ${where} (create it first, or send createMissingCategories=true)`,
        };
      }
      const id = randomUUID();
      this.created.push({ id, name, parentId: parent });
      this.add(id, name, parent);
      parent = id;
    }
    return { id: parent! };
  }
}
