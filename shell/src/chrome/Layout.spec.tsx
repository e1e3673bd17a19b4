import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ACCOUNT_QUERY_KEY, createQueryClient } from '@lipcast/web-kit';
import { Layout } from './Layout';

describe(Layout.name, () => {
  it("offers a skip link as the first Tab stop, to the page's main content (issue 37, item 6)", () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, null);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/']}>
          <Layout>
            <p>The page</p>
          </Layout>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    const focusable = document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
    expect(focusable[0]).toBe(skip);
    const main = screen.getByRole('main');
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
    // The target takes the focus when followed (a main element is not focusable otherwise).
    expect(main.getAttribute('tabindex')).toBe('-1');
    expect(main.textContent).toBe('The page');
  });
});
