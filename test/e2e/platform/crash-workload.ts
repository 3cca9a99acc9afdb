/**
 * The writes the crash-safety test sends: every kind of write the service has (catalog, CRM,
 * inventory, sales, content, idempotent creates), chosen by a seeded PRNG so a run can be
 * replayed, and the book of what was sent and what was answered.
 */

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Kind =
  | 'product'
  | 'productUpdate'
  | 'category'
  | 'account'
  | 'contact'
  | 'deal'
  | 'comment'
  | 'stock'
  | 'stockAdjustment'
  | 'order'
  | 'orderStatus'
  | 'commerceOrder'
  | 'contentPage';

/**
 * Where a kind of create is sent and read back (GET `{read}/{id}`), and `made`: the rows of that
 * kind in the database, whoever made them (the marker every body of the kind carries).
 */
export const creates: Partial<Record<Kind, { path: string; read: string; made: string }>> = {
  product: {
    path: '/core-api/catalog/products',
    read: '/core-api/catalog/products',
    made: `SELECT id FROM products WHERE external_reference LIKE 'cs-%'`,
  },
  category: {
    path: '/core-api/catalog/productcategories',
    read: '/core-api/catalog/productcategories',
    made: `SELECT id FROM product_categories WHERE name LIKE 'Crash category %'`,
  },
  account: {
    path: '/core-api/accounts',
    read: '/core-api/accounts',
    made: `SELECT id FROM accounts WHERE external_reference LIKE 'cs-%'`,
  },
  contact: {
    path: '/core-api/contacts',
    read: '/core-api/contacts',
    made: `SELECT id FROM contacts WHERE external_reference LIKE 'cs-%'`,
  },
  deal: {
    path: '/core-api/deals',
    read: '/core-api/deals',
    made: `SELECT id FROM deals WHERE external_reference LIKE 'cs-%'`,
  },
  comment: {
    path: '/core-api/comments',
    read: '/core-api/comments',
    made: `SELECT id FROM comments WHERE body LIKE 'Crash note cs-%'`,
  },
  stock: {
    path: '/core-api/inventory/stocks',
    read: '/core-api/inventory/stocks',
    made: `SELECT id FROM stocks WHERE external_reference LIKE 'cs-%'`,
  },
  order: {
    path: '/core-api/salesorders',
    read: '/core-api/salesorders',
    made: `SELECT id FROM sales_orders WHERE channel = 'crash'`,
  },
  commerceOrder: {
    path: '/commerce-api/salesorders',
    read: '/core-api/salesorders',
    made: `SELECT id FROM sales_orders WHERE channel = 'crash-shop'`,
  },
  contentPage: {
    path: '/core-api/cms/contentpages',
    read: '/core-api/cms/contentpages',
    made: `SELECT id FROM content_pages WHERE title LIKE 'Crash page %'`,
  },
};

export interface Write {
  n: number;
  kind: Kind;
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  /** Idempotency-Key of a create (every create sends one, so an unanswered one can be retried). */
  key?: string;
  /** The entity an update or adjustment changes. */
  target?: string;
  /** The round (process) it was sent to. */
  round: number;
  /** 2xx answer the client saw, if any. */
  answer?: Record<string, unknown>;
  /** Sent, and the connection died before an answer: the outcome is unknown. */
  unanswered?: boolean;
  /** Any non-2xx answer (a failure of the test: the workload only sends valid writes). */
  failed?: string;
}

/** The fixed data the load builds on (made before the first kill). */
export interface Fixture {
  categories: string[];
  /** Products only orders move stock of (each with `initialStock` at the warehouse). */
  orderProducts: string[];
  /** Stock rows only manual adjustments change. */
  adjustedStocks: string[];
  pipelineId: string;
  warehouse: string;
}

export const initialStock = 1000;

/**
 * Chooses the next write from what is known to exist (answered creates), so every write is valid
 * whatever the kills did. An entity with a write of unknown outcome gets no further write, so
 * its stored state is one of two known ones.
 */
export class Workload {
  readonly writes: Write[] = [];
  /** Entities with an unanswered update or status change (left alone afterwards). */
  readonly uncertain = new Set<string>();
  private readonly busy = new Set<string>();
  /** Products of the load that have (or were sent) a stock row. */
  private readonly stocked = new Set<string>();

  constructor(
    private readonly rnd: () => number,
    private readonly fx: Fixture,
  ) {}

  answered(kind: Kind): Write[] {
    return this.writes.filter((w) => w.kind === kind && w.answer);
  }

  /** The latest answered state of entity `id` (its create or last answered update). */
  latest(id: string): Write | undefined {
    let last: Write | undefined;
    for (const w of this.writes) if (w.answer && (w.answer.id === id || w.target === id)) last = w;
    return last;
  }

  private pick<T>(items: T[]): T | undefined {
    return items.length ? items[Math.floor(this.rnd() * items.length)] : undefined;
  }

  private free(kind: Kind, filter: (w: Write) => boolean = () => true): Write | undefined {
    return this.pick(
      this.answered(kind).filter(
        (w) =>
          filter(w) && !this.busy.has(w.answer!.id as string) && !this.uncertain.has(w.answer!.id as string),
      ),
    );
  }

  private lines() {
    const count = 1 + Math.floor(this.rnd() * 3);
    const products = [...this.fx.orderProducts].sort(() => this.rnd() - 0.5).slice(0, count);
    return products.map((productId) => ({ productId, quantity: 1 + Math.floor(this.rnd() * 3) }));
  }

