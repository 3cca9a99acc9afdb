import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Standbys } from '../database/standbys';
import type { RequestContext } from '../tenancy/request-context';

/**
 * Read your own writes across instances (docs/scaling.md, "Read replicas"): the answer of a
 * request that committed a write carries `X-Read-After: <WAL position>`, the primary's position
 * after its commits. This instance remembers it for the caller; a caller that sends it back on
 * its next requests (to any instance) reads from no standby that has not replayed that far.
 * Only with standbys (DATABASE_READ_URLS): without them every read is on the primary.
 */
export function registerReadAfter(fastify: FastifyInstance, standbys: Standbys): void {
  if (!standbys.configured) return;
  fastify.addHook('onSend', async (req: FastifyRequest & { context?: RequestContext }, reply, payload) => {
    const reads = req.context?.reads;
    if (!reads?.wrote) return payload;
    // The write is committed: a primary that does not answer now costs the header, not the answer.
    const position = await standbys.wrote(reads.caller).catch(() => undefined);
    if (position) reply.header('X-Read-After', position);
    return payload;
  });
}
