import { cloneElement, Component, lazy, Suspense, useEffect, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Badge, Button, cn, Logo } from '@lipcast/ui';
import { generationsLeft, isPremium, loginUrl, navigateAway, useAccount, type AccountUser } from '@lipcast/web-kit';
import { afterFirstScreen } from '../first-screen';
import { NAV_LINKS, PRICING_LINK, videosTotal } from './header-links';

// The menus' code (Radix menu, positioning, focus handling: about 20 KB as served) is not part of
// the first screen (issue 38, item 2): it loads when a menu's button is pointed at, focused or pressed.
const loadHeaderMenus = () => import(/* webpackChunkName: "header-menus" */ './HeaderMenus');
const AccountMenu = lazy(() => loadHeaderMenus().then((module) => ({ default: module.AccountMenu })));
const NavMenu = lazy(() => loadHeaderMenus().then((module) => ({ default: module.NavMenu })));

/** The keys that open a menu from its button (as Radix's own trigger does). */
const MENU_OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/** If the menus' code cannot be fetched, the button stays and says nothing more; the pages stay reachable by their links. */
class MenuLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The header menu could not be loaded:', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A header menu's button, standing in for the menu until it is pressed; then the menu (the same
 * button as its trigger) opens, focused, as soon as its code is there.
 */
function DeferredMenu({ button, menu }: { button: ReactElement<Record<string, unknown>>; menu: (trigger: ReactElement) => ReactNode }) {
  const [pressed, setPressed] = useState(false);
  const placeholder = cloneElement(button, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: () => void loadHeaderMenus().catch(() => undefined),
    onFocus: () => void loadHeaderMenus().catch(() => undefined),
    onClick: () => setPressed(true),
    onKeyDown: (event: KeyboardEvent) => {
      if (!MENU_OPENING_KEYS.includes(event.key)) return;
      event.preventDefault();
      setPressed(true);
    },
  });
  if (!pressed) return placeholder;
  return (
    <MenuLoadBoundary fallback={button}>
      <Suspense fallback={placeholder}>{menu(button)}</Suspense>
    </MenuLoadBoundary>
  );
}

function AvatarButton({ name, ...props }: { name: string }) {
  return (
    <button
      type="button"
      aria-label={`Account menu for ${name}`}
      className="flex h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg px-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      {...props}
    >
      <span aria-hidden className="grid size-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-700">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span aria-hidden className="hidden max-w-32 truncate font-medium 2xl:inline">
        {name}
      </span>
    </button>
  );
}

function NavMenuButton(props: object) {
  return (
    <Button variant="ghost" size="icon" className="size-11 min-[68.75rem]:hidden" aria-label="Menu" {...props}>
      <span aria-hidden className="text-xl leading-none">
        ☰
      </span>
    </Button>
  );
}

/**
 * The header's counter (spec, "Shell on every page": the generation count is in the header). On phones
 * it reads "2 of 3 left" to fit beside the avatar; "videos" is then only visually hidden, so a screen
 * reader still hears "2 of 3 videos left". Hidden at 1024-1279 px only, where the inline links take its room
 * (the avatar menu shows it there).
 */
function VideosLeftCounter({ user }: { user: AccountUser }) {
  return (
    <span className="inline shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs whitespace-nowrap text-slate-600 lg:hidden xl:inline">
      {generationsLeft(user)} of {videosTotal(user)} <span className="sr-only sm:not-sr-only">videos </span>left
    </span>
  );
}

function AccountArea({ user }: { user: AccountUser }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      {isPremium(user) ? (
        // On phones the counter takes the badge's room (the wrapper hides it: the Badge's own inline-flex
        // would win over `hidden`); the avatar menu says "Premium" there.
        <span className="hidden sm:inline-flex">
          <Badge>Premium</Badge>
        </span>
      ) : (
        // The wrapper hides it on phones (the Button's own inline-flex would win over `hidden`); the menu offers it there.
        <span className="hidden sm:inline-flex">
          <Button asChild size="sm">
            <Link to="/subscribe">Upgrade to Premium</Link>
          </Button>
        </span>
      )}
      <VideosLeftCounter user={user} />
      <DeferredMenu button={<AvatarButton name={user.username || 'User'} />} menu={(trigger) => <AccountMenu user={user} trigger={trigger} />} />
    </div>
  );
}

export function Header() {
  const { user, isLoading } = useAccount();
  const location = useLocation();
  // Fetched ahead once the first page is in use (afterFirstScreen), so a menu opens at once.
  useEffect(() => afterFirstScreen(() => void loadHeaderMenus().catch(() => undefined)), []);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors', isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:text-slate-900');

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
        <Logo />
        <nav aria-label="Main" className="hidden min-[68.75rem]:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {isLoading ? (
            <div aria-busy="true" aria-label="Loading your account" className="h-8 w-24 animate-pulse rounded-lg bg-slate-200" />
          ) : user ? (
            <AccountArea user={user} />
          ) : (
            <>
              <NavLink to={PRICING_LINK.to} className={(state) => cn(linkClass(state), 'hidden min-[68.75rem]:inline')}>
                {PRICING_LINK.label}
              </NavLink>
              <Button size="md" className="h-11" onClick={() => navigateAway(loginUrl(location.pathname + location.search), 'Login failed')}>
                Log in
              </Button>
            </>
          )}
          <DeferredMenu button={<NavMenuButton />} menu={(trigger) => <NavMenu trigger={trigger} />} />
        </div>
      </div>
    </header>
  );
}
