import { conflict } from '../../platform/http/problem';
import type { OrderingStatus } from './sales-order.entity';

/** The transitions of an order's status (api-conventions §7, docs/sales.md). */
const next: Record<OrderingStatus, readonly OrderingStatus[]> = {
  Draft: ['Completed', 'Canceled'],
  Completed: ['Canceled'],
  Canceled: [],
};

export const canTransition = (from: OrderingStatus, to: OrderingStatus) =>
  from === to || next[from].includes(to);

/** 409 unless `from → to` is allowed (staying in a status is). */
export function assertTransition(from: OrderingStatus, to: OrderingStatus): void {
  if (!canTransition(from, to))
    throw conflict(`A ${from} order cannot become ${to}.`, {
      orderingStatus: [`cannot change from ${from} to ${to}`],
    });
}

/** What a transition does to stock: take the lines (to Completed), put them back (Completed → Canceled), or nothing. */
export function stockEffect(from: OrderingStatus | null, to: OrderingStatus): 'take' | 'putBack' | null {
  if (to === 'Completed' && from !== 'Completed') return 'take';
  if (from === 'Completed' && to === 'Canceled') return 'putBack';
  return null;
}
