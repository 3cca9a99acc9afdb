import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Env } from '../../config/env';
import type { AuthenticatedRequest } from '../auth/decorators';
import { ProblemResponse } from './openapi';
import { serviceUnavailable, tooManyRequests } from './problem';

/** What a refused heavy operation tells its caller to wait before trying again. */
export const heavyRetryAfterSeconds = 5;

/**
 * The one limiter of heavy operations (whole-workspace export, .xlsx reports, uploads): work whose
 * memory and time grow with the data, so that a few callers could exhaust the process for every
 * tenant. At most HEAVY_OPERATIONS_PER_WORKSPACE run at once per workspace (beyond: 429) and
 * HEAVY_OPERATIONS_PER_PROCESS in the process (beyond: 503), both with Retry-After. Refused at
 * once, not queued: a queue would hold the requests' sockets and memory instead. One instance per
 * application (each test app has its own).
 */
@Injectable()
export class HeavyOperations {
  private running = 0;
  private readonly perWorkspace = new Map<string, number>();

  constructor(private readonly env: Env) {}

  /** Takes a slot for the workspace or throws the 429/503 problem; call the answer once done. */
  acquire(workspaceId: string): () => void {
    const mine = this.perWorkspace.get(workspaceId) ?? 0;
    if (mine >= this.env.HEAVY_OPERATIONS_PER_WORKSPACE) {
      throw tooManyRequests(
        `This workspace runs ${mine} exports, reports or uploads already, the most it may run at once; ` +
          `retry after ${heavyRetryAfterSeconds} seconds.`,
        heavyRetryAfterSeconds,
      );
    }
    if (this.running >= this.env.HEAVY_OPERATIONS_PER_PROCESS) {
      throw serviceUnavailable(
        `The service runs as many exports, reports and uploads as it may at once; retry after ${heavyRetryAfterSeconds} seconds.`,
        heavyRetryAfterSeconds,
      );
    }
    this.running++;
    this.perWorkspace.set(workspaceId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.perWorkspace.get(workspaceId) ?? 1) - 1;
      if (left > 0) this.perWorkspace.set(workspaceId, left);
      else this.perWorkspace.delete(workspaceId);
    };
  }

  /** Heavy operations running now (all workspaces). */
  get inFlight(): number {
    return this.running;
  }
}

/**
 * Holds a heavy-operation slot from the moment the request is authorised (before its body is read)
 * until its response has closed — sent in full, failed, or the client gone. A connection that
 * waits for its client and moves no byte for HEAVY_OPERATIONS_STALL_SECONDS (checked at that
 * interval) is destroyed, so a client that stops reading (or sending) cannot keep a slot.
 */
@Injectable()
export class HeavyOperationGuard implements CanActivate {
  constructor(
    private readonly heavy: HeavyOperations,
    private readonly env: Env,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const req = http.getRequest<AuthenticatedRequest>();
    const res = http.getResponse<FastifyReply>().raw;
    if (!req.context) throw new Error('@HeavyOperation() needs an authenticated route');
    const release = this.heavy.acquire(req.context.workspaceId);
    const socket = res.socket;
    let moved = -1;
    const watch = socket
      ? setInterval(() => {
          const now = socket.bytesRead + socket.bytesWritten;
          // Waiting for the client: its body is not all in, or what was written is not taken.
          // (Work of the service's own, such as storing a received upload, is never cut.)
          const waitingOnClient = !req.raw.complete || res.writableNeedDrain || socket.writableLength > 0;
          if (now === moved && waitingOnClient) socket.destroy();
          moved = now;
        }, this.env.HEAVY_OPERATIONS_STALL_SECONDS * 1000).unref()
      : undefined;
    const done = () => {
      clearInterval(watch);
      release();
    };
    if (res.closed || res.destroyed) done();
    else res.once('close', done);
    return true;
  }
}

const retryAfterHeader = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', example: heavyRetryAfterSeconds },
  },
};

/**
 * Marks a heavy operation: guarded by HeavyOperations, and its 429/503 answers documented.
 * Put it on every operation whose work or memory grows with the workspace's data or the body.
 */
export const HeavyOperation = () =>
  applyDecorators(
    UseGuards(HeavyOperationGuard),
    ApiExtraModels(ProblemResponse),
    ApiResponse({
      status: 429,
      description:
        'The workspace runs as many heavy operations (exports, reports, uploads) as it may at once (HEAVY_OPERATIONS_PER_WORKSPACE); retry after Retry-After seconds',
      headers: retryAfterHeader,
      content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemResponse) } } },
    }),
    ApiResponse({
      status: 503,
      description:
        'The service runs as many heavy operations as it may at once (HEAVY_OPERATIONS_PER_PROCESS); retry after Retry-After seconds',
      headers: retryAfterHeader,
      content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemResponse) } } },
    }),
  );

/** Bytes a paged answer buffers ahead of the socket (beyond one page). */
const aheadBytes = 64 * 1024;

/**
 * A long answer read page by page, only as fast as the client takes it: the next page is read
 * when the stream's buffer (≤ 64 KiB beyond the current page) has drained into the socket, and
 * never in the same turn of the event loop as the previous one, so health checks and other
 * requests run between pages (on the embedded database a query blocks the loop while it runs:
 * keep pages small). When the client goes, the pages' iterator is closed.
 */
export function pagedStream(pages: AsyncIterable<string>): Readable {
  const iterator = pages[Symbol.asyncIterator]();
  let first = true;
  return new Readable({
    highWaterMark: aheadBytes,
    read() {
      void (async () => {
        if (!first) await nextTurn();
        first = false;
        for (;;) {
          const next = await iterator.next();
          if (next.done) return this.push(null);
          // An empty chunk would stop the reading without ending the stream.
          if (next.value) return this.push(next.value);
        }
      })().catch((err: Error) => this.destroy(err));
    },
    destroy(err, callback) {
      Promise.resolve(iterator.return?.()).then(
        () => callback(err),
        () => callback(err),
      );
    },
  });
}
