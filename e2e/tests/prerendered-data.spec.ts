import pg from 'pg';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn, submitProviderLogin } from '../support/sign-in.ts';

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A published post written straight into the database, as blog.spec does. */
async function insertPost(databaseUrl: string, title: string, body = '## What changed\n\nThe queue is faster now.'): Promise<string> {
  const slug = unique('e2e-prerendered-');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`insert into content.blog_post (title, slug, excerpt, body, author, published_at) values ($1, $2, $3, $4, 'Lipcast Team', now())`, [
      title,
      slug,
      `What ${title} is about.`,
      body,
    ]);
  } finally {
    await client.end();
  }
  return slug;
}

/** A gallery influencer made and published by a signed-in owner (as gallery.spec does); its name. */
async function publishInfluencer(owner: Page): Promise<{ id: number; name: string }> {
  const image = await (await owner.request.post('/api/ai-influencer/image', { data: { prompt: 'a smiling chess coach in a park', size: '640x720' } })).json();
  expect((await owner.request.post(`/api/ai-influencer/video?projectId=${image.id}`, { data: { image: image.url } })).status()).toBe(200);
  const name = `Coach ${image.id} ${unique('')}`;
  expect((await owner.request.post(`/api/ai-influencer/projects/${image.id}/publish`, { data: { consent: true, name } })).status()).toBe(200);
  return { id: image.id, name };
}

/** The HTML a visitor (no cookie) is served for a path, checked to be the prerendered page without the app's scripts. */
async function visitorHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<div id="prerendered">');
  expect(html).toContain('<script defer src="/visitor-boot.js" data-boot="');
  expect(html).not.toMatch(/<script defer(="defer")? src="\/main\.js">/);
  return html;
}

test.describe('prerendered pages with their data', () => {
  test('a visitor gets /blog, a post and /user-influencers with their posts, cards and meta tags in the HTML; the sitemap lists them', async ({ page, playwright, baseURL, stack }) => {
    const title = `Prerendered guide ${unique('')}`;
    const slug = await insertPost(stack.env.DATABASE_URL, title, '## Step one\n\nWrite a <script>short</script> script.');
    await signIn(page, unique('owner'));
    const influencer = await publishInfluencer(page);
    const visitor = await playwright.request.newContext({ baseURL });

    const blog = await visitorHtml(visitor, '/blog');
    expect(blog).toContain('<h1 class="scroll-mt-20 text-3xl font-bold tracking-tight text-slate-900">Lipcast Blog</h1>');
    expect(blog).toContain(`href="/blog/${slug}" data-discover="true">${title}</a>`);
    expect(blog).toContain(`What ${title} is about.`);
    expect(blog).toContain(`<link rel="canonical" href="${baseURL}/blog">`);

    const post = await visitorHtml(visitor, `/blog/${slug}`);
    expect(post).toContain(`>${title}</h1>`);
    expect(post).toContain('<h2 class="pt-4 text-xl font-semibold text-slate-900">Step one</h2>');
    // The body is text, as the app shows it: its markup is escaped, never run.
    expect(post).toContain('Write a &lt;script&gt;short&lt;/script&gt; script.');
    expect(post).toContain(`<title>${title} | Lipcast</title>`);
    expect(post).toContain(`<meta property="og:title" content="${title} | Lipcast">`);
    expect(post).toContain('<meta property="og:type" content="article">');
    expect(post).toContain(`<meta name="twitter:description" content="What ${title} is about.">`);
    expect(post).toContain(`<link rel="canonical" href="${baseURL}/blog/${slug}">`);
    const article = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(post)![1]) as Record<string, unknown>;
    expect(article).toMatchObject({ '@type': 'Article', headline: title, mainEntityOfPage: `${baseURL}/blog/${slug}` });
    expect((await visitor.get('/blog/no-such-post')).status()).toBe(404);

    const gallery = await visitorHtml(visitor, '/user-influencers');
    expect(gallery).toContain('User Generated Influencers</h1>');
    expect(gallery).toContain(`aria-label="Report ${influencer.name}"`);
    // The visitor's view: no item is marked as the caller's own.
    expect(gallery).not.toContain('aria-label="Delete ');

    const sitemap = await (await visitor.get('/sitemap.xml')).text();
    for (const path of ['/', '/blog', '/user-influencers', `/blog/${slug}`]) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
    expect(await (await visitor.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    await visitor.dispose();
  });

  test("a post published in the console is in /blog's HTML on the next request; an unpublished gallery item is gone from /user-influencers's", async ({ page: operator, browser, playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    // An operator: the stack's dev identity provider puts usernames starting with "admin" in the operators' group.
    await signIn(operator, unique('admin-blog'));
    const title = `Console post ${unique('')}`;
    expect(await visitorHtml(visitor, '/blog')).not.toContain(title);
    await operator.goto('/admin');
    await operator.getByRole('tab', { name: 'Posts' }).click();
    await operator.getByRole('button', { name: 'New post' }).click();
    await operator.getByLabel('Title', { exact: true }).fill(title);
    await operator.getByLabel('Excerpt', { exact: true }).fill('Published from the console.');
    await operator.getByLabel('Body (Markdown)').fill('## Changes\n\nThe queue is faster now.');
    await operator.getByLabel('Publish now').check();
    await operator.getByRole('button', { name: 'Save post' }).click();
    await expect(operator.getByText('Post published').first()).toBeVisible();
    expect(await visitorHtml(visitor, '/blog')).toContain(`>${title}</a>`);

    const owner = await browser.newPage({ baseURL });
    await signIn(owner, unique('owner'));
    const influencer = await publishInfluencer(owner);
    expect(await visitorHtml(visitor, '/user-influencers')).toContain(`aria-label="Report ${influencer.name}"`);
    expect((await owner.request.post(`/api/ai-influencer/projects/${influencer.id}/unpublish`)).status()).toBe(200);
    expect(await visitorHtml(visitor, '/user-influencers')).not.toContain(influencer.name);
    await owner.close();
    await visitor.dispose();
  });

  test('a visitor goes from a prerendered post into the signed-in app with no console error and no layout shift over 0.05', async ({ page, stack, consoleErrors }) => {
    const title = `Shift-free post ${unique('')}`;
    const slug = await insertPost(stack.env.DATABASE_URL, title);
    // Every layout shift, counted from the start of each page, even right after an input.
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { layoutShift: typeof shifts }).layoutShift = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.total += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const layoutShift = () => page.evaluate(() => (window as unknown as { layoutShift: { total: number } }).layoutShift.total);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto(`/blog/${slug}`, { waitUntil: 'load' });
    expect(scripts).toEqual(['/visitor-boot.js']);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('#prerendered')).toHaveCount(1);

    // Scrolling starts the app, which takes the static copy's place showing the same post.
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 200);
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up to try it' })).toBeVisible();
    expect(await layoutShift()).toBeLessThanOrEqual(0.05);

    await page.getByRole('link', { name: 'Sign up to try it' }).click();
    const username = unique('reader');
    await submitProviderLogin(page, username);
    await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${username}`, 'i') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await layoutShift()).toBeLessThanOrEqual(0.05);
    expect(consoleErrors).toEqual([]);
  });
});
