import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ACCOUNT_QUERY_KEY, createQueryClient, LOGOUT_URL, navigateAway, type AccountUser } from '@lipcast/web-kit';
import { accountUser } from '@lipcast/web-kit/testing';
import { Header } from './Header';
import { ADMIN_LINK, NAV_LINKS, PRICING_LINK, videosLeftLabel } from './header-links';

jest.mock('@lipcast/web-kit', () => ({ ...jest.requireActual('@lipcast/web-kit'), navigateAway: jest.fn() }));
const navigateAwayMock = jest.mocked(navigateAway);

/** The header's counter: its whole text, which on phones is partly only visually hidden. */
function counter(text: string): HTMLElement {
  return within(screen.getByRole('banner')).getByText((_, element) => element?.tagName === 'SPAN' && element.textContent === text);
}

/** Tailwind classes that apply below the `sm` breakpoint (640 px): those without a `sm:`, `md:`, ... prefix. */
function phoneClasses(element: Element): string[] {
  return [...element.classList].filter((name) => !/^(sm|md|lg|xl|2xl|min-\[[^\]]+\]):/.test(name));
}

function renderHeader(user: AccountUser | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ACCOUNT_QUERY_KEY, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/blog']}>
        <Header />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens a menu from the keyboard (Radix opens on pointer down, which jsdom cannot send fully). */
async function openMenu(name: string | RegExp): Promise<HTMLElement> {
  await act(async () => fireEvent.keyDown(screen.getByRole('button', { name }), { key: 'Enter' }));
  // The menus' code loads when a menu is first wanted.
  return screen.findByRole('menu');
}

describe(Header.name, () => {
  beforeEach(() => navigateAwayMock.mockReset());

  it('labels the counter with what is left of the allowance', () => {
    expect(videosLeftLabel(accountUser({ generationsCount: 1 }))).toBe('2 of 3 videos left');
    expect(videosLeftLabel(accountUser({ generationsCount: 3, extraGenerations: 5 }))).toBe('5 of 8 videos left');
    expect(videosLeftLabel(accountUser({ generationsCount: 10, premium: true, subscriptionStatus: 'active' }))).toBe('50 of 60 videos left');
  });

  it('puts the account actions in an avatar menu with the labelled counter', async () => {
    renderHeader(accountUser({ generationsCount: 1 }));
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(counter('2 of 3 videos left')).toBeTruthy();

    const menu = await openMenu('Account menu for ada');
    expect(within(menu).getByText('2 of 3 videos left')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Projects' }).getAttribute('href')).toBe('/projects');
    expect(within(menu).getByRole('menuitem', { name: 'Batch videos' }).getAttribute('href')).toBe('/batches');
    expect(within(menu).getByRole('menuitem', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(within(menu).getByRole('menuitem', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/subscribe');

    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' })));
    expect(navigateAwayMock).toHaveBeenCalledWith(LOGOUT_URL, 'Logout failed');
  });

  it('shows the generation count in the header on phones too, short but read in full', () => {
    renderHeader(accountUser({ generationsCount: 1 }));
    const shown = counter('2 of 3 videos left');
    // jsdom applies no Tailwind: what a phone shows is read from the classes without a breakpoint prefix.
    expect(phoneClasses(shown)).not.toContain('hidden');
    for (let parent = shown.parentElement; parent && parent.tagName !== 'HEADER'; parent = parent.parentElement) {
      expect(phoneClasses(parent)).not.toContain('hidden');
    }
    // "videos" is only visually hidden on phones ("2 of 3 left"), so a screen reader hears the whole count.
    const word = within(shown).getByText('videos');
    expect(phoneClasses(word)).toEqual(['sr-only']);
    expect(word.classList).toContain('sm:not-sr-only');
  });

  it('on phones names a Premium plan in the avatar menu, where the badge gives way to the counter', async () => {
    renderHeader(accountUser({ generationsCount: 10, premium: true, subscriptionStatus: 'active' }));
    expect(counter('50 of 60 videos left')).toBeTruthy();
    expect(phoneClasses(screen.getByText('Premium').parentElement!)).toContain('hidden');
    const menu = await openMenu('Account menu for ada');
    expect(within(menu).getByText('Premium').classList).toContain('sm:hidden');
  });

  it('links the operator console for operators only', async () => {
    renderHeader(accountUser({ roles: ['admin'] }));
    const menu = await openMenu('Account menu for ada');
    expect(within(menu).getByRole('menuitem', { name: ADMIN_LINK.label }).getAttribute('href')).toBe('/admin');
  });

  it('does not show the operator console to other users', async () => {
    renderHeader(accountUser());
    const menu = await openMenu('Account menu for ada');
    expect(within(menu).queryByRole('menuitem', { name: ADMIN_LINK.label })).toBeNull();
  });

  it('offers every primary link in the collapsed menu too', async () => {
    renderHeader(null);
    const menu = await openMenu('Menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([...NAV_LINKS, PRICING_LINK].map((link) => link.label));
    expect(within(menu).getByRole('menuitem', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows Log in to a visitor, with no account menu', () => {
    renderHeader(null);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });
});
