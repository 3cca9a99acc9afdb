import { randomBytes } from 'node:crypto';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Env } from '../config/env';
import { Db } from '../platform/database/db';
import { hashPassword } from './auth/passwords';
import { lockBootstrap } from './bootstrap-admin.queries';
import { UserEntity } from './users/user.entity';
import { UsersService } from './users/users.service';
import { WorkspacesService } from './workspaces/workspaces.service';

/**
 * On the first start (no users at all) creates the bootstrap admin, Owner of a new workspace
 * (api-conventions §1). Without BOOTSTRAP_ADMIN_PASSWORD a password is generated and shown once:
 * `takeLogin()` hands its lines to whoever prints them (the service's start banner, after it
 * listens, so they come last and readable; `seed:demo`).
 */
@Injectable()
export class BootstrapAdmin implements OnApplicationBootstrap {
  constructor(
    private readonly db: Db,
    private readonly env: Env,
    private readonly users: UsersService,
    private readonly workspaces: WorkspacesService,
  ) {}

  private login?: string[];

  /** How to log in as the admin just created, once; undefined when this start created none. */
  takeLogin(): string[] | undefined {
    const login = this.login;
    this.login = undefined;
    return login;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.NODE_ENV === 'test') return;
    const email = this.env.BOOTSTRAP_ADMIN_EMAIL ?? 'admin@example.com';
    const generated = !this.env.BOOTSTRAP_ADMIN_PASSWORD;
    const password = this.env.BOOTSTRAP_ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(password);
    const created = await this.db.dataSource.transaction(async (manager) => {
      // One instance bootstraps, even when several start at once on one database.
      await lockBootstrap(manager);
      if ((await manager.count(UserEntity)) > 0) return null;
      const user = await this.users.insertUser(manager, {
        username: 'admin',
        email,
        displayName: 'Administrator',
        passwordHash,
      });
      return this.workspaces.createWithOwner(manager, user.id, { name: this.env.BOOTSTRAP_WORKSPACE_NAME });
    });
    if (!created) return;
    this.login = [
      'Bootstrap admin created (Owner of workspace "' + created.name + '", id ' + created.id + ').',
      `  username: admin   (or ${email})`,
      generated
        ? `  password: ${password}   (generated; shown once — change it)`
        : '  password: the value of BOOTSTRAP_ADMIN_PASSWORD',
      `  log in:   curl -s -X POST http://localhost:${this.env.PORT}/core-api/auth/login -H 'content-type: application/json' -d '{"username":"admin","password":"…"}'`,
    ];
  }
}
