import { describe, expect, it } from '@jest/globals';
import { newSecret, sign, verify } from './signature';

describe('Standard Webhooks signature', () => {
  it('matches the specification example', () => {
    // The example of the Standard Webhooks specification (spec/standard-webhooks.md).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(sign(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('verifies its own signatures and refuses a changed body', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const header = sign(secret, 'id-1', 1700000000, '{"a":1}');
    expect(verify(secret, 'id-1', '1700000000', '{"a":1}', `v1,bogus ${header}`)).toBe(true);
    expect(verify(secret, 'id-1', '1700000000', '{"a":2}', header)).toBe(false);
    expect(verify(newSecret(), 'id-1', '1700000000', '{"a":1}', header)).toBe(false);
  });
});
