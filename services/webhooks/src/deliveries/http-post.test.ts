import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TargetPolicy } from '../endpoints/target-policy.js';
import { WebhookPoster } from './http-post.js';

/** The check at delivery time: the address connected to is the address checked, whatever was registered. */
describe('webhook POST (SSRF at delivery time)', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('in production refuses a name that resolves to loopback, IP literals of private ranges, and plain http, without connecting', async () => {
    const poster = new WebhookPoster(new TargetPolicy(false), 2_000);
    try {
      const outcomes = await Promise.all(
        [`https://localhost:${port}/hooks`, `https://127.0.0.1:${port}/hooks`, `https://[::ffff:127.0.0.1]:${port}/hooks`, 'https://10.1.2.3/hooks', `http://93.184.215.14/hooks`].map((url) =>
          poster.post(url, '{}', {}),
        ),
      );
      expect(outcomes.map((o) => [o.ok, o.statusCode])).toEqual(Array(5).fill([false, null]));
      expect(outcomes.map((o) => (o.ok ? '' : o.error))).toEqual([
        expect.stringMatching(/^refused: (127\.0\.0\.1|::1) is a loopback address$/),
        'refused: 127.0.0.1 is a loopback address',
        // The URL parser writes the mapped address in hex; it is still 127.0.0.1.
        'refused: ::ffff:7f00:1 is a loopback address',
        'refused: 10.1.2.3 is a private address',
        'refused: http: URL',
      ]);
      expect(hits).toBe(0);
    } finally {
      poster.close();
    }
  });

  it('in development connects through the same guarded lookup (a name) and reports the status', async () => {
    const poster = new WebhookPoster(new TargetPolicy(true), 2_000);
    try {
      expect(await poster.post(`http://localhost:${port}/hooks`, '{"a":1}', { 'x-test': '1' })).toEqual({ ok: true, statusCode: 204 });
      expect(hits).toBe(1);
      const linkLocal = await poster.post('http://169.254.169.254/latest/meta-data', '{}', {});
      expect(linkLocal).toEqual({ ok: false, statusCode: null, error: 'refused: 169.254.169.254 is a linkLocal address' });
    } finally {
      poster.close();
    }
  });
});
