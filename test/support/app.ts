import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.setup';
import { AuthService } from '../../src/identity/auth/auth.service';
import { hashPassword } from '../../src/identity/auth/passwords';
import { UsersService } from '../../src/identity/users/users.service';
import { MembershipEntity } from '../../src/identity/workspaces/membership.entity';
import { WorkspacesService } from '../../src/identity/workspaces/workspaces.service';
import { ClientLoginEntity } from '../../src/identity/client-logins/client-login.entity';
import type { Role } from '../../src/platform/tenancy/request-context';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';
import { type Contract, contractFor, registerOrigin, registerServer } from './contract';
import { serverUrl, templateDatabase, templatePath, testEnv } from './test-env';

export const password = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

/** An authenticated caller: supertest requests with its bearer token. */
export class Caller {
  constructor(
    private readonly app: INestApplication,
    readonly token: string,
    readonly userId: string,
    readonly workspaceId: string,
    readonly username: string,
  ) {}

  private http() {
    return request(this.app.getHttpServer());
  }
  get(path: string) {
    return this.http().get(path).set('Authorization', `Bearer ${this.token}`);
  }
  post(path: string, body?: object) {
    return this.http().post(path).set('Authorization', `Bearer ${this.token}`).send(body);
  }
  put(path: string, body?: object) {
    return this.http().put(path).set('Authorization', `Bearer ${this.token}`).send(body);
  }
  delete(path: string, body?: object) {
    const r = this.http().delete(path).set('Authorization', `Bearer ${this.token}`);
    return body ? r.send(body) : r;
  }
}

/** A workspace of its own for a test, with its Owner and a way to add callers of other roles. */
export class WorkspaceFixture {
  constructor(
    private readonly t: TestApp,
    readonly id: string,
    readonly owner: Caller,
  ) {}

