/*
 * The postal address every context stores and answers (accounts, contacts, the company register,
 * locations, orders), as jsonb read and written whole. Contexts extend it where they keep more
 * (a contact's label, an order's recipient name); none writes its own.
 */

/** The lines every address has; null when absent. */
export interface AddressLines {
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
  region: string | null;
}

/** An address with its country as given (an ISO 3166-1 alpha-2 code by convention). */
export interface Address extends AddressLines {
  country: string | null;
}

/** The stored form of an address body: every member present, null when absent. */
export const addressOf = (a: Partial<Address> | null | undefined): Address | null =>
  a
    ? {
        street: a.street ?? null,
        houseNumber: a.houseNumber ?? null,
        postalCode: a.postalCode ?? null,
        city: a.city ?? null,
        region: a.region ?? null,
        country: a.country ?? null,
      }
    : null;
