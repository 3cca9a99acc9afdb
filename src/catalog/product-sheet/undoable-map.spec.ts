import { describe, expect, it } from '@jest/globals';
import { ImportState, UndoableMap } from './import-state';

describe('UndoableMap', () => {
  it('undoes the sets and deletes since its mark, newest first, and keeps what came before', () => {
    const map = new UndoableMap<string, number>([['a', 1]]);
    map.set('b', 2);
    const undo = map.mark();
    map.set('a', 10);
    map.set('c', 3);
    map.set('c', 4);
    map.delete('b');
    expect([...map.entries()].sort()).toEqual([
      ['a', 10],
      ['c', 4],
    ]);
    undo();
    expect([...map.entries()].sort()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('lets ImportState go back to its mark: keys, claims and planned categories', () => {
    const state = new ImportState();
    state.skus.set('A', 2);
    state.plannedCategories.push({ id: 'c1', name: 'Chairs', parentId: null } as never);
    const restore = state.save();
    state.skus.set('B', 3);
    state.slugs.set('b', 'B');
    state.plannedCategories.push({ id: 'c2', name: 'Tables', parentId: null } as never);
    restore();
    expect([...state.skus.keys()]).toEqual(['A']);
    expect(state.slugs.size).toBe(0);
    expect(state.plannedCategories.map((c) => c.id)).toEqual(['c1']);
  });
});
