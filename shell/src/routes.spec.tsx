import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTES } from '@lipcast/contracts';
import { ACCOUNT_QUERY_KEY, createQueryClient, navigateAway, type AccountUser } from '@lipcast/web-kit';
import { accountUser } from '@lipcast/web-kit/testing';
import { AppRoutes } from './App';
import { loadRemotePage } from './remotes';
import { shellRoutes } from './routes';

jest.mock('./remotes', () => ({ loadRemotePage: jest.fn() }));
jest.mock('@lipcast/web-kit', () => ({ ...jest.requireActual('@lipcast/web-kit'), navigateAway: jest.fn() }));
const loadRemotePageMock = jest.mocked(loadRemotePage);
const navigateAwayMock = jest.mocked(navigateAway);

const ada = accountUser({ firstName: null, lastName: null, generationsCount: 2 });

/** Each remote module renders its own federation id, so a test can see which one a path loaded. */
function fakeRemotes() {
  loadRemotePageMock.mockImplementation(async (remote, module) => ({
    default: () => <h1>{`${remote}/${module}`}</h1>,
  }));
}

function renderAt(path: string, user: AccountUser | null): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ACCOUNT_QUERY_KEY, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const remoteRoutes = ROUTES.flatMap((route) => ('remote' in route.owner ? [{ ...route, owner: route.owner }] : []));

describe(shellRoutes.name, () => {
  beforeEach(() => {
    jest.clearAllMocks();
    fakeRemotes();
  });

  it('has a route for every path of the contracts route table, then the 404 fallback', () => {
    const sut = shellRoutes().map((route) => route.path);
    expect(sut).toEqual([...ROUTES.map((route) => route.path), '*']);
  });

  it.each(remoteRoutes.map((route) => [route.path, route.owner.remote, route.owner.module] as const))(
    '%s renders %s %s inside the header and footer for a signed-in user',
    async (path, remote, module) => {
      renderAt(path, ada);

      expect(await screen.findByRole('heading', { level: 1, name: `${remote}/${module}` })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Community Influencers' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeTruthy();
    },
  );

  it('shows the landing page without the shell header to a visitor at /', async () => {
    renderAt('/', null);

    expect(await screen.findByRole('heading', { name: 'mfe_content/./Landing' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Community Influencers' })).toBeNull();
  });

  it('renders the login page itself at /auth', async () => {
    renderAt('/auth', null);

    expect(await screen.findByRole('link', { name: 'Back to Home' })).toBeTruthy();
    expect(loadRemotePageMock).not.toHaveBeenCalled();
  });

  it('shows "404 Page Not Found" for an unknown path', async () => {
    renderAt('/no-such-page', null);

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });

  it('sends a visitor to sign in from a page that needs an account, and back afterwards', () => {
    renderAt('/projects?tab=done', null);

    expect(navigateAwayMock).toHaveBeenCalledWith('/api/login?returnTo=%2Fprojects%3Ftab%3Ddone', 'Login failed');
    expect(loadRemotePageMock).not.toHaveBeenCalled();
  });

  it('lets a visitor see a public page', async () => {
    renderAt('/pricing', null);

    expect(await screen.findByRole('heading', { name: 'mfe_billing/./Pricing' })).toBeTruthy();
    expect(navigateAwayMock).not.toHaveBeenCalled();
  });

  it('keeps a failed remote to its own route: the next page loads normally', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadRemotePageMock.mockImplementation(async (remote, module) => {
      if (remote === 'mfe_billing') throw new Error('ScriptNetworkError');
      return { default: () => <h1>{`${remote}/${module}`}</h1> };
    });
    renderAt('/pricing', ada);
    expect(await screen.findByRole('alert')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Blog' })));

    expect(await screen.findByRole('heading', { name: 'mfe_content/./Blog' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    jest.restoreAllMocks();
  });
});
