import { randomUUID } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { AuthService } from '../../../src/identity/auth/auth.service';
import { JWT_SECRET } from '../../../src/identity/auth/auth.tokens';
import { LoginThrottlerGuard } from '../../../src/identity/auth/login-throttler';
import { hashPassword } from '../../../src/identity/auth/passwords';
import { UsersService } from '../../../src/identity/users/users.service';
import { ClientLoginEntity } from '../../../src/identity/client-logins/client-login.entity';
import { MembershipEntity } from '../../../src/identity/workspaces/membership.entity';
import { Caller, password, startApp, TestApp, WorkspaceFixture } from '../../support/app';

/** Users are global: names unique to this run, so a shared server database takes reruns. */
const run = randomUUID().slice(0, 8);
const login = (t: TestApp, body: object) => t.http.post('/core-api/auth/login').send(body);

/** One app for the groups on the default settings; each works in workspaces of its own. */
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('Login names never capture another account', () => {
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    ws = await t.workspace();
  });

  it('refuses `@` in usernames (400 naming username), for users and client logins', async () => {
    const user = await ws.owner.post('/core-api/users', {
      username: 'someone@example.test',
      email: 'someone-else@example.test',
      password: 'a-long-password',
    });
    expect(user.status).toBe(400);
    expect(Object.keys(user.body.errors)).toEqual(['username']);
    const me = (await ws.owner.get(`/core-api/users/${ws.owner.userId}`)).body;
    const rename = await ws.owner.put(`/core-api/users/${ws.owner.userId}`, {
      username: 'me@example.test',
      email: me.email,
      currentPassword: password,
    });
    expect(rename.status).toBe(400);
    expect(Object.keys(rename.body.errors)).toEqual(['username']);
    const client = await ws.owner.post('/core-api/identities', {
      username: 'shopper@example.test',
      email: 'shopper-x@example.test',
      password: 'a-long-password',
    });
    expect(client.status).toBe(400);
    expect(Object.keys(client.body.errors)).toEqual(['username']);
  });

  it('matches an input with `@` against emails only, even where an older username holds that email', async () => {
    const ds = t.app.get(DataSource);
    const users = t.app.get(UsersService);
    // older data: a username that is someone else's email, made first so a lookup meets it first
    await users.insertUser(ds.manager, {
      username: `victim-${run}@example.test`,
      email: `attacker-${run}@example.test`,
      passwordHash: await hashPassword('attacker-password'),
    });
    const victim = await users.insertUser(ds.manager, {
      username: `victim-${run}`,
      email: `victim-${run}@example.test`,
      passwordHash: await hashPassword('victim-password'),
    });
    await ds.manager.insert(MembershipEntity, { workspaceId: ws.id, userId: victim.id, role: 'Member' });

    const attack = await login(t, { username: `Victim-${run}@Example.test`, password: 'attacker-password' });
    expect(attack.status).toBe(401);
    const real = await login(t, { username: `victim-${run}@example.test`, password: 'victim-password' });
    expect(real.status).toBe(200);
    expect(real.body.userId).toBe(victim.id);

    // and no new email may equal an existing username (409 naming email)
    await users.insertUser(ds.manager, {
      username: `legacy-name-${run}@example.test`,
      email: `legacy-mail-${run}@example.test`,
      passwordHash: await hashPassword('legacy-password'),
    });
    const clash = await ws.owner.post('/core-api/users', {
      username: `fresh-user-${run}`,
      email: `Legacy-Name-${run}@Example.TEST`,
      password: 'a-long-password',
    });
    expect(clash.status).toBe(409);
    expect(Object.keys(clash.body.errors)).toEqual(['email']);
  });

  it('does the same for client logins within their workspace', async () => {
    const ds = t.app.get(DataSource);
    await ds.manager.insert(ClientLoginEntity, {
      id: randomUUID(),
      workspaceId: ws.id,
      username: 'buyer@example.test',
      email: 'squatter@example.test',
      passwordHash: await hashPassword('squatter-password'),
    });
    const buyer = await ws.owner.post('/core-api/identities', {
      username: 'buyer',
      email: 'buyer-2@example.test',
      password: 'buyer-password',
    });
    expect(buyer.status).toBe(200);
    const clash = await ws.owner.put(`/core-api/identities/${buyer.body.id}`, {
      username: 'buyer',
      email: 'Buyer@example.test',
    });
    expect(clash.status).toBe(409);
    expect(Object.keys(clash.body.errors)).toEqual(['email']);
    // the older username with `@` is no way in by that name
    const byName = await login(t, {
      username: 'buyer@example.test',
      password: 'squatter-password',
      workspaceId: ws.id,
    });
    expect(byName.status).toBe(401);
    const byEmail = await login(t, {
      username: 'squatter@example.test',
      password: 'squatter-password',
      workspaceId: ws.id,
    });
    expect(byEmail.status).toBe(200);
  });
});

