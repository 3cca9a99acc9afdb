import { AsyncLocalStorage } from 'node:async_hooks';

const onPrimary = new AsyncLocalStorage<true>();

/**
 * Runs `work` with every read it makes on the primary, whatever its request context allows: the
 * loads that fill a notified cache. A cache is cleared by a notification sent at the change's
 * commit on the primary; a load from a standby that has not replayed that commit yet would put
 * the old answer back, to be served until the next change.
 */
export function readsOnPrimary<T>(work: () => Promise<T>): Promise<T> {
  return onPrimary.run(true, work);
}

/** Whether the caller runs inside `readsOnPrimary`. */
export function primaryReadsOnly(): boolean {
  return onPrimary.getStore() === true;
}
