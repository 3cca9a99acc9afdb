export const roles = ['Owner', 'Admin', 'Member', 'Viewer'] as const;
export type Role = (typeof roles)[number];
export const userTypes = ['User', 'Client'] as const;
export type UserType = (typeof userTypes)[number];
/**
 * Who acts: a user, a client login (shopper), an API key (a service user of its workspace,
 * `id` the key's id) or the service itself.
 */
export const actorTypes = ['User', 'Client', 'ApiKey', 'System'] as const;
export type ActorType = (typeof actorTypes)[number];

/**
 * Where a caller's request reads when the service has standbys (DATABASE_READ_URLS, see
 * `Standbys`): set by the auth guard.
 */
export interface CallerReads {
  /** The caller whose writes its reads must see: `<actor type>:<session or key id>`. */
  readonly caller: string;
  /** The write position the caller sent back (`X-Read-After`), 0n when none. */
  readonly after: bigint;
  /** Reads outside a transaction may go to a standby: a read request (GET, HEAD, read operation). */
  standby: boolean;
  /** A transaction of this request committed: later reads stay on the primary, the answer says where to read after. */
  wrote: boolean;
  /** The standby this request's reads went to first: the next ones go there too while it serves. */
  on?: object;
}

export interface Actor {
  id: string | null;
  type: ActorType;
}

/**
 * Who is asking, in which workspace. Built once per request by the auth guard and passed
 * explicitly to every service method, which hands it to the scoped repositories: there is no way
 * to reach workspace data without one.
 */
export class RequestContext {
  constructor(
    readonly workspaceId: string,
    readonly actor: Actor,
    readonly role: Role | null,
    /** The `If-Match` header of a write, checked when the entity is loaded for writing. */
    readonly ifMatch?: string,
    readonly sessionId?: string,
    /** The request's correlation id (`x-request-id`), recorded on the activities it causes. */
    readonly requestId?: string,
  ) {}

  /** Absent (contexts of no caller, or no standbys): every read on the primary. */
  reads?: CallerReads;

  get userType(): UserType {
    return this.actor.type === 'Client' ? 'Client' : 'User';
  }

  /** A context for work the service does on its own behalf (bootstrap, seeding, background jobs). */
  static system(workspaceId: string): RequestContext {
    return new RequestContext(workspaceId, { id: null, type: 'System' }, 'Owner');
  }

  isAdmin(): boolean {
    return this.role === 'Owner' || this.role === 'Admin' || this.actor.type === 'System';
  }
}