  private productBody(n: number) {
    const categories = [
      ...this.fx.categories,
      ...this.answered('category').map((w) => w.answer!.id as string),
    ]
      .sort(() => this.rnd() - 0.5)
      .slice(0, 2);
    const cents = 500 + Math.floor(this.rnd() * 1000);
    return {
      name: `Crash product ${n}`,
      barcodes: [`CS-${n}-A`, `CS-${n}-B`],
      categories,
      pricing: { salesPrice: cents / 100, tiers: [{ minQuantity: 10, salesPrice: (cents - 100) / 100 }] },
    };
  }

  /** The next write of round `round`, registered as sent. */
  next(round: number): Write {
    const n = this.writes.length;
    const key = `cs-${n}`;
    const create = (kind: Kind, body: Record<string, unknown>): Write => ({
      n,
      kind,
      method: 'POST',
      path: creates[kind]!.path,
      body,
      key,
      round,
    });
    const roll = this.rnd();
    let w: Write | undefined;
    if (roll < 0.12) {
      w = create('product', { ...this.productBody(n), sku: `CS-${n}`, externalReference: key });
    } else if (roll < 0.18) {
      const p = this.free('product');
      if (p) {
        const id = p.answer!.id as string;
        const body = {
          ...this.productBody(n),
          id,
          sku: p.body.sku,
          externalReference: p.body.externalReference,
        };
        w = {
          n,
          kind: 'productUpdate',
          method: 'PUT',
          path: `${creates.product!.path}/${id}`,
          body,
          target: id,
          round,
        };
      }
    } else if (roll < 0.23) {
      w = create('category', { name: `Crash category ${n}` });
    } else if (roll < 0.31) {
      w = create('account', { displayName: `Crash account ${n}`, externalReference: key });
    } else if (roll < 0.38) {
      const a = this.free('account');
      if (a)
        w = create('contact', {
          firstName: 'Crash',
          lastName: `Contact ${n}`,
          externalReference: key,
          accounts: [{ accountId: a.answer!.id, jobTitle: 'Buyer' }],
        });
    } else if (roll < 0.44) {
      const a = this.free('account');
      const c = this.free('contact');
      w = create('deal', {
        title: `Crash deal ${n}`,
        pipelineId: this.fx.pipelineId,
        externalReference: key,
        accountId: a?.answer!.id ?? null,
        contacts: c ? [{ contactId: c.answer!.id, role: 'Buyer' }] : [],
        products: [{ productId: this.fx.orderProducts[0], quantity: 2, unitPrice: 9.5 }],
      });
    } else if (roll < 0.5) {
      const a = this.free('account');
      if (a)
        w = create('comment', { entityType: 'Account', entityId: a.answer!.id, body: `Crash note ${key}` });
    } else if (roll < 0.54) {
      const p = this.free('product', (x) => !this.stocked.has(x.answer!.id as string));
      if (p) {
        this.stocked.add(p.answer!.id as string);
        w = create('stock', {
          productId: p.answer!.id,
          locationId: this.fx.warehouse,
          quantity: 1 + Math.floor(this.rnd() * 50),
          externalReference: key,
        });
      }
    } else if (roll < 0.62) {
      const id = this.pick(this.fx.adjustedStocks)!;
      w = {
        n,
        kind: 'stockAdjustment',
        method: 'POST',
        path: `/core-api/inventory/stocks/${id}/adjustments`,
        body: { change: this.rnd() < 0.5 ? 1 : -1 },
        target: id,
        round,
      };
    } else if (roll < 0.76) {
      w = create('order', {
        channel: 'crash',
        externalReference: key,
        orderingStatus: this.rnd() < 0.5 ? 'Completed' : 'Draft',
        lines: this.lines(),
      });
    } else if (roll < 0.84) {
      const o = this.free(
        'order',
        (x) => (this.latest(x.answer!.id as string)?.answer?.orderingStatus ?? '') !== 'Canceled',
      );
      if (o) {
        const id = o.answer!.id as string;
        const status = this.latest(id)!.answer!.orderingStatus === 'Draft' ? 'Completed' : 'Canceled';
        w = {
          n,
          kind: 'orderStatus',
          method: 'PUT',
          path: `/core-api/salesorders/${id}`,
          body: { id, channel: 'crash', externalReference: o.body.externalReference, orderingStatus: status },
          target: id,
          round,
        };
      }
    } else if (roll < 0.92) {
      w = create('commerceOrder', { channel: 'crash-shop', externalReference: key, lines: this.lines() });
    } else {
      w = create('contentPage', { title: `Crash page ${n}`, language: 'en', body: `# Page ${n}` });
    }
    w ??= create('account', { displayName: `Crash account ${n}`, externalReference: key });
    if (w.target) this.busy.add(w.target);
    this.writes.push(w);
    return w;
  }

  /** Records what the client saw of `w`. */
  settle(w: Write, outcome: { status: number; body: Record<string, unknown> } | 'unanswered'): void {
    if (w.target) this.busy.delete(w.target);
    if (outcome === 'unanswered') {
      w.unanswered = true;
      if (w.target && w.kind !== 'stockAdjustment') this.uncertain.add(w.target);
    } else if (outcome.status >= 200 && outcome.status < 300) {
      w.answer = outcome.body;
      w.unanswered = false;
    } else {
      w.unanswered = false;
      w.failed = `${w.method} ${w.path} ${JSON.stringify(w.body)} → ${outcome.status} ${JSON.stringify(outcome.body)}`;
    }
  }
}
