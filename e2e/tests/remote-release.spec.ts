import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { ROOT, type Stack } from '@lipcast/tools/lib/stack.ts';
import { expect, test } from '../fixtures.ts';

/**
 * Issue 21, "Versioned remotes with runtime release and rollback": mfe-content's build is published
 * as versions, released and rolled back with `npm run remote` while the stack runs; each change
 * shows on the next page load, with nothing restarted or rebuilt. Versions 1.0.0 and 2.0.0 are the
 * same build, told apart by the addresses the browser loads them from.
 */
const BLOG_HEADING = { level: 1, name: 'Lipcast Blog' } as const;

const run = promisify(execFile);

/**
 * The operator's command, as they type it (`npm run remote -- …`) beside a running stack: with no NATS
 * or object-store variables set, it finds this stack's (on random ports) through its stack file.
 */
async function remoteCommand(stack: Stack, ...args: string[]): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NATS_URL' && !name.startsWith('S3_')));
  const { stdout } = await run('npm', ['run', '--silent', 'remote', '--', ...args], { cwd: ROOT, env: { ...env, LIPCAST_STACK_FILE: stack.stackFile, REMOTE_OPERATOR: 'e2e' } });
  return stdout;
}

/** Where `/remotes.json` points mfe-content (polled: the gateway reuses the registry's answer for up to a second). */
const contentManifestUrl = async (page: Page) => ((await (await page.request.get('/remotes.json')).json()) as Record<string, string>).mfe_content;

/** Opens the blog and answers the mfe-content files the browser requested. */
async function openBlog(page: Page): Promise<string[]> {
  const requested: string[] = [];
  const listener = (request: { url(): string }) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/remotes/mfe-content/')) requested.push(path);
  };
  page.on('request', listener);
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  return requested;
}

test.describe.configure({ mode: 'serial' });

test.describe('versioned remotes', () => {
  let brokenBuild: string;

  test.beforeAll(() => {
    // A release whose manifest is missing (404): the build without its mf-manifest.json.
    brokenBuild = mkdtempSync(join(tmpdir(), 'lipcast-broken-remote-'));
    cpSync(join(ROOT, 'mfe-content/dist'), brokenBuild, { recursive: true });
    rmSync(join(brokenBuild, 'mf-manifest.json'));
  });

  test.afterAll(async ({ stack }) => {
    rmSync(brokenBuild, { recursive: true, force: true });
    // Later specs on this stack get mfe-content's own build again.
    const client = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await client.connect();
    await client.query('delete from content.remote_release');
    await client.query('delete from content.remote_version');
    await client.end();
  });

  test('release, rollback, and a broken release contained to its routes', async ({ page, stack }) => {
    test.setTimeout(180_000);
    expect(await contentManifestUrl(page)).toBe('/remotes/mfe-content/mf-manifest.json');

    expect(await remoteCommand(stack, 'publish', 'mfe-content', '1.0.0')).toMatch(/^published mfe-content 1\.0\.0: \d+ files/);
    expect(await remoteCommand(stack, 'publish', 'mfe-content', '2.0.0')).toMatch(/^published mfe-content 2\.0\.0/);
    // Immutable: the same version again is refused, and says why.
    await expect(remoteCommand(stack, 'publish', 'mfe-content', '2.0.0')).rejects.toMatchObject({ stderr: expect.stringContaining('mfe-content 2.0.0 is already published') });
    // Only what was published can go live.
    await expect(remoteCommand(stack, 'release', 'mfe-content', '9.9.9')).rejects.toMatchObject({ stderr: expect.stringContaining('mfe-content 9.9.9 is not published') });

    // Release v2: the shell loads mfe-content from 2.0.0's folder.
    expect(await remoteCommand(stack, 'release', 'mfe-content', '1.0.0')).toContain('mfe-content 1.0.0 is live');
    expect(await remoteCommand(stack, 'release', 'mfe-content', '2.0.0')).toContain('mfe-content 2.0.0 is live');
    await expect.poll(() => contentManifestUrl(page)).toBe('/remotes/mfe-content/v/2.0.0/mf-manifest.json');
    let requested = await openBlog(page);
    await expect(page.getByRole('heading', BLOG_HEADING)).toBeVisible();
    expect(requested).toContain('/remotes/mfe-content/v/2.0.0/mf-manifest.json');
    expect(requested).toContain('/remotes/mfe-content/v/2.0.0/remoteEntry.js');
    expect(requested.filter((path) => !path.startsWith('/remotes/mfe-content/v/2.0.0/'))).toEqual([]);
    // Hashed chunks are kept forever, the manifest never.
    const chunk = requested.find((path) => /\.[0-9a-f]{8,}\.js$/.test(path))!;
    expect((await page.request.get(chunk)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await page.request.get('/remotes/mfe-content/v/2.0.0/mf-manifest.json')).headers()['cache-control']).toBe('no-cache');

    // Roll back: 1.0.0 again on the next page load, no restart.
    expect(await remoteCommand(stack, 'rollback', 'mfe-content')).toContain('mfe-content 1.0.0 is live again');
    await expect.poll(() => contentManifestUrl(page)).toBe('/remotes/mfe-content/v/1.0.0/mf-manifest.json');
    requested = await openBlog(page);
    await expect(page.getByRole('heading', BLOG_HEADING)).toBeVisible();
    expect(requested).toContain('/remotes/mfe-content/v/1.0.0/remoteEntry.js');
    expect(requested.filter((path) => !path.startsWith('/remotes/mfe-content/v/1.0.0/'))).toEqual([]);

    // A broken release (its manifest 404s): only mfe-content's routes fail, contained, with Retry.
    expect(await remoteCommand(stack, 'publish', 'mfe-content', '3.0.0', '--dist', brokenBuild)).toMatch(/published mfe-content 3\.0\.0/);
    await remoteCommand(stack, 'release', 'mfe-content', '3.0.0');
    await expect.poll(() => contentManifestUrl(page)).toBe('/remotes/mfe-content/v/3.0.0/mf-manifest.json');
    expect((await page.request.get('/remotes/mfe-content/v/3.0.0/mf-manifest.json')).status()).toBe(404);
    await page.goto('/blog');
    const failure = page.getByRole('alert').filter({ hasText: /could not be loaded/i });
    await expect(failure).toBeVisible();
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();

    // Rolling back heals it: 1.0.0 (2.0.0 was withdrawn before), with Retry on the page still open, and on the next load.
    await page.goto('/blog');
    await expect(failure).toBeVisible();
    expect(await remoteCommand(stack, 'rollback', 'mfe-content')).toContain('mfe-content 1.0.0 is live again');
    await expect.poll(() => contentManifestUrl(page)).toBe('/remotes/mfe-content/v/1.0.0/mf-manifest.json');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', BLOG_HEADING)).toBeVisible();
    await page.goto('/blog');
    await expect(page.getByRole('heading', BLOG_HEADING)).toBeVisible();

    const listing = await remoteCommand(stack, 'list', 'mfe-content');
    expect(listing).toContain('mfe-content: live 1.0.0');
    expect(listing).toContain('published: 3.0.0, 2.0.0, 1.0.0');
    // No earlier release than the first: the command says so.
    await expect(remoteCommand(stack, 'rollback', 'mfe-content')).rejects.toMatchObject({ stderr: expect.stringContaining('mfe-content has no earlier release to roll back to: 1.0.0 is its first') });
  });
});
