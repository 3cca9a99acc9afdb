import { describe, expect, it } from '@jest/globals';
import { loadEnv } from '../../config/env';
import { Problem } from '../../platform/http/problem';
import { KvkCompanyRegister, mapKvkProfile, mapKvkSearch } from './kvk-company-register';

describe('KvkCompanyRegister', () => {
  it('answers 503 telling how to configure it when KVK_API_URL or KVK_API_KEY is missing', async () => {
    for (const vars of [{}, { KVK_API_URL: 'https://api.kvk.nl/api' }, { KVK_API_KEY: 'key' }]) {
      const register = new KvkCompanyRegister(loadEnv({ NODE_ENV: 'test', ...vars }));
      for (const call of [() => register.profile('69599084'), () => register.search('dagobert')]) {
        const error = await call().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(Problem);
        expect((error as Problem).getStatus()).toBe(503);
        expect((error as Problem).detail).toMatch(/Set KVK_API_URL .* and KVK_API_KEY/);
      }
    }
  });

  it('answers 503 when the register cannot be reached', async () => {
    const register = new KvkCompanyRegister(
      loadEnv({ NODE_ENV: 'test', KVK_API_URL: 'http://127.0.0.1:9', KVK_API_KEY: 'k' }),
      2000,
    );
    await expect(register.profile('69599084')).rejects.toMatchObject({
      detail: expect.stringMatching(/could not be reached/),
    });
  });

  it('maps a sparse profile with every field present', () => {
    expect(mapKvkProfile({ kvkNummer: '12345678', naam: 'Only A Name' })).toEqual({
      chamberOfCommerceNumber: '12345678',
      branchNumber: null,
      displayName: 'Only A Name',
      fullName: 'Only A Name',
      rsin: null,
      websites: [],
      companyType: null,
      employees: null,
      foundationDate: null,
      chamberOfCommerceRubricationCodes: [],
      addresses: [],
    });
    expect(mapKvkProfile({ kvkNummer: '12345678', formeleRegistratiedatum: '20200131' }).foundationDate).toBe(
      '2020-01-31',
    );
  });

  it('maps foreign addresses of search hits', () => {
    expect(
      mapKvkSearch({
        resultaten: [
          {
            kvkNummer: '1',
            naam: 'Abroad',
            adres: { buitenlandsAdres: { straatHuisnummer: 'Rue 1', postcodeWoonplaats: '1000 Bruxelles' } },
          },
        ],
      }),
    ).toEqual([
      {
        chamberOfCommerceNumber: '1',
        branchNumber: null,
        displayName: 'Abroad',
        kind: null,
        street: 'Rue 1',
        city: '1000 Bruxelles',
      },
    ]);
  });
});
