import pg from 'pg';
import { Client as S3Client } from 'minio';
import { expect, test } from '../fixtures.ts';

/** The gateway's HTTP surface over the real stack: services on NATS, PostgreSQL, the S3 server. */
test.describe('gateway API', () => {
  test("readiness names the gateway's own connections; the operator view shows every service up", async ({ request, stack }) => {
    const response = await request.get('/api/ready');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', checks: { postgres: { status: 'up' }, nats: { status: 'up' } } });
    const status = await (await request.get(`${stack.opsUrls.gateway}/status`)).json();
    expect(status.dependencies.objectStore).toMatchObject({ ok: true });
    expect(Object.keys(status.services).sort()).toEqual(['auth', 'billing', 'content', 'generation']);
    expect(Object.values(status.services).every((service) => (service as { ok: boolean }).ok)).toBe(true);
  });

  test('published blog posts come from the content service, newest first, paginated', async ({ request, stack }) => {
    const client = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query('delete from content.blog_post');
      await client.query(`insert into content.blog_post (title, slug, excerpt, body, published_at) values
        ('First', 'first', 'One', 'Body', now() - interval '2 days'),
        ('Second', 'second', 'Two', 'Body', now() - interval '1 day'),
        ('Draft', 'draft', 'Three', 'Body', null)`);
      const response = await request.get('/api/blog/posts?published=true&pageSize=1');
      expect(response.status()).toBe(200);
      expect(response.headers()['x-total-count']).toBe('2');
      expect((await response.json()).map((post: { slug: string }) => post.slug)).toEqual(['second']);
      const bad = await request.get('/api/blog/posts?page=0');
      expect(bad.status()).toBe(400);
      expect((await bad.json()).message).toBe('page must be 1 or more');
    } finally {
      await client.query('delete from content.blog_post');
      await client.end();
    }
  });

  test('plans come from the billing service', async ({ request }) => {
    const plans = await (await request.get('/api/stripe/plans')).json();
    expect(plans.map((plan: { name: string; interval: string }) => [plan.name, plan.interval])).toEqual([
      ['Premium', 'month'],
      ['Extra Generations', 'once'],
    ]);
  });

  test('unknown API paths answer JSON 404', async ({ request }) => {
    const response = await request.post('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });

  test('media come from the store with byte ranges for seeking, and private objects stay hidden', async ({ request, stack }) => {
    const endpoint = new URL(stack.env.S3_ENDPOINT);
    const s3 = new S3Client({
      endPoint: endpoint.hostname,
      port: Number(endpoint.port),
      useSSL: false,
      accessKey: stack.env.S3_ACCESS_KEY,
      secretKey: stack.env.S3_SECRET_KEY,
      pathStyle: true,
    });
    const bytes = Buffer.from('0123456789abcdefghij');
    await s3.putObject(stack.env.S3_BUCKET, 'public/tests/range.bin', bytes, bytes.length, { 'Content-Type': 'video/mp4' });
    await s3.putObject(stack.env.S3_BUCKET, 'users/someone/audio/1.mp3', bytes, bytes.length, { 'Content-Type': 'audio/mpeg' });

    // The gateway checks access and redirects to the store, which sends the bytes (S3_PUBLIC_URL).
    const redirect = await request.get('/api/media/public/tests/range.bin', { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(new URL(redirect.headers()['location']).origin).toBe(endpoint.origin);

    const whole = await request.get('/api/media/public/tests/range.bin');
    expect(whole.status()).toBe(200);
    expect(whole.headers()['accept-ranges']).toBe('bytes');
    expect(whole.headers()['content-type']).toBe('video/mp4');
    expect((await whole.body()).toString()).toBe('0123456789abcdefghij');

    const part = await request.get('/api/media/public/tests/range.bin', { headers: { Range: 'bytes=5-9' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe('bytes 5-9/20');
    expect((await part.body()).toString()).toBe('56789');

    const beyond = await request.get('/api/media/public/tests/range.bin', { headers: { Range: 'bytes=50-' } });
    expect(beyond.status()).toBe(416); // the gateway's own streaming answer also names the size (gateway.int-spec.ts)

    expect((await request.get('/api/media/users/someone/audio/1.mp3')).status()).toBe(404);
    expect((await request.get('/api/media/public/tests/missing.bin')).status()).toBe(404);
  });

  test('every response carries a request id, kept from the caller when given', async ({ request }) => {
    const response = await request.get('/api/health', { headers: { 'x-request-id': 'e2e-trace-1' } });
    expect(response.headers()['x-request-id']).toBe('e2e-trace-1');
    expect((await request.get('/api/health')).headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('OpenAPI docs are served', async ({ request }) => {
    const response = await request.get('/api/docs-json');
    expect(response.status()).toBe(200);
    expect(Object.keys((await response.json()).paths)).toEqual(expect.arrayContaining(['/api/blog/posts', '/api/stripe/plans', '/api/ready']));
  });
});
