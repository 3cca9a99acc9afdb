import { describe, expect, it } from '@jest/globals';
import { errorClassOf } from './sender';
import { TargetRefused } from './target-address';

const failure = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('errorClassOf', () => {
  it('names why a request got no answer', () => {
    expect(errorClassOf(failure('ECONNREFUSED'))).toBe('ConnectionRefused');
    expect(errorClassOf(failure('ECONNRESET'))).toBe('ConnectionReset');
    expect(errorClassOf(failure('', 'socket hang up'))).toBe('ConnectionReset');
    expect(errorClassOf(failure('ENOTFOUND'))).toBe('DnsFailure');
    expect(errorClassOf(failure('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe('TlsError');
    expect(errorClassOf(failure('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('TlsError');
    expect(errorClassOf(failure('ETIMEDOUT'))).toBe('Timeout');
    expect(errorClassOf(failure('EHOSTUNREACH'))).toBe('NetworkError');
  });

  it('tells a refused target from a name that does not resolve', () => {
    expect(errorClassOf(new TargetRefused('10.0.0.1 is not a public address'))).toBe('RefusedTarget');
    expect(errorClassOf(new TargetRefused('nowhere.invalid does not resolve (ENOTFOUND)'))).toBe(
      'DnsFailure',
    );
  });
});
