import { Env } from '../../config/env';
import { serviceUnavailable } from '../../platform/http/problem';
import type { RegisteredAddress } from './company-register.dto';
import type {
  CompanyRegisterProvider,
  RegisterProfile,
  RegisterSearchHit,
} from './company-register.provider';

/** The parts of the KvK answers this adapter reads (Zoeken API v2, Basisprofiel API v1). */
interface KvkAddress {
  type?: string;
  volledigAdres?: string;
  straatnaam?: string;
  huisnummer?: number | string;
  huisletter?: string;
  huisnummerToevoeging?: string;
  postbusnummer?: number | string;
  postcode?: string;
  plaats?: string;
  land?: string;
}
interface KvkSearchAnswer {
  resultaten?: Array<{
    kvkNummer: string;
    vestigingsnummer?: string;
    naam: string;
    type?: string;
    adres?: {
      binnenlandsAdres?: KvkAddress;
      buitenlandsAdres?: { straatHuisnummer?: string; postcodeWoonplaats?: string };
    };
  }>;
}
interface KvkBranch {
  vestigingsnummer?: string;
  eersteHandelsnaam?: string;
  totaalWerkzamePersonen?: number;
  adressen?: KvkAddress[];
  websites?: string[];
}
interface KvkProfile {
  kvkNummer: string;
  naam?: string;
  statutaireNaam?: string;
  formeleRegistratiedatum?: string;
  materieleRegistratie?: { datumAanvang?: string };
  totaalWerkzamePersonen?: number;
  handelsnamen?: Array<{ naam: string; volgorde?: number }>;
  sbiActiviteiten?: Array<{ sbiCode: string; indHoofdactiviteit?: string }>;
  _embedded?: {
    hoofdvestiging?: KvkBranch;
    eigenaar?: { rsin?: string; rechtsvorm?: string; uitgebreideRechtsvorm?: string; websites?: string[] };
  };
}

const countries: Record<string, string> = {
  nederland: 'NL',
  belgië: 'BE',
  belgie: 'BE',
  duitsland: 'DE',
  frankrijk: 'FR',
  luxemburg: 'LU',
};

/** `20170308` → `2017-03-08`; anything else → null. */
const kvkDate = (v: string | undefined): string | null =>
  v && /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : null;

function toAddress(a: KvkAddress): RegisteredAddress {
  const postbox = a.postbusnummer != null && !a.straatnaam;
  const addition = [a.huisletter, a.huisnummerToevoeging].filter((x) => x && String(x).trim()).join(' ');
  return {
    type: a.type === 'postadres' ? 'Postal' : 'Visiting',
    street: postbox ? 'Postbus' : (a.straatnaam ?? null),
    houseNumber: postbox ? String(a.postbusnummer) : a.huisnummer != null ? String(a.huisnummer) : null,
    houseNumberAddition: addition || null,
    postalCode: a.postcode ?? null,
    city: a.plaats ?? null,
    region: null,
    countryCode: a.land ? (countries[a.land.trim().toLowerCase()] ?? null) : 'NL',
    fullAddress: a.volledigAdres ?? null,
  };
}

export function mapKvkProfile(p: KvkProfile): RegisterProfile {
  const branch = p._embedded?.hoofdvestiging;
  const owner = p._embedded?.eigenaar;
  const tradeNames = [...(p.handelsnamen ?? [])].sort((a, b) => (a.volgorde ?? 0) - (b.volgorde ?? 0));
  const activities = [...(p.sbiActiviteiten ?? [])].sort(
    (a, b) => (a.indHoofdactiviteit === 'Ja' ? -1 : 0) - (b.indHoofdactiviteit === 'Ja' ? -1 : 0),
  );
  return {
    chamberOfCommerceNumber: p.kvkNummer,
    branchNumber: branch?.vestigingsnummer ?? null,
    displayName: tradeNames[0]?.naam ?? branch?.eersteHandelsnaam ?? p.naam ?? p.kvkNummer,
    fullName: p.statutaireNaam ?? p.naam ?? null,
    rsin: owner?.rsin ?? null,
    websites: branch?.websites ?? owner?.websites ?? [],
    companyType: owner?.uitgebreideRechtsvorm ?? owner?.rechtsvorm ?? null,
    employees: p.totaalWerkzamePersonen ?? branch?.totaalWerkzamePersonen ?? null,
    foundationDate: kvkDate(p.materieleRegistratie?.datumAanvang) ?? kvkDate(p.formeleRegistratiedatum),
    chamberOfCommerceRubricationCodes: activities.map((a) => a.sbiCode),
    addresses: (branch?.adressen ?? []).map(toAddress),
  };
}

