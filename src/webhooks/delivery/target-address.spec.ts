import { describe, expect, it } from '@jest/globals';
import { isPublicAddress, resolveTarget, TargetRefused } from './target-address';

describe('webhook target addresses', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:a9fe:a9fe]',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fd00::1',
    'fc00::5',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '::ffff:0:127.0.0.1', // IPv4-translated
    '::ffff:0:7f00:1',
    '::ffff:0:8.8.8.8', // translated: refused whole
    '::127.0.0.1', // IPv4-compatible
    '64:ff9b::10.0.0.1', // NAT64
    '64:ff9b:1::a9fe:a9fe',
    '64:ff9b::8.8.8.8', // NAT64: refused whole
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    '2002:0808:0808::1', // 6to4: refused whole
    '0:0:0:0:0:ffff:7f00:1',
    '::FFFF:7F00:1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '[2a00:1450:4001::200e]'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('checks every address a name resolves to', async () => {
    const lookup = (
      _h: string,
      _o: unknown,
      cb: (e: null, a: { address: string; family: number }[]) => void,
    ) =>
      cb(null, [
        { address: '93.184.215.14', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ]);
    await expect(resolveTarget('rebind.example', false, lookup)).rejects.toBeInstanceOf(TargetRefused);
    await expect(resolveTarget('rebind.example', true, lookup)).resolves.toHaveLength(2);
  });

  it('refuses a name that does not resolve', async () => {
    const lookup = (_h: string, _o: unknown, cb: (e: NodeJS.ErrnoException, a: never[]) => void) =>
      cb(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }), []);
    await expect(resolveTarget('nowhere.invalid', false, lookup)).rejects.toThrow(/does not resolve/);
  });
});
