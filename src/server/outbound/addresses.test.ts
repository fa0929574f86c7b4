import { describe, expect, it } from 'vitest';
import { ipv6Bytes, isPublicAddress } from './addresses';

describe('isPublicAddress: only public unicast, in every spelling', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'not-an-address',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'allows %s',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it('reads IPv6 in full, compressed and dotted forms alike', () => {
    expect(ipv6Bytes('::ffff:127.0.0.1')).toEqual(ipv6Bytes('0:0:0:0:0:ffff:7f00:0001'));
    expect(ipv6Bytes('1::')).toEqual([0, 1, ...Array<number>(14).fill(0)]);
    expect(ipv6Bytes('127.0.0.1')).toBeNull();
  });
});
