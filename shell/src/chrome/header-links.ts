import { generationAllowance, generationsLeft, type AccountUser } from '@lipcast/web-kit';

/** The header's links and counter text, shared by the header and its menus (loaded later: `HeaderMenus`). */

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/ai-influencer', label: 'Create Influencer' },
  { to: '/ai-influencer-pipeline', label: 'One Shot Video' },
  { to: '/user-influencers', label: 'Community Influencers' },
  { to: '/blog', label: 'Blog' },
  { to: '/pitch-deck', label: 'Pitch Deck' },
] as const;

/**
 * Pricing is not in the inline row (it would not fit beside the account area at 1,100-1,280 px):
 * it is in the avatar menu for users, beside "Log in" for visitors, and in the collapsed menu.
 */
export const PRICING_LINK = { to: '/pricing', label: 'Pricing' } as const;

/** The avatar menu's links to the user's own pages. */
export const ACCOUNT_LINKS = [
  { to: '/profile', label: 'Profile' },
  { to: '/projects', label: 'Projects' },
  { to: '/batches', label: 'Batch videos' },
] as const;

/** The operator console, in the avatar menu of operators only (the page and its API check the role themselves). */
export const ADMIN_LINK = { to: '/admin', label: 'Operator console' } as const;

/** "2 of 3 videos left": the plan's allowance plus any pack generations, and what remains of it. */
export function videosLeftLabel(user: AccountUser): string {
  return `${generationsLeft(user)} of ${videosTotal(user)} videos left`;
}

/** The plan's allowance plus any pack generations. */
export function videosTotal(user: AccountUser): number {
  return generationAllowance(user) + user.extraGenerations;
}