describe('Login timing does not tell which names exist', () => {
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    ws = await t.workspace();
    await ws.owner.post('/core-api/identities', {
      username: 'timed-shopper',
      email: 'timed-shopper@example.test',
      password: 'shopper-password',
    });
  });

  const timed = async (body: object) => {
    const started = process.hrtime.bigint();
    const res = await login(t, body);
    expect(res.status).toBe(401);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  it('costs the same for an unknown name as for a known one with a wrong password (with workspaceId)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    await timed({ username: 'warm-up', password: 'wrong-password', workspaceId: ws.id });
    for (let i = 0; i < 5; i++) {
      known.push(await timed({ username: 'timed-shopper', password: 'wrong-password', workspaceId: ws.id }));
      unknown.push(await timed({ username: `nobody-${i}`, password: 'wrong-password', workspaceId: ws.id }));
      known.push(
        await timed({
          username: 'timed-shopper@example.test',
          password: 'wrong-password',
          workspaceId: ws.id,
        }),
      );
      unknown.push(
        await timed({ username: `nobody-${i}@example.test`, password: 'wrong-password', workspaceId: ws.id }),
      );
    }
    // without the decoy verification an unknown name answered in a few ms, a known one in 100+
    expect(median(unknown)).toBeGreaterThanOrEqual(0.5 * median(known));
    expect(median(known)).toBeGreaterThanOrEqual(0.5 * median(unknown));
  });
});

