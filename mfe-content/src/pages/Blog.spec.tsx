import { fireEvent, screen, within } from '@testing-library/react';
import type { BlogPost, BlogPostDetail } from '@lipcast/contracts';
import { accountUser, callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import Blog from './Blog';

const POSTS: BlogPost[] = [
  {
    id: 2,
    title: 'Choosing a voice and an emotion',
    slug: 'choosing-a-voice-and-an-emotion',
    excerpt: 'The built-in voices and the seven emotions.',
    featuredImage: null,
    publishedAt: '2026-11-22T12:00:00.000Z',
    createdAt: '2026-11-01T12:00:00.000Z',
    author: 'Lipcast Team',
  },
  {
    id: 1,
    title: 'A draft preview',
    slug: 'a-draft-preview',
    excerpt: 'Not published yet.',
    featuredImage: null,
    publishedAt: null,
    createdAt: '2026-03-05T12:00:00.000Z',
    author: null,
  },
];

const POSTS_ROUTE = 'GET /api/blog/posts?published=true';
const ACCOUNT_ROUTE = 'GET /api/auth/user';

/** A post about scripts only: no word of video, voices or influencers. */
const SCRIPT_POST: BlogPost = {
  ...POSTS[0],
  id: 3,
  title: 'Writing tight scripts',
  slug: 'writing-tight-scripts',
  excerpt: 'Count words and trim filler.',
};

describe('Blog page', () => {
  it('shows the heading, the hashtags and one card per post', async () => {
    const fetchMock = fakeApi({ [POSTS_ROUTE]: { body: POSTS } });

    renderInApp(<Blog />, { path: '/blog' });

    expect(screen.getByRole('heading', { level: 1, name: 'Lipcast Blog' })).toBeTruthy();
    const topics = within(screen.getByRole('list', { name: 'Topics' })).getAllByRole('listitem');
    expect(topics.map((topic) => topic.textContent)).toEqual(['#AIVideo', '#LipSync', '#AIInfluencers', '#ContentCreation']);
    expect(screen.getByRole('status', { name: 'Loading blog posts' })).toBeTruthy();

    const cards = within(await screen.findByRole('list', { name: 'Blog posts' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(callsTo(fetchMock, POSTS_ROUTE)).toHaveLength(1);

    const [published, draft] = cards;
    expect(within(published).getByText('Nov 22, 2026').getAttribute('dateTime')).toBe('2026-11-22T12:00:00.000Z');
    expect(within(published).getByText('Lipcast Team')).toBeTruthy();
    // All of the excerpt is in the card; that it shows at most three lines is layout, which jsdom does not compute.
    expect(within(published).getByText('The built-in voices and the seven emotions.')).toBeTruthy();
    const link = within(published).getByRole('link', { name: 'Choosing a voice and an emotion' });
    expect(link.getAttribute('href')).toBe('/blog/choosing-a-voice-and-an-emotion');

    // No publication date: the creation date; no author: nothing in its place.
    expect(within(draft).getByText('Mar 5, 2026')).toBeTruthy();
    expect(within(draft).queryByText('·')).toBeNull();
  });

  it('invites readers back when there are no posts', async () => {
    fakeApi({ [POSTS_ROUTE]: { body: [] } });

    renderInApp(<Blog />, { path: '/blog' });

    expect(await screen.findByText('No blog posts found. Check back soon for new content!')).toBeTruthy();
  });

  it('says so when the posts cannot be loaded', async () => {
    fakeApi({ [POSTS_ROUTE]: { status: 500, statusText: 'Internal Server Error' } });

    renderInApp(<Blog />, { path: '/blog' });

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load blog posts. Please try again later.');
  });

  it('filters the posts by a hashtag at a shareable /blog?tag= address, marks the active one and leads back to all posts', async () => {
    fakeApi({ [POSTS_ROUTE]: { body: [POSTS[0], SCRIPT_POST] } });

    renderInApp(<Blog />, { path: '/blog' });

    const topics = screen.getByRole('list', { name: 'Topics' });
    const lipSync = within(topics).getByRole('link', { name: '#LipSync' });
    expect(lipSync.getAttribute('href')).toBe('/blog?tag=LipSync');
    expect(within(await screen.findByRole('list', { name: 'Blog posts' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(topics).queryAllByRole('link', { current: 'page' })).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'All posts' })).toBeNull();

    fireEvent.click(lipSync);

    const filtered = within(screen.getByRole('list', { name: 'Blog posts' })).getAllByRole('listitem');
    expect(filtered.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Choosing a voice and an emotion']);
    expect(within(topics).getByRole('link', { current: 'page' }).textContent).toBe('#LipSync');
    expect(screen.getByText(/Showing posts tagged #LipSync/)).toBeTruthy();

    fireEvent.click(within(topics).getByRole('link', { name: '#ContentCreation' }));
    expect(within(screen.getByRole('list', { name: 'Blog posts' })).getByRole('heading').textContent).toBe('Writing tight scripts');

    const allPosts = screen.getByRole('link', { name: 'All posts' });
    expect(allPosts.getAttribute('href')).toBe('/blog');
    fireEvent.click(allPosts);
    expect(within(screen.getByRole('list', { name: 'Blog posts' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(topics).queryAllByRole('link', { current: 'page' })).toHaveLength(0);
  });

  it('opens filtered from a shared /blog?tag= link, and says so when no post has the tag', async () => {
    fakeApi({ [POSTS_ROUTE]: { body: [SCRIPT_POST] } });

    renderInApp(<Blog />, { path: '/blog?tag=AIInfluencers' });

    expect(await screen.findByText(/No posts tagged #AIInfluencers yet\./)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Blog posts' })).toBeNull();
    expect(screen.getByRole('link', { name: '#AIInfluencers', current: 'page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all posts' }).getAttribute('href')).toBe('/blog');
  });

  it('offers the newsletter with a required e-mail field', () => {
    fakeApi({ [POSTS_ROUTE]: { body: [] } });

    renderInApp(<Blog />, { path: '/blog' });

    const email = screen.getByLabelText('E-mail address');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });
});

describe('Blog page with ?post=', () => {
  const POST: BlogPostDetail = {
    ...POSTS[0],
    body: 'Once your script fits.\n\n## The seven emotions\n\nNeutral is the default. <b>not bold</b>',
  };

  it('shows the post: title, date, author, headings and paragraphs as text', async () => {
    fakeApi({ 'GET /api/blog/posts/choosing-a-voice-and-an-emotion': { body: POST } });

    renderInApp(<Blog />, { path: '/blog?post=choosing-a-voice-and-an-emotion' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Choosing a voice and an emotion' })).toBeTruthy();
    const article = screen.getByRole('article');
    expect(within(article).getByText('Nov 22, 2026')).toBeTruthy();
    expect(within(article).getByText('Lipcast Team')).toBeTruthy();
    expect(within(article).getByRole('heading', { level: 2, name: 'The seven emotions' })).toBeTruthy();
    expect(within(article).getByText('Once your script fits.').tagName).toBe('P');
    // Markup in a body is shown, never interpreted.
    expect(within(article).getByText('Neutral is the default. <b>not bold</b>')).toBeTruthy();
    expect(article.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: '← Back to the blog' }).getAttribute('href')).toBe('/blog');
  });

  it('ends a post with a next step: sign up when signed out, coming back to the wizard', async () => {
    fakeApi({
      'GET /api/blog/posts/choosing-a-voice-and-an-emotion': { body: POST },
      [ACCOUNT_ROUTE]: { status: 401, body: { message: 'Unauthorized' } },
    });

    renderInApp(<Blog />, { path: '/blog?post=choosing-a-voice-and-an-emotion' });

    const article = await screen.findByRole('article');
    const signUp = await within(article).findByRole('link', { name: 'Sign up to try it' });
    expect(signUp.getAttribute('href')).toBe('/api/login?returnTo=%2F');
    expect(within(article).getByRole('heading', { level: 2, name: 'Make your own lip-synced video' })).toBeTruthy();
    expect(within(article).queryByRole('link', { name: 'Try the wizard' })).toBeNull();
  });

  it('ends a post with a next step: the wizard when signed in', async () => {
    fakeApi({ 'GET /api/blog/posts/choosing-a-voice-and-an-emotion': { body: POST }, [ACCOUNT_ROUTE]: { body: accountUser() } });

    renderInApp(<Blog />, { path: '/blog?post=choosing-a-voice-and-an-emotion' });

    const article = await screen.findByRole('article');
    expect((await within(article).findByRole('link', { name: 'Try the wizard' })).getAttribute('href')).toBe('/');
    expect(within(article).queryByRole('link', { name: 'Sign up to try it' })).toBeNull();
  });

  it('says so when the post does not exist', async () => {
    fakeApi({ 'GET /api/blog/posts/gone': { status: 404, statusText: 'Not Found', body: { message: 'Not found' } } });

    renderInApp(<Blog />, { path: '/blog?post=gone' });

    expect((await screen.findByRole('alert')).textContent).toBe('This post could not be found. It may have been moved or unpublished.');
  });
});
