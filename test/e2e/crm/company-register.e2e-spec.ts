import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Caller, startApp, TestApp, WorkspaceFixture } from '../../support/app';

const apiKey = 'test-kvk-key';

/** The KvK answers the adapter reads (shapes of the Zoeken API v2 and Basisprofiel API v1). */
const profile = {
  kvkNummer: '69599084',
  naam: 'Test EMZ Dagobert',
  statutaireNaam: 'Test EMZ Dagobert B.V.',
  formeleRegistratiedatum: '20170308',
  materieleRegistratie: { datumAanvang: '20170301' },
  totaalWerkzamePersonen: 12,
  handelsnamen: [
    { naam: 'Dagobert Tweede', volgorde: 1 },
    { naam: 'Dagobert Trading', volgorde: 0 },
  ],
  sbiActiviteiten: [
    { sbiCode: '6201', sbiOmschrijving: 'Ontwikkelen software', indHoofdactiviteit: 'Nee' },
    { sbiCode: '4674', sbiOmschrijving: 'Groothandel in ijzerwaren', indHoofdactiviteit: 'Ja' },
  ],
  _embedded: {
    hoofdvestiging: {
      vestigingsnummer: '000038509490',
      websites: ['www.dagobert.test'],
      adressen: [
        {
          type: 'bezoekadres',
          volledigAdres: 'Abebe Bikilalaan 17 A 1066 HX Amsterdam',
          straatnaam: 'Abebe Bikilalaan',
          huisnummer: 17,
          huisletter: 'A',
          postcode: '1066HX',
          plaats: 'Amsterdam',
          land: 'Nederland',
        },
        {
          type: 'postadres',
          postbusnummer: 1234,
          postcode: '1000AA',
          plaats: 'Amsterdam',
          land: 'Nederland',
        },
      ],
    },
    eigenaar: { rsin: '857587973', rechtsvorm: 'BV', uitgebreideRechtsvorm: 'Besloten Vennootschap' },
  },
};

const searchAnswer = {
  pagina: 1,
  resultatenPerPagina: 20,
  totaal: 2,
  resultaten: [
    {
      kvkNummer: '69599084',
      vestigingsnummer: '000038509490',
      naam: 'Test EMZ Dagobert',
      type: 'hoofdvestiging',
      adres: {
        binnenlandsAdres: { type: 'bezoekadres', straatnaam: 'Abebe Bikilalaan', plaats: 'Amsterdam' },
      },
    },
    { kvkNummer: '68750110', naam: 'Dagobert Holding', type: 'rechtspersoon' },
  ],
};

