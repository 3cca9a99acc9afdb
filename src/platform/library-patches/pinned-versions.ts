/**
 * The places where the service reaches into a library's internals for speed, each fenced
 * in one file of this folder and written against the version pinned here (and exactly in
 * package.json). `library-patches.spec.ts` fails when the installed version or the internal it
 * relies on changes: re-read the patch against the new version, then move the pin.
 */
export const pinnedVersions = {
  /** Emscripten's NODEFS streams without `fsync`, the `-F` start parameter: see pglite-fsync.ts. */
  '@electric-sql/pglite': '0.5.16',
  /** `getMetadataStorage().getTargetValidationMetadatas`: see class-validator-rule-lookups.ts. */
  'class-validator': '0.15.1',
  /** The replaceable static `Strategy.JwtVerifier`: see passport-jwt-verifier.ts. */
  'passport-jwt': '4.0.1',
  /** `PostgresDriver.prepareHydratedValue` (typeorm-hydration.ts), `where` vs `andWhere` (typeorm-scoped-where.ts). */
  typeorm: '1.1.1',
} as const;
