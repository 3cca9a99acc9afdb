/** Injection token of the JWT signing secret (see resolveJwtSecret). */
export const JWT_SECRET = Symbol('JWT_SECRET');