describe('Company register (KvK) suggestions', () => {
  let kvk: Server;
  let calls: Array<{ path: string; apikey: string | undefined }>;
  let t: TestApp;
  let ws: WorkspaceFixture;
  let other: WorkspaceFixture;
  let viewer: Caller;

  beforeAll(async () => {
    calls = [];
    kvk = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url ?? '/', 'http://kvk.test');
      calls.push({ path: `${url.pathname}${url.search}`, apikey: req.headers.apikey as string | undefined });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.apikey !== apiKey)
        return json(401, { fout: [{ code: 'IPD0001', omschrijving: 'Geen geldige API key' }] });
      if (url.pathname === '/api/v2/zoeken') {
        if (url.searchParams.get('naam') === 'dagobert' || url.searchParams.get('kvkNummer') === '69599084')
          return json(200, searchAnswer);
        if (url.searchParams.get('naam') === 'broken') return json(500, {});
        return json(404, { fout: [{ code: 'IPD5200', omschrijving: 'Geen resultaten' }] });
      }
      if (url.pathname === '/api/v1/basisprofielen/69599084') return json(200, profile);
      return json(404, { fout: [{ code: 'IPD0004', omschrijving: 'Het KvK-nummer is niet gevonden' }] });
    });
    await new Promise<void>((resolve) => kvk.listen(0, '127.0.0.1', resolve));
    const port = (kvk.address() as AddressInfo).port;
    t = await startApp({ KVK_API_URL: `http://127.0.0.1:${port}/api/`, KVK_API_KEY: apiKey });
    ws = await t.workspace();
    other = await t.workspace('Other');
    viewer = await ws.member('Viewer');
  });
  afterAll(async () => {
    await t.close();
    kvk.closeAllConnections();
    await new Promise<void>((resolve) => kvk.close(() => resolve()));
  });

  it('maps the basic profile to the suggested account details and caches it per number', async () => {
    const res = await viewer.get('/core-api/accounts/suggest/69599084/details');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      chamberOfCommerceNumber: '69599084',
      branchNumber: '000038509490',
      displayName: 'Dagobert Trading',
      fullName: 'Test EMZ Dagobert B.V.',
      rsin: '857587973',
      websites: ['www.dagobert.test'],
      companyType: 'Besloten Vennootschap',
      employees: 12,
      foundationDate: '2017-03-01',
      chamberOfCommerceRubricationCodes: ['4674', '6201'],
      addresses: [
        {
          type: 'Visiting',
          street: 'Abebe Bikilalaan',
          houseNumber: '17',
          houseNumberAddition: 'A',
          postalCode: '1066HX',
          city: 'Amsterdam',
          region: null,
          countryCode: 'NL',
          fullAddress: 'Abebe Bikilalaan 17 A 1066 HX Amsterdam',
        },
        {
          type: 'Postal',
          street: 'Postbus',
          houseNumber: '1234',
          houseNumberAddition: null,
          postalCode: '1000AA',
          city: 'Amsterdam',
          region: null,
          countryCode: 'NL',
          fullAddress: null,
        },
      ],
      existingAccountId: null,
    });
    const profileCalls = () => calls.filter((c) => c.path === '/api/v1/basisprofielen/69599084');
    expect(profileCalls()).toEqual([{ path: '/api/v1/basisprofielen/69599084', apikey: apiKey }]);
    // the second answer comes from the cache
    expect((await ws.owner.get('/core-api/accounts/suggest/69599084/details')).status).toBe(200);
    expect(profileCalls()).toHaveLength(1);
  });

  it('names the workspace’s own account with that number, and only its own', async () => {
    const account = await ws.owner.post('/core-api/accounts', {
      displayName: 'Dagobert',
      chamberOfCommerce: '69599084',
    });
    expect((await ws.owner.get('/core-api/accounts/suggest/69599084/details')).body.existingAccountId).toBe(
      account.body.id,
    );
    expect(
      (await other.owner.get('/core-api/accounts/suggest/69599084/details')).body.existingAccountId,
    ).toBeNull();
    const suggestions = await ws.owner.get('/core-api/accounts/suggest?query=dagobert');
    expect(suggestions.body.data[0].existingAccountId).toBe(account.body.id);
  });

  it('suggests accounts by name or by number', async () => {
    const byName = await viewer.get('/core-api/accounts/suggest?query=dagobert');
    expect(byName.status).toBe(200);
    expect(byName.body.total).toBe(2);
    expect(byName.body.data[1]).toEqual({
      chamberOfCommerceNumber: '68750110',
      branchNumber: null,
      displayName: 'Dagobert Holding',
      kind: 'rechtspersoon',
      street: null,
      city: null,
      existingAccountId: null,
    });
    expect(byName.body.data[0]).toMatchObject({
      chamberOfCommerceNumber: '69599084',
      street: 'Abebe Bikilalaan',
      city: 'Amsterdam',
      kind: 'hoofdvestiging',
    });
    expect(calls.some((c) => c.path.startsWith('/api/v2/zoeken?naam=dagobert'))).toBe(true);
    const byNumber = await ws.owner.get('/core-api/accounts/suggest?query=69599084');
    expect(byNumber.body.total).toBe(2);
    expect(calls.some((c) => c.path.startsWith('/api/v2/zoeken?kvkNummer=69599084'))).toBe(true);
    expect((await ws.owner.get('/core-api/accounts/suggest?query=nothing-like-it')).body).toEqual({
      data: [],
      total: 0,
    });
  });

  it('maps an unknown number to 404, a malformed one to 400 and upstream failures to 503', async () => {
    const unknown = await ws.owner.get('/core-api/accounts/suggest/12345678/details');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/application\/problem\+json/);
    const malformed = await ws.owner.get('/core-api/accounts/suggest/1234/details');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('chamberOfCommerceNumber');
    const missingQuery = await ws.owner.get('/core-api/accounts/suggest');
    expect(missingQuery.status).toBe(400);
    expect(missingQuery.body.errors).toHaveProperty('query');
    expect((await ws.owner.get('/core-api/accounts/suggest?query=broken')).status).toBe(503);
    expect((await t.http.get('/core-api/accounts/suggest?query=dagobert')).status).toBe(401);
  });
});
