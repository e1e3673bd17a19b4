import { expect, test } from '../fixtures.ts';

test.describe('landing page', () => {
  test('shows its sections with muted sample videos, six questions, and highlights the section in view', async ({ page, consoleErrors }) => {
    // A visitor downloads no billing code: the paywall loads on the first payment request only.
    const billingFiles: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/remotes/mfe-billing/')) billingFiles.push(request.url());
    });
    await page.goto('/');
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('link')).toHaveText(['Create Your Influencer', 'Three-Step Process', 'Get Started']);

    const hero = page.getByRole('group', { name: 'Sample videos' }).locator('video');
    await expect(hero).toHaveCount(3);
    for (const video of await hero.all()) {
      expect(await video.evaluate((element: HTMLVideoElement) => ({ muted: element.muted, loop: element.loop }))).toEqual({ muted: true, loop: true });
    }
    expect((await page.request.get(await hero.first().getAttribute('src') as string)).headers()['content-type']).toBe('video/mp4');

    await expect(page.getByRole('heading', { name: 'Why creators use Lipcast' })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="benefits-title"] li')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Three steps to a talking video' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'UGC without the waiting' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'From text to influencer' })).toBeVisible();

    const examples = page.locator('section[aria-labelledby="examples-title"] video');
    await expect(examples).toHaveCount(2);
    expect(await examples.evaluateAll((videos) => videos.map((video) => (video as HTMLVideoElement).muted))).toEqual([true, true]);
    // The first button pressed on the prerendered page starts the app, which takes the press over.
    await page.getByRole('button', { name: 'Unmute' }).first().click();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect.poll(() => examples.first().evaluate((video: HTMLVideoElement) => video.muted)).toBe(false);

    await expect(page.locator('section[aria-labelledby="features-title"] h3')).toHaveCount(3);
    const questions = page.locator('section[aria-labelledby="faq-title"] button[aria-expanded]');
    await expect(questions).toHaveCount(6);
    await questions.nth(2).click();
    await expect(page.getByText('Three. Premium gives you 60 videos a month')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' }).last()).toHaveAttribute('href', '/ai-influencer');

    await sections.getByRole('link', { name: 'Three-Step Process' }).click();
    await expect(sections.getByRole('link', { name: 'Three-Step Process' })).toHaveAttribute('aria-current', 'true');
    expect(consoleErrors).toEqual([]);
    expect(billingFiles).toEqual([]);
  });

  test('a visitor gets the page prerendered, with at most 120 KB of JavaScript before it loads and none of the app', async ({ page, consoleErrors }) => {
    const scripts: { url: string; bytes: Promise<number> }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push({ url: new URL(request.url()).pathname, bytes: request.sizes().then((sizes) => sizes.responseBodySize) });
    });
    const response = await page.goto('/', { waitUntil: 'load' });
    const beforeLoad = [...scripts];
    expect(response?.headers()['content-encoding']).toBe('br');
    const bytes = (await Promise.all(beforeLoad.map((script) => script.bytes))).reduce((sum, size) => sum + size, 0);
    expect(beforeLoad.map((script) => script.url).sort()).toEqual(['/remotes/mfe-content/static-samples.js', '/visitor-boot.js']);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(120 * 1024);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lip-synced AI videos from a script');
    await expect(page.locator('#root')).toBeHidden();

    // Focus is an interaction: the app starts, shows the same page and keeps the focus where it was.
    await page.keyboard.press('Tab');
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.locator('#root')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lip-synced AI videos from a script');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused(); // the first Tab stop (issue 37, item 6)
    expect(scripts.map((script) => script.url)).toContain('/main.js');
    expect(consoleErrors).toEqual([]);
  });

  test("a visitor sees the lead sample's poster before the sample list loads, then every video over its poster, in boxes that keep their size", async ({ page, consoleErrors }) => {
    // The list is held back: the lead poster, the page's largest paint, must not wait for it.
    let releaseSamples = () => {};
    const samplesHeld = new Promise<void>((resolve) => (releaseSamples = resolve));
    await page.route('**/api/samples', async (route) => {
      await samplesHeld;
      await route.continue();
    });
    await page.goto('/');
    const staticPage = page.locator('#prerendered');
    await expect(staticPage.locator('link[rel="preload"][as="image"]')).toHaveAttribute('type', 'image/avif');
    const leadBox = staticPage.locator('[data-sample-slot="hero:0"]');
    const leadPoster = leadBox.locator('picture img');
    // Drawn: the AVIF at the width the box needs (a 405-pixel box on this 1280-pixel page takes the 640 one).
    await expect.poll(() => leadPoster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await leadPoster.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/api\/media\/public\/samples\/hero-1-poster-640-v1\.avif$/);
    const boxSizeBefore = await leadBox.boundingBox();

    releaseSamples();
    const videos = staticPage.locator('[data-sample-slot] video');
    await expect(videos).toHaveCount(5);
    expect(await videos.evaluateAll((all) => all.map((video) => [video.getAttribute('preload'), /-poster-640-v1\.webp$/.test(video.getAttribute('poster') ?? '')]))).toEqual(
      Array.from({ length: 5 }, () => ['metadata', true]),
    );
    await expect(staticPage.locator('[data-sample-slot] picture')).toHaveCount(5);
    expect(await leadBox.boundingBox()).toEqual(boxSizeBefore);

    for (const [format, type] of [['avif', 'image/avif'], ['webp', 'image/webp']]) {
      const poster = await page.request.get(`/api/media/public/samples/hero-2-poster-320-v1.${format}`);
      expect([poster.status(), poster.headers()['content-type'], poster.headers()['cache-control']]).toEqual([200, type, 'public, max-age=86400']);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('the login button says "Redirecting..." and is disabled while sign-in starts', async ({ page }) => {
    await page.goto('/');
    // The sign-in request is seen and answered 204 (a browser stays on the page), so the button's state shows.
    const signInRequests: string[] = [];
    await page.route('**/api/login**', async (route) => {
      signInRequests.push(route.request().url());
      await route.fulfill({ status: 204 });
    });
    await page.getByRole('button', { name: 'Log in or Sign Up' }).click();
    await expect(page.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
    await expect.poll(() => signInRequests.length).toBe(1);
    expect(signInRequests[0]).toMatch(/\/api\/login\?returnTo=%2F$/);
  });
});
