/**
 * Who may create a shopper account (client login) in the storefront: nobody (`Off`, the default;
 * Admins create client logins), holders of an invitation an Admin sent (`InviteOnly`), or anyone
 * (`Open`, with email verification).
 */
export const shopperRegistrations = ['Off', 'InviteOnly', 'Open'] as const;
export type ShopperRegistration = (typeof shopperRegistrations)[number];
