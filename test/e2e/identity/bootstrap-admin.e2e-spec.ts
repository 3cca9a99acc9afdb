import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { BootstrapAdmin } from '../../../src/identity/bootstrap-admin';
import { UserEntity } from '../../../src/identity/users/user.entity';
import { startApp, TestApp } from '../../support/app';
import { serverUrl } from '../../support/test-env';

describe('Bootstrap admin (api-conventions §1)', () => {
  let t: TestApp;
  let printed = '';

  beforeAll(async () => {
    // The embedded database starts empty: the first start creates the admin and hands its login,
    // with the generated password, to the start banner once (test/e2e/platform/start-banner).
    t = await startApp({
      NODE_ENV: 'development',
      BOOTSTRAP_ADMIN_EMAIL: 'boss@example.test',
      BOOTSTRAP_WORKSPACE_NAME: 'Head office',
    });
    printed = t.app.get(BootstrapAdmin).takeLogin()?.join('\n') ?? '';
  });
  afterAll(() => t.close());

  it('creates an Owner of a new workspace on the first start and shows a generated password once', async () => {
    if (serverUrl) {
      // A shared server database already has users from other test files: nothing may be created.
      expect(printed).not.toContain('Bootstrap admin created');
      return;
    }
    expect(printed).toContain('Bootstrap admin created (Owner of workspace "Head office"');
    const password = /password: (\S+)/.exec(printed)?.[1];
    expect(password).toBeDefined();
    const login = await t.http.post('/core-api/auth/login').send({ username: 'BOSS@example.test', password });
    expect(login.status).toBe(200);
    const workspaces = await t.http
      .get('/core-api/workspaces')
      .set('Authorization', `Bearer ${login.body.accessToken}`);
    expect(workspaces.body.data).toEqual([expect.objectContaining({ name: 'Head office', role: 'Owner' })]);
  });

  it('never creates or prints again once a user exists', async () => {
    // Count only bootstrap admins: on a shared server database other test files add users meanwhile.
    const admins = () => t.app.get(DataSource).manager.count(UserEntity, { where: { username: 'admin' } });
    const before = await admins();
    const bootstrap = t.app.get(BootstrapAdmin);
    expect(bootstrap.takeLogin()).toBeUndefined(); // shown once
    await bootstrap.onApplicationBootstrap();
    expect(bootstrap.takeLogin()).toBeUndefined();
    expect(await admins()).toBe(before);
  });
});
