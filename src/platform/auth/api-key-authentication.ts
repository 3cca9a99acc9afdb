import { Injectable } from '@nestjs/common';
import type { Principal } from './principal';

/** Checks a presented API key: what it stands for, or undefined (unknown, revoked, expired). */
export interface ApiKeyVerifier {
  /** The text every key starts with (`<prefix>_live_`): a bearer token that starts so is a key. */
  readonly prefix: string;
  verify(key: string): Promise<Principal | undefined>;
}

/**
 * The guard's way to API keys, which identity owns (the platform imports no context): identity
 * registers its verifier from its module's constructor, one per application.
 */
@Injectable()
export class ApiKeyAuthentication {
  private verifier?: ApiKeyVerifier;

  use(verifier: ApiKeyVerifier): void {
    this.verifier = verifier;
  }

  /**
   * The key a request presents: the `X-Api-Key` header, or an `Authorization: Bearer` token with
   * the key prefix; undefined when it presents none (a JWT, or nothing). Both headers at once is
   * ambiguous: answered as an invalid key.
   */
  presented(headers: Record<string, string | string[] | undefined>): string | undefined {
    if (!this.verifier) return undefined;
    const header = headers['x-api-key'];
    const authorization = headers.authorization;
    if (header !== undefined) return typeof header === 'string' && authorization === undefined ? header : '';
    if (typeof authorization !== 'string') return undefined;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match && match[1].startsWith(this.verifier.prefix) ? match[1] : undefined;
  }

  verify(key: string): Promise<Principal | undefined> {
    return key && this.verifier ? this.verifier.verify(key) : Promise.resolve(undefined);
  }
}
