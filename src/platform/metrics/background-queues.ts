import { Injectable } from '@nestjs/common';

/** What a queue of background work holds right now. */
export interface QueueState {
  /** Items waiting to be done (due or scheduled for a retry). */
  depth: number;
  /** Seconds since the oldest of them was queued; 0 when the queue is empty. */
  oldestAgeSeconds: number;
}

/**
 * The queues of background work the service runs (webhook deliveries, …), measured when
 * `/metrics` is scraped. A context registers its queue from its module class's constructor with
 * one cheap statement that counts across workspaces (an operator's number: no workspace data).
 */
@Injectable()
export class BackgroundQueues {
  private readonly queues = new Map<string, () => Promise<QueueState>>();

  register(name: string, measure: () => Promise<QueueState>): void {
    if (this.queues.has(name)) throw new Error(`The background queue ${name} is registered twice`);
    this.queues.set(name, measure);
  }

  entries(): Array<[string, () => Promise<QueueState>]> {
    return [...this.queues];
  }
}
