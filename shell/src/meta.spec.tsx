import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router-dom';
import { LANDING, metaForPath, NOT_FOUND_META } from '@lipcast/contracts';
import { ACCOUNT_QUERY_KEY, createQueryClient } from '@lipcast/web-kit';
import { PageMeta } from './App';
import { applyPageMeta } from './meta';

const content = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;

describe(applyPageMeta.name, () => {
  it('sets the title, description, keywords and social-card tags', () => {
    const blog = metaForPath('/blog');

    applyPageMeta(blog);

    expect(document.title).toBe('Blog | Lipcast');
    expect(content('meta[name="description"]')).toBe(blog.description);
    expect(content('meta[name="keywords"]')).toBe(blog.keywords);
    expect(content('meta[property="og:title"]')).toBe('Blog | Lipcast');
    expect(content('meta[property="og:description"]')).toBe(blog.description);
    expect(content('meta[name="twitter:title"]')).toBe('Blog | Lipcast');
    expect(content('meta[name="twitter:description"]')).toBe(blog.description);
  });

  it('updates the existing tags instead of adding more', () => {
    applyPageMeta(metaForPath('/blog'));
    applyPageMeta(metaForPath('/pricing'));

    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(content('meta[name="description"]')).toBe(metaForPath('/pricing').description);
  });
});

describe(PageMeta.name, () => {
  function renderPageMeta(path: string, signedIn: boolean) {
    const queryClient = createQueryClient();
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, signedIn ? { id: 'u1', username: 'ada', generationsCount: 0 } : null);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <PageMeta />
          <Link to="/user-influencers">Community Influencers</Link>
          <Link to="/no-such-page">Broken link</Link>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('follows navigation', () => {
    renderPageMeta('/blog', false);
    expect(document.title).toBe('Blog | Lipcast');

    act(() => fireEvent.click(screen.getByRole('link', { name: 'Community Influencers' })));
    expect(document.title).toBe('Community Influencers | Lipcast');

    act(() => fireEvent.click(screen.getByRole('link', { name: 'Broken link' })));
    expect(document.title).toBe(NOT_FOUND_META.title);
  });


  it('uses the landing page metadata for a visitor at /', () => {
    renderPageMeta('/', false);
    expect(document.title).toBe(LANDING.meta.title);
    expect(content('meta[name="description"]')).toBe(LANDING.meta.description);
  });
});
