import { browser } from './browser';
import { LOGOUT_URL, loginUrl, navigateAway, noteSessionProbe, noteUnauthorized, registerSessionExpiredHandler } from './session';
import { dismissToast, getToasts } from './toast';

afterEach(() => {
  noteSessionProbe(false);
  jest.restoreAllMocks();
});

describe(loginUrl.name, () => {
  it('returns the bare login address without a return path', () => {
    expect(loginUrl()).toBe('/api/login');
  });

  it('encodes a same-origin return path', () => {
    expect(loginUrl('/profile?tab=completed')).toBe('/api/login?returnTo=%2Fprofile%3Ftab%3Dcompleted');
  });

  it.each(['https://evil.example/phish', '//evil.example/phish', '/\\evil.example', 'javascript:alert(1)', 'profile'])(
    'refuses the external or relative return address %s',
    (returnTo) => {
      expect(loginUrl(returnTo)).toBe('/api/login');
    },
  );

  it('exposes the logout address', () => {
    expect(LOGOUT_URL).toBe('/api/logout');
  });
});

describe(navigateAway.name, () => {
  afterEach(() => dismissToast());

  it('goes to the server route', () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    expect(navigateAway(LOGOUT_URL, 'Logout failed')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/api/logout');
  });

  it('shows the failure toast when the browser refuses to leave', () => {
    jest.spyOn(browser, 'assign').mockImplementation(() => {
      throw new Error('navigation blocked');
    });
    expect(navigateAway(LOGOUT_URL, 'Logout failed')).toBe(false);
    expect(getToasts()[0]).toMatchObject({ title: 'Logout failed', variant: 'destructive' });
  });
});

describe(registerSessionExpiredHandler.name, () => {
  it('replaces the default redirect until unregistered', () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const handler = jest.fn();
    const unregister = registerSessionExpiredHandler(handler);

    noteSessionProbe(true);
    noteUnauthorized();
    unregister();
    noteSessionProbe(true);
    noteUnauthorized();

    expect(handler).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2F');
  });

  it('does nothing for a visitor who never signed in', () => {
    const handler = jest.fn();
    const unregister = registerSessionExpiredHandler(handler);

    noteUnauthorized();
    unregister();

    expect(handler).not.toHaveBeenCalled();
  });
});
