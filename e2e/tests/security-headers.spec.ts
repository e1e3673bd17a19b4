import { expect, test } from '../fixtures.ts';

// Every route walked under the policy, signed out and signed in with a profile picture, with no
// violation: accessibility.spec.ts, whose walks load every route anyway (one walk, both checks).

test.describe('security headers', () => {
  test('every kind of response carries the policy and the other headers', async ({ request }) => {
    for (const path of ['/', '/blog', '/no-such-page', '/main.js', '/remotes.json', '/remotes/mfe-wizard/mf-manifest.json', '/api/health', '/api/auth/user']) {
      const response = await request.get(path);
      const headers = response.headers();
      expect([path, headers['content-security-policy']]).toEqual([path, expect.stringContaining("default-src 'self'")]);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toContain('unsafe-eval');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options']).toBe('DENY');
      // The test stack is plain http: no HSTS.
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  test('every process answers its operator-only status on its own port, never on the public origin', async ({ request, stack }) => {
    for (const name of ['gateway', 'auth', 'generation', 'billing', 'content'] as const) {
      const status = await (await request.get(`${stack.opsUrls[name]}/status`)).json();
      expect(status).toMatchObject({ process: name, ready: true, dependencies: expect.objectContaining({ postgres: expect.objectContaining({ ok: true }) }) });
    }
    const generation = await (await request.get(`${stack.opsUrls.generation}/status`)).json();
    expect(generation.ffmpeg).toEqual({ path: expect.stringMatching(/ffmpeg/), version: expect.any(String) });
    expect((await request.get('/api/ops/status')).status()).toBe(404);
  });
});