export function mapKvkSearch(answer: KvkSearchAnswer): RegisterSearchHit[] {
  return (answer.resultaten ?? []).map((r) => {
    const home = r.adres?.binnenlandsAdres;
    const abroad = r.adres?.buitenlandsAdres;
    return {
      chamberOfCommerceNumber: r.kvkNummer,
      branchNumber: r.vestigingsnummer ?? null,
      displayName: r.naam,
      kind: r.type ?? null,
      street: home?.straatnaam ?? abroad?.straatHuisnummer ?? null,
      city: home?.plaats ?? abroad?.postcodeWoonplaats ?? null,
    };
  });
}

/** A small in-memory cache with a time to live and a size bound (oldest entries leave first). */
class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
  ) {}
  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}

const notConfigured =
  'The company register is not configured. Set KVK_API_URL (the KvK API base URL, e.g. https://api.kvk.nl/api) and ' +
  'KVK_API_KEY (an API key from developers.kvk.nl) in the environment and restart the service.';

/**
 * The Dutch Chamber of Commerce (KvK): search (`GET {KVK_API_URL}/v2/zoeken`) and basic profile
 * (`GET {KVK_API_URL}/v1/basisprofielen/{kvkNummer}`), header `apikey`. Profiles are cached per
 * number for an hour (unknown numbers for five minutes), searches for five minutes.
 */
export class KvkCompanyRegister implements CompanyRegisterProvider {
  private readonly profiles = new TtlCache<RegisterProfile | null>(60 * 60_000);
  private readonly unknown = new TtlCache<true>(5 * 60_000);
  private readonly searches = new TtlCache<RegisterSearchHit[]>(5 * 60_000);

  constructor(
    private readonly env: Env,
    private readonly timeoutMs = 5000,
  ) {}

  async search(query: string): Promise<RegisterSearchHit[]> {
    const text = query.trim();
    const key = text.toLowerCase();
    const cached = this.searches.get(key);
    if (cached) return cached;
    const params: Record<string, string> = /^\d{8}$/.test(text) ? { kvkNummer: text } : { naam: text };
    const answer = await this.call<KvkSearchAnswer>('/v2/zoeken', { ...params, resultatenPerPagina: '20' });
    const hits = answer ? mapKvkSearch(answer) : [];
    this.searches.set(key, hits);
    return hits;
  }

  async profile(chamberOfCommerceNumber: string): Promise<RegisterProfile | null> {
    const cached = this.profiles.get(chamberOfCommerceNumber);
    if (cached) return cached;
    if (this.unknown.get(chamberOfCommerceNumber)) return null;
    const answer = await this.call<KvkProfile>(
      `/v1/basisprofielen/${encodeURIComponent(chamberOfCommerceNumber)}`,
    );
    if (!answer) {
      this.unknown.set(chamberOfCommerceNumber, true);
      return null;
    }
    const profile = mapKvkProfile(answer);
    this.profiles.set(chamberOfCommerceNumber, profile);
    return profile;
  }

  /** The JSON answer, or null for a 404 (and a 400 on search: the register rejects the query). */
  private async call<T>(path: string, params: Record<string, string> = {}): Promise<T | null> {
    const base = this.env.KVK_API_URL;
    const key = this.env.KVK_API_KEY;
    if (!base || !key) throw serviceUnavailable(notConfigured);
    const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { apikey: key, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw serviceUnavailable('The company register (KvK) did not answer in time or could not be reached.');
    }
    if (res.status === 404 || (res.status === 400 && path.startsWith('/v2/zoeken'))) {
      await res.body?.cancel();
      return null;
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw serviceUnavailable('The company register (KvK) refused the configured KVK_API_KEY.');
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw serviceUnavailable(`The company register (KvK) answered ${res.status}; try again later.`);
    }
    try {
      return (await res.json()) as T;
    } catch {
      throw serviceUnavailable('The company register (KvK) sent an answer that is not JSON.');
    }
  }
}