describe('Access token claims are checked against the session', () => {
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let secret: string;

  beforeAll(async () => {
    ws = await t.workspace();
    other = await t.workspace('Other');
    secret = t.app.get<string>(JWT_SECRET);
  });

  const claimsOf = (c: Caller) =>
    JSON.parse(Buffer.from(c.token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
  const forge = (claims: Record<string, unknown>) => jwt.sign(claims, secret, { algorithm: 'HS256' });
  const call = (token: string) => t.http.get('/core-api/users').set('Authorization', `Bearer ${token}`);

  it('accepts a re-signed token that says what the session says (the forging is right)', async () => {
    const member = await ws.member('Member');
    const { iat: _iat, ...claims } = claimsOf(member);
    expect((await call(forge(claims))).status).toBe(200);
  });

  it('refuses a changed ws, sub or typ, an unknown typ and a token without exp: 401, cached or not', async () => {
    const member = await ws.member('Member');
    const claims = claimsOf(member);
    const forged = {
      ws: forge({ ...claims, ws: other.id }),
      sub: forge({ ...claims, sub: other.owner.userId }),
      typClient: forge({ ...claims, typ: 'Client' }),
      typUnknown: forge({ ...claims, typ: 'System' }),
      noExp: forge(Object.fromEntries(Object.entries(claims).filter(([k]) => k !== 'exp'))),
    };
    for (const [name, token] of Object.entries(forged)) {
      expect([name, (await call(token)).status]).toEqual([name, 401]);
    }
    // with the session's check cached by a genuine request
    expect((await member.get('/core-api/users')).status).toBe(200);
    for (const [name, token] of Object.entries(forged)) {
      expect([name, (await call(token)).status]).toEqual([name, 401]);
    }
    expect((await member.get('/core-api/users')).status).toBe(200);
  });

  it('refuses a client session presented as a user', async () => {
    const client = await ws.client();
    const claims = claimsOf(client);
    expect((await call(forge({ ...claims, typ: 'User' }))).status).toBe(401);
    expect((await call(forge({ ...claims, typ: 'User', sub: ws.owner.userId }))).status).toBe(401);
  });
});

describe('Login rate limits per identifier and address', () => {
  // Its own app: the limits are settings of the process.
  let t: TestApp;
  let guard: LoginThrottlerGuard;

  beforeAll(async () => {
    // 3 per identifier and address, 15 per address, 30 per identifier
    t = await startApp({ LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW_SECONDS: '60' });
    guard = t.app.get(LoginThrottlerGuard);
  });
  afterAll(() => t.close());

  /**
   * The address is the socket's (the app trusts no X-Forwarded-For), so other addresses are
   * simulated by calling the route's guard with requests as Fastify gives them.
   */
  const attempt = async (username: string, ip: string): Promise<number> => {
    const req = { ip, body: { username, password: 'guess-guess' } };
    const context = { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
    try {
      await guard.canActivate(context);
      return 200;
    } catch (e) {
      return (e as { getStatus(): number }).getStatus();
    }
  };

  it('does not let a guesser at one address lock the name’s owner out at another', async () => {
    for (let i = 0; i < 3; i++) expect(await attempt('victim', '203.0.113.1')).toBe(200);
    expect(await attempt('Victim', '203.0.113.1')).toBe(429);
    expect(await attempt('victim', '198.51.100.7')).toBe(200);
  });

  it('still caps one name from many addresses, and one address over many names', async () => {
    let allowed = 0;
    for (let i = 0; i < 40; i++) if ((await attempt('spread', `192.0.2.${i}`)) === 200) allowed++;
    expect(allowed).toBe(30);
    expect(await attempt('spread', '192.0.2.200')).toBe(429);
    let fromOne = 0;
    for (let i = 0; i < 20; i++) if ((await attempt(`name-${i}`, '203.0.113.99')) === 200) fromOne++;
    expect(fromOne).toBe(15);
  });

  it('limits checks of the current password per user, so a stolen token cannot guess it', async () => {
    const me = await (await t.workspace()).member('Member');
    const record = (await me.get(`/core-api/users/${me.userId}`)).body;
    const guess = (currentPassword: string) =>
      me.put(`/core-api/users/${me.userId}`, {
        username: record.username,
        email: record.email,
        password: 'taken-over-password',
        currentPassword,
      });
    for (let i = 0; i < 3; i++) expect((await guess(`guess-${i}-guess`)).status).toBe(403);
    const limited = await guess(password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts attempts per account, whatever form of its name is typed (username, email, case)', async () => {
    // Second attack: 10 wrong passwords as `memberA`, then 10 more as `memberA@example.com`.
    const member = await (await t.workspace()).member('Member');
    const record = (await member.get(`/core-api/users/${member.userId}`)).body as { email: string };
    // The route's guard and then the login itself, from an address of this test alone (the
    // count per address is shared with every other test that logs in from 127.0.0.1).
    const login = async (username: string, pw = 'guess-guess'): Promise<number> => {
      const ip = '198.51.100.77';
      const status = await attempt(username, ip);
      if (status !== 200) return status;
      try {
        await t.app.get(AuthService).login({ username, password: pw }, ip);
        return 200;
      } catch (e) {
        return (e as { getStatus(): number }).getStatus();
      }
    };
    const forms = [member.username, record.email, member.username.toUpperCase()];
    expect(await login(forms[0])).toBe(401);
    expect(await login(forms[0])).toBe(401);
    expect(await login(forms[1])).toBe(401);
    // A 4th attempt on the account from this address is over the limit of 3, in any form (each
    // form alone is still under it).
    for (const form of forms) expect(await login(form)).toBe(429);
    // …even with the right password, until the window ends.
    expect(await login(record.email, password)).toBe(429);
    // Another address still gets in with the right password.
    expect(
      (await t.http.post('/core-api/auth/login').send({ username: record.email, password })).status,
    ).toBe(200);
  });

  it('answers 429 with Retry-After over HTTP', async () => {
    const res = async () =>
      t.http.post('/core-api/auth/login').send({ username: 'http-target', password: 'guess-guess' });
    for (let i = 0; i < 3; i++) expect((await res()).status).toBe(401);
    const limited = await res();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
