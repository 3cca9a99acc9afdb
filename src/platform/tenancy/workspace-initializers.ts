import { Injectable } from '@nestjs/common';
import type { Tx } from '../database/db';

/** Adds a context's starting data to a new workspace, in the transaction that creates it (`tx` is the new workspace's). */
export type WorkspaceInitializer = (tx: Tx) => Promise<void>;

/**
 * What every new workspace starts with, contributed by the contexts that own it (pricing: the VAT
 * codes). One instance per application (platform module); a context registers its initializer
 * from its module class's constructor; identity runs them all when it creates a workspace (the
 * API, the bootstrap admin and test fixtures alike), so no context imports identity's internals
 * and identity imports none of them.
 */
@Injectable()
export class WorkspaceInitializers {
  private readonly initializers: WorkspaceInitializer[] = [];

  register(initializer: WorkspaceInitializer): void {
    if (this.initializers.includes(initializer))
      throw new Error('The workspace initializer is registered twice');
    this.initializers.push(initializer);
  }

  async initialize(tx: Tx): Promise<void> {
    for (const initializer of this.initializers) await initializer(tx);
  }
}
