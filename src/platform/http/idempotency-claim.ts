import type { Logger } from '@nestjs/common';
import type { TransactionParticipant, Tx, WorkspaceSql } from '../database/db';
import { carriesCredentials } from './credential-scanner';
import { etagOf } from './etag';
import {
  claimKey,
  findAnswer,
  forgetKey,
  type IdempotencyScope,
  insertAnswer,
  type StoredAnswer,
  writeAnswer,
} from './idempotency.queries';

/** Thrown inside the transaction when an identical request committed first: roll back, replay its answer. */
export class AnsweredBefore extends Error {
  constructor(readonly stored: StoredAnswer) {
    super('An earlier request with this Idempotency-Key committed first');
  }
}

/**
 * One request's claim on its key. It joins the request's transaction: the first statement in it
 * inserts the key (a concurrent request with the same key waits on the primary key until this
 * transaction ends), and the answer is written into the row before COMMIT. So the row and the
 * created rows commit together or not at all: after a crash a retry either finds the answer or
 * runs afresh, and a key is never left claimed without one.
 */
export class IdempotencyClaim implements TransactionParticipant {
  /** The JSON answer written in the transaction (undefined until it committed). */
  private written?: string;
  private isCommitted = false;

  constructor(
    private readonly scope: IdempotencyScope,
    private readonly requestHash: string,
    private readonly status: number,
    private readonly logger: Logger,
  ) {}

  async join<R>(tx: Tx, work: () => Promise<R>): Promise<R> {
    if (!(await claimKey(tx, this.scope, this.requestHash, this.status))) {
      const stored = await findAnswer(tx, this.scope);
      if (!stored) throw new Error('Idempotency key conflicts with a row that cannot be read');
      throw new AnsweredBefore(stored);
    }
    const result = await work();
    const json = JSON.stringify(result ?? null);
    if (carriesCredentials(JSON.parse(json))) {
      // Never keep a secret: the request then simply is not idempotent.
      await forgetKey(tx, this.scope);
      this.logger.warn({ route: this.scope.route }, 'Answer carries credentials; Idempotency-Key ignored');
      this.written = undefined;
    } else {
      await writeAnswer(tx, this.scope, json, etagOf(result) ?? null);
      this.written = json;
    }
    return result;
  }

  committed(): void {
    this.isCommitted = true;
  }

  /**
   * After the handler: creates answer what their transaction returned, so there is nothing left to
   * do. A handler that changed the answer afterwards has it updated (outside the transaction);
   * one that ran no transaction has its answer stored now.
   */
  async finish(on: WorkspaceSql, body: unknown): Promise<void> {
    const json = JSON.stringify(body ?? null);
    if (carriesCredentials(JSON.parse(json))) return;
    if (this.isCommitted) {
      if (this.written === undefined || this.written === json) return;
      await writeAnswer(on, this.scope, json, etagOf(body) ?? null);
      return;
    }
    await insertAnswer(on, this.scope, this.requestHash, this.status, json, etagOf(body) ?? null);
  }
}
