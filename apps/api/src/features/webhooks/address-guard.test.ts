import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAddressAllowed } from './address-guard';
import { findUrlRefusal } from './endpoint-url';
import { sendWebhook } from './webhook-sender';

const strict = { allowLoopback: false, allowHttp: false };

describe('refused addresses (SSRF)', () => {
  it.each([
    ['127.0.0.1'],
    ['127.255.0.9'],
    ['0.0.0.0'],
    ['10.0.0.1'],
    ['10.255.255.255'],
    ['172.16.0.1'],
    ['172.31.255.1'],
    ['192.168.1.1'],
    ['100.64.0.1'],
    ['169.254.169.254'],
    ['::1'],
    ['::'],
    ['fc00::1'],
    ['fd00:ec2::254'],
    ['fe80::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:8.8.8.8'],
    ['::127.0.0.1'],
    ['64:ff9b::a00:1'],
    ['224.0.0.1'],
  ])('refuses %s', (address) => {
    expect(isAddressAllowed(address, strict)).toBe(false);
  });

  it('allows public addresses, and loopback only with the development setting', () => {
    expect(isAddressAllowed('93.184.216.34', strict)).toBe(true);
    expect(isAddressAllowed('2606:2800:220:1:248:1893:25c8:1946', strict)).toBe(true);
    expect(isAddressAllowed('172.32.0.1', strict)).toBe(true);
    expect(isAddressAllowed('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAddressAllowed('::1', { allowLoopback: true })).toBe(true);
    expect(isAddressAllowed('10.0.0.1', { allowLoopback: true })).toBe(false);
  });

  it.each([
    ['https://127.0.0.1/hook', 'address'],
    ['https://[::1]/hook', 'address'],
    ['https://10.1.2.3/hook', 'address'],
    ['https://169.254.169.254/latest/meta-data', 'address'],
    ['https://2130706433/hook', 'address'],
    ['https://0177.0.0.1/hook', 'address'],
    ['https://0x7f.1/hook', 'address'],
    ['https://017700000001/hook', 'address'],
    ['https://[::ffff:7f00:1]/hook', 'address'],
    ['https://localhost/hook', 'address'],
    ['https://localhost./hook', 'address'],
    ['https://api.localhost./hook', 'address'],
    ['https://intranet/hook', 'address'],
    ['https://intranet./hook', 'address'],
    ['http://hooks.example.com/in', 'scheme'],
    ['ftp://hooks.example.com/in', 'scheme'],
    ['https://user:pass@hooks.example.com/in', 'userinfo'],
  ])('refuses the URL %s (%s)', (url, reason) => {
    expect(findUrlRefusal(url, strict)).toBe(reason);
  });

  it('accepts a public https URL; http and loopback only with the development settings', () => {
    expect(findUrlRefusal('https://hooks.example.com/in?x=1', strict)).toBeNull();
    expect(findUrlRefusal('http://127.0.0.1:8080/in', { allowHttp: true, allowLoopback: true })).toBeNull();
    expect(findUrlRefusal('http://localhost:8080/in', { allowHttp: true, allowLoopback: true })).toBeNull();
    expect(findUrlRefusal('http://10.0.0.1/in', { allowHttp: true, allowLoopback: true })).toBe('address');
  });
});

describe('the resolved address is checked and pinned', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits += 1;
      request.resume();
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a name resolving to a private address, before connecting', async () => {
    const before = hits;
    const outcome = await sendWebhook(`http://hooks.example.com:${port}/in`, {}, '{}', {
      allowLoopback: false,
      resolve: async () => [{ address: '10.0.0.7', family: 4 }],
    });
    expect(outcome).toMatchObject({ error: 'refused_address', isDelivered: false, statusCode: null });
    expect(hits).toBe(before);
  });

  it('refuses a name with one private answer among public ones', async () => {
    const outcome = await sendWebhook(`http://hooks.example.com:${port}/in`, {}, '{}', {
      allowLoopback: true,
      resolve: async () => [
        { address: '127.0.0.1', family: 4 },
        { address: '192.168.0.10', family: 4 },
      ],
    });
    expect(outcome.error).toBe('refused_address');
  });

  it('connects to the address it checked: one resolution, even if the name would answer elsewhere next', async () => {
    const answers = ['127.0.0.1', '10.0.0.1'];
    let resolutions = 0;
    const outcome = await sendWebhook(`http://rebind.example.com:${port}/in`, {}, '{}', {
      allowLoopback: true,
      resolve: async () => {
        const address = answers[resolutions] ?? '10.0.0.1';
        resolutions += 1;
        return [{ address, family: 4 }];
      },
    });
    expect(outcome).toMatchObject({ statusCode: 200, isDelivered: true, excerpt: 'ok' });
    expect(resolutions).toBe(1);
  });

  it('refuses literal loopback without the development setting, never connecting', async () => {
    const before = hits;
    const outcome = await sendWebhook(`http://127.0.0.1:${port}/in`, {}, '{}', { allowLoopback: false });
    expect(outcome.error).toBe('refused_address');
    expect(hits).toBe(before);
  });
});
