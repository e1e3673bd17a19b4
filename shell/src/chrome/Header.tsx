import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Badge, Button, cn, Logo } from '@lipcast/ui';
import { loginUrl, LOGOUT_URL, navigateAway, useAccount, type AccountUser } from '@lipcast/web-kit';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/ai-influencer', label: 'Create Influencer' },
  { to: '/ai-influencer-pipeline', label: 'One Shot Video' },
  { to: '/user-influencers', label: 'Community Influencers' },
  { to: '/blog', label: 'Blog' },
  { to: '/pitch-deck', label: 'Pitch Deck' },
] as const;

function AccountArea({ user }: { user: AccountUser }) {
  return (
    <div className="flex items-center gap-2">
      {user.subscriptionStatus === 'active' ? (
        <Badge>Premium</Badge>
      ) : (
        <Button asChild size="sm">
          <Link to="/subscribe">Upgrade to Premium</Link>
        </Button>
      )}
      <Link to="/profile" className="flex items-center gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-100">
        <span aria-hidden className="grid size-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-700">
          {(user.username ?? 'U').slice(0, 1).toUpperCase()}
        </span>
        <span className="font-medium">{user.username || 'User'}</span>
        <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-600" title="Generations used">
          {user.generationsCount}
        </span>
      </Link>
      <Button variant="ghost" size="sm" onClick={() => navigateAway(LOGOUT_URL, 'Logout failed')}>
        Logout
      </Button>
    </div>
  );
}

export function Header() {
  const { user, isLoading } = useAccount();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors', isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:text-slate-900');

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className={cn('absolute inset-x-0 top-16 flex-col gap-1 border-b bg-white p-3 md:static md:flex md:flex-row md:border-0 md:p-0', menuOpen ? 'flex' : 'hidden')}>
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={linkClass} onClick={() => setMenuOpen(false)}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {isLoading ? (
            <div aria-busy="true" aria-label="Loading your account" className="h-8 w-32 animate-pulse rounded-lg bg-slate-200" />
          ) : user ? (
            <AccountArea user={user} />
          ) : (
            <Button size="sm" onClick={() => navigateAway(loginUrl(location.pathname + location.search), 'Login failed')}>
              Log in
            </Button>
          )}
          <Button variant="ghost" size="icon" className="md:hidden" aria-label="Menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
            ☰
          </Button>
        </div>
      </div>
    </header>
  );
}
