import type { RegisteredAddress } from './company-register.dto';

/** A search hit, before the workspace's own accounts are looked up. */
export interface RegisterSearchHit {
  chamberOfCommerceNumber: string;
  branchNumber: string | null;
  displayName: string;
  kind: string | null;
  street: string | null;
  city: string | null;
}

/** A company's basic profile, as any register answers it. */
export interface RegisterProfile {
  chamberOfCommerceNumber: string;
  branchNumber: string | null;
  displayName: string;
  fullName: string | null;
  rsin: string | null;
  websites: string[];
  companyType: string | null;
  employees: number | null;
  /** YYYY-MM-DD */
  foundationDate: string | null;
  chamberOfCommerceRubricationCodes: string[];
  addresses: RegisteredAddress[];
}

/**
 * A company register (Chamber of Commerce). One adapter per country's register; the Dutch KvK is
 * the one shipped. Failures are problems: 503 when not configured or not reachable, 404 when the
 * register does not know the number.
 */
export interface CompanyRegisterProvider {
  search(query: string): Promise<RegisterSearchHit[]>;
  /** The profile, or null when the register does not know the number. */
  profile(chamberOfCommerceNumber: string): Promise<RegisterProfile | null>;
}

export const COMPANY_REGISTER = Symbol('CompanyRegisterProvider');