  /** A new user with `role` in this workspace, logged in. */
  async member(role: Role): Promise<Caller> {
    const ds = this.t.app.get(DataSource);
    const username = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}`;
    const user = await this.t.app.get(UsersService).insertUser(ds.manager, {
      username,
      email: `${username}@example.test`,
      passwordHash: await (passwordHash ??= hashPassword(password)),
    });
    await ds.manager.insert(MembershipEntity, { workspaceId: this.id, userId: user.id, role });
    return this.t.login(user.id, 'User', this.id, username);
  }

  /** A new client login of this workspace, logged in (userType Client). */
  async client(): Promise<Caller> {
    const ds = this.t.app.get(DataSource);
    const username = `client-${randomUUID().slice(0, 8)}`;
    const id = randomUUID();
    await ds.manager.insert(ClientLoginEntity, {
      id,
      workspaceId: this.id,
      username,
      email: `${username}@example.test`,
      passwordHash: await (passwordHash ??= hashPassword(password)),
    });
    return this.t.login(id, 'Client', this.id, username);
  }

  /**
   * A new client login linked to a customer (a contact whose primary account is a new account), as
   * a shopper must be to order; logged in. `account`: members of the account's create body.
   */
  async customer(account: object = {}): Promise<Caller> {
    const shopper = await this.client();
    const made = await this.owner.post('/core-api/accounts', {
      displayName: `Customer of ${shopper.username}`,
      ...account,
    });
    if (made.status !== 200) throw new Error(`account: ${made.status} ${JSON.stringify(made.body)}`);
    const contact = await this.owner.post('/core-api/contacts', {
      firstName: 'Shopper',
      lastName: shopper.username,
      clientLoginId: shopper.userId,
      accounts: [{ accountId: made.body.id }],
    });
    if (contact.status !== 200) throw new Error(`contact: ${contact.status} ${JSON.stringify(contact.body)}`);
    return shopper;
  }
}

export class TestApp {
  constructor(
    readonly app: INestApplication,
    private readonly pglite?: PGlite,
    /** The app's own OpenAPI document, every answer is checked against (contract.ts). */
    readonly contract?: Contract,
    /** Drops the database of its own the app ran on (server only), after the app closed. */
    private readonly dropDatabase?: () => Promise<void>,
  ) {}

  /** Unauthenticated requests. */
  get http() {
    return request(this.app.getHttpServer());
  }

  async login(id: string, type: 'User' | 'Client', workspaceId: string, username: string): Promise<Caller> {
    const tokens = await this.app
      .get(AuthService)
      .issue(this.app.get(DataSource).manager, { id, type }, workspaceId);
    return new Caller(this.app, tokens.accessToken, id, workspaceId, username);
  }

  /**
   * Moves the rotation of a used refresh token's session an hour back, past any grace period
   * (REFRESH_REUSE_GRACE_SECONDS): presenting the token again then counts as reuse, without waiting.
   */
  async pastRefreshGrace(refreshToken: string): Promise<void> {
    await this.app
      .get(DataSource)
      .query(
        `UPDATE auth_sessions SET used_at = used_at - interval '1 hour' WHERE id = $1 AND used_at IS NOT NULL`,
        [refreshToken.split('.')[0]],
      );
  }

  /** A fresh workspace whose Owner is a fresh user. */
  async workspace(name = 'Test workspace'): Promise<WorkspaceFixture> {
    const ds = this.app.get(DataSource);
    const username = `owner-${randomUUID().slice(0, 8)}`;
    const user = await this.app.get(UsersService).insertUser(ds.manager, {
      username,
      email: `${username}@example.test`,
      passwordHash: await (passwordHash ??= hashPassword(password)),
    });
    const workspace = await this.app.get(WorkspacesService).createWithOwner(ds.manager, user.id, { name });
    return new WorkspaceFixture(
      this,
      workspace.id,
      await this.login(user.id, 'User', workspace.id, username),
    );
  }

  /** Serves the app on a free loopback port, for clients in other processes; returns its base URL. */
  async listen(): Promise<string> {
    await this.app.listen(0, '127.0.0.1');
    const url = (await this.app.getUrl()).replace('[::1]', '127.0.0.1');
    if (this.contract) registerOrigin(url, this.contract);
    return url;
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.pglite?.close();
    await this.dropDatabase?.();
  }
}

/**
 * Boots the real application. Embedded: on a private in-memory PGlite loaded from the migrated
 * template. Server (TEST_DATABASE_URL): on the shared, migrated test database.
 */
export async function startApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  // An import worker claims any workspace's queued job, and its file lives in this process's
  // storage: on the shared server database, a file whose app runs one gets a database of its own
  // (copied from the migrated template, dropped on close), so no other file's worker claims its jobs.
  const own = serverUrl && envOverrides.IMPORTS_WORKER === 'true' ? await ownDatabase() : undefined;
  const env = testEnv({ ...envOverrides, ...(own ? { DATABASE_URL: own.url } : {}) });
  const pglite = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(undefined, new Blob([readFileSync(templatePath())]));
  const app = await createApp(env, pglite);
  // The document the app serves, read once: every answer of this app is checked against it.
  const served = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/openapi.json' });
  const contract = contractFor(served.body);
  registerServer(app.getHttpServer(), contract);
  if (env.METRICS_PORT)
    registerOrigin(`http://127.0.0.1:${env.METRICS_PORT}`, {
      outside: 'the metrics side port serves Prometheus text at /metrics and 404 elsewhere; no API',
    });
  return new TestApp(app, pglite, contract, own?.drop);
}

let ownDatabases = 0;
/** A new database on the server, copied from the run's migrated template (global-setup.ts). */
async function ownDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${new URL(serverUrl!).pathname.slice(1)}_own_${process.pid}_${++ownDatabases}`;
  const admin = new URL(serverUrl!);
  admin.pathname = '/postgres';
  const root = new DataSource({ type: 'postgres', url: admin.toString() });
  await root.initialize();
  try {
    await root.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await root.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase(serverUrl!)}"`);
  } finally {
    await root.destroy();
  }
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new DataSource({ type: 'postgres', url: admin.toString() });
      await again.initialize();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => again.destroy());
    },
  };
}
