import type { ReactElement } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@lipcast/ui';
import { isAdmin, isPremium, LOGOUT_URL, navigateAway, type AccountUser } from '@lipcast/web-kit';
import { ACCOUNT_LINKS, ADMIN_LINK, NAV_LINKS, PRICING_LINK, videosLeftLabel } from './header-links';

// The header's menus, loaded when first wanted (Header.tsx's DeferredMenu): each opens at once, since
// its button was pressed, with that same button as its trigger.

/** The avatar's menu: who is signed in, the counter, and the account actions. */
export function AccountMenu({ user, trigger }: { user: AccountUser; trigger: ReactElement }) {
  const name = user.username || 'User';
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate text-sm font-semibold text-slate-900">{name}</span>
          <span className="block">{videosLeftLabel(user)}</span>
          {isPremium(user) && <span className="block sm:hidden">Premium</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {[...ACCOUNT_LINKS, PRICING_LINK, ...(isAdmin(user) ? [ADMIN_LINK] : [])].map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
        {!isPremium(user) && (
          <DropdownMenuItem asChild className="sm:hidden">
            <Link to="/subscribe">Upgrade to Premium</Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigateAway(LOGOUT_URL, 'Logout failed')}>Logout</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The primary links as a menu, for screens too narrow to show them inline (below 1,100 px). */
export function NavMenu({ trigger }: { trigger: ReactElement }) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        {[...NAV_LINKS, PRICING_LINK].map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <NavLink to={link.to} end={link.to === '/'} className="aria-[current=page]:text-brand-700">
              {link.label}
            </NavLink>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
