import pg from 'pg';
import { expect, test } from '../fixtures.ts';

test.describe('blog', () => {
  test('lists the published posts as cards that open a readable post, and signs up for the newsletter', async ({ page, stack }) => {
    // Its own posts: other suites may empty the table.
    const client = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await client.connect();
    const slugs = [1, 2, 3].map((index) => `e2e-guide-${Date.now()}-${index}`);
    for (const [index, slug] of slugs.entries()) {
      await client.query(
        `insert into content.blog_post (title, slug, excerpt, body, author, published_at) values ($1, $2, $3, $4, 'Lipcast Team', now() - make_interval(mins => $5))`,
        [`Guide ${index + 1}`, slug, `What guide ${index + 1} is about.`, `# Guide ${index + 1}\n\nA useful paragraph.`, index],
      );
    }
    await client.end();
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Lipcast Blog' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    await cards.first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Lipcast Blog');
    expect(new URL(page.url()).pathname).toMatch(/^\/blog\/[\w-]+$/);
    await expect(page).toHaveTitle(/ \| Lipcast$/);

    // The served page of a post carries its own title for crawlers; an unknown post is a 404.
    const served = await page.request.get(`/blog/${slugs[0]}`);
    expect(served.status()).toBe(200);
    expect(await served.text()).toContain('<title>Guide 1 | Lipcast</title>');
    expect((await page.request.get('/blog/no-such-post')).status()).toBe(404);

    await page.goto('/blog');
    const email = `reader-${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText(`Check your inbox: we sent a confirmation link to ${email}.`).first()).toBeVisible();
  });

  test('a card shows at most three lines of a long excerpt', async ({ page, stack }) => {
    const title = `Long excerpt ${Date.now()}`;
    const excerpt = Array.from({ length: 12 }, (_, index) => `Sentence ${index + 1} of an excerpt far too long for a card.`).join(' ');
    const client = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await client.connect();
    await client.query(
      `insert into content.blog_post (title, slug, excerpt, body, author, published_at) values ($1, $2, $3, '# Long\n\nBody.', 'Lipcast Team', now())`,
      [title, `e2e-long-excerpt-${Date.now()}`, excerpt],
    );
    await client.end();

    await page.goto('/blog');
    const shown = page.getByRole('article').filter({ hasText: title }).getByText(excerpt);
    await expect(shown).toBeVisible();
    const layout = await shown.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    }));
    expect(layout.lineHeight).toBeGreaterThan(0); // a length, not "normal"
    expect(layout.height).toBeLessThanOrEqual(3 * layout.lineHeight + 1);
    expect(layout.height).toBeGreaterThanOrEqual(3 * layout.lineHeight - 1); // three full lines, not fewer
    expect(layout.scrollHeight).toBeGreaterThan(layout.clientHeight); // the rest of the text is there, cut off
  });

  test('says so when there are no posts', async ({ page, stack }) => {
    const client = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query('select id, published_at from content.blog_post');
    try {
      await client.query('update content.blog_post set published_at = null');
      await page.goto('/blog');
      await expect(page.getByText('No blog posts found. Check back soon for new content!')).toBeVisible();
    } finally {
      for (const row of rows) await client.query('update content.blog_post set published_at = $2 where id = $1', [row.id, row.published_at]);
      await client.end();
    }
  });
});
