/**
 * The product's route table (spec section 2): which front-end app renders each path, and the
 * page metadata the shell sets in the browser and the gateway writes into the served HTML.
 */
import { EXTRA_PACK_GENERATIONS, FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD } from './billing';

export type RemoteName = 'mfe_wizard' | 'mfe_influencer' | 'mfe_billing' | 'mfe_content' | 'mfe_admin';

export const REMOTE_NAMES: readonly RemoteName[] = ['mfe_wizard', 'mfe_influencer', 'mfe_billing', 'mfe_content', 'mfe_admin'];

/** Folder (and Nx project) of each remote; the gateway serves a remote's build at `/remotes/<folder>/`. */
export const REMOTE_FOLDERS: Record<RemoteName, string> = {
  mfe_wizard: 'mfe-wizard',
  mfe_influencer: 'mfe-influencer',
  mfe_billing: 'mfe-billing',
  mfe_content: 'mfe-content',
  mfe_admin: 'mfe-admin',
};

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
}

export interface RouteEntry {
  path: string;
  /** Who renders it: a remote (with the module it exposes) or the shell itself. */
  owner: { remote: RemoteName; module: string } | { shell: 'auth' };
  /** Page needs a signed-in user. */
  requiresAuth: boolean;
  meta: PageMeta;
}

export const PRODUCT_NAME = 'Lipcast';

const defaultMeta: PageMeta = {
  title: 'Lipcast: lip-synced AI videos from a script',
  description:
    'Pick or create a digital actor, write what they say, choose a voice, and get a lip-synced video.',
  keywords: 'AI video, lip sync, talking head, AI influencer, text to speech, UGC video',
};

const meta = (title: string, description: string, keywords: string): PageMeta => ({
  title: `${title} | ${PRODUCT_NAME}`,
  description,
  keywords,
});

const remote = (name: RemoteName, module: string) => ({ remote: name, module });

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', owner: remote('mfe_wizard', './Wizard'), requiresAuth: false, meta: defaultMeta },
  { path: '/app', owner: remote('mfe_wizard', './Wizard'), requiresAuth: true, meta: defaultMeta },
  {
    path: '/create',
    owner: remote('mfe_wizard', './Wizard'),
    requiresAuth: true,
    meta: meta('Create a video', 'Create a lip-synced video in three steps: actor, audio, video.', 'create AI video, lip sync, text to speech'),
  },
  {
    path: '/projects',
    owner: remote('mfe_wizard', './Projects'),
    requiresAuth: true,
    meta: meta('Your projects', 'Manage your generated videos: play, download and delete them.', 'my videos, generated videos, projects'),
  },
  {
    path: '/ai-influencer',
    owner: remote('mfe_influencer', './Creator'),
    requiresAuth: true,
    meta: meta('AI Influencer Creator', 'Describe a person or upload a photo, and turn it into a speaking AI influencer video.', 'AI influencer, AI avatar, image to video'),
  },
  {
    path: '/ai-influencer-pipeline',
    owner: remote('mfe_influencer', './OneShot'),
    requiresAuth: true,
    meta: meta('One Shot Influencer Video', 'From a description, a gender and a topic to a finished lip-synced video in one automatic run.', 'one shot video, AI script, AI influencer video'),
  },
  {
    path: '/batches',
    owner: remote('mfe_wizard', './Batches'),
    requiresAuth: true,
    meta: meta('Batch videos', 'Upload a CSV of scripts and make many lip-synced videos at once: each row checked first, progress per row, one ZIP.', 'batch video, CSV, bulk AI video'),
  },
  { path: '/subscribe', owner: remote('mfe_billing', './Subscribe'), requiresAuth: true, meta: meta('Subscribe', 'Start a Premium subscription.', 'subscribe, premium') },
  { path: '/additional-generations', owner: remote('mfe_billing', './AdditionalGenerations'), requiresAuth: true, meta: meta('Buy extra generations', `Add a pack of ${EXTRA_PACK_GENERATIONS} generations.`, 'extra generations, credits') },
  { path: '/payment-success', owner: remote('mfe_billing', './PaymentSuccess'), requiresAuth: false, meta: meta('Payment received', 'Your purchase is confirmed.', 'payment') },
  { path: '/payment-cancel', owner: remote('mfe_billing', './PaymentCancel'), requiresAuth: false, meta: meta('Payment cancelled', 'Your payment was cancelled.', 'payment') },
  { path: '/subscription-success', owner: remote('mfe_billing', './SubscriptionSuccess'), requiresAuth: false, meta: meta('Subscription', 'Confirms your Premium subscription after checkout.', 'subscription') },
  {
    path: '/pricing',
    owner: remote('mfe_billing', './Pricing'),
    requiresAuth: false,
    meta: meta(
      'Pricing',
      `Subscribe to Premium for ${PREMIUM_GENERATIONS_PER_PERIOD} generations a month, or buy extra packs of ${EXTRA_PACK_GENERATIONS}. Start free with ${FREE_GENERATIONS} generations.`,
      'pricing, subscription, AI video plans',
    ),
  },
  { path: '/profile', owner: remote('mfe_billing', './Profile'), requiresAuth: true, meta: meta('Your Profile', 'Your plan, generation count and history.', 'profile, account') },
  { path: '/test-payment-wall', owner: remote('mfe_billing', './TestPaymentWall'), requiresAuth: true, meta: meta('Payment wall test', 'Opens the paywall for testing.', 'paywall') },
  {
    path: '/user-influencers',
    owner: remote('mfe_content', './Gallery'),
    requiresAuth: false,
    meta: meta('Community Influencers', 'Browse influencers made by the community and use one in your own video.', 'community influencers, AI actors, gallery'),
  },
  {
    path: '/blog',
    owner: remote('mfe_content', './Blog'),
    requiresAuth: false,
    meta: meta('Blog', 'Guides on writing scripts, choosing voices and making AI influencer videos.', 'AI video blog, lip sync tips, script writing'),
  },
  {
    // One post; the gateway writes the post's own title and excerpt into the page it serves.
    path: '/blog/:slug',
    owner: remote('mfe_content', './Blog'),
    requiresAuth: false,
    meta: meta('Blog', 'Guides on writing scripts, choosing voices and making AI influencer videos.', 'AI video blog, lip sync tips, script writing'),
  },
  { path: '/terms', owner: remote('mfe_content', './Terms'), requiresAuth: false, meta: meta('Terms of Service', 'The terms for using Lipcast.', 'terms of service') },
  { path: '/privacy', owner: remote('mfe_content', './Privacy'), requiresAuth: false, meta: meta('Privacy Policy', 'What Lipcast stores and why.', 'privacy policy') },
  { path: '/pitch-deck', owner: remote('mfe_content', './PitchDeck'), requiresAuth: false, meta: meta('Pitch Deck', 'Why Lipcast, in a few slides.', 'pitch deck') },
  // The operator console (issue 19): signed-in users only; the page and every /api/admin call also require the admin role.
  { path: '/admin', owner: remote('mfe_admin', './Admin'), requiresAuth: true, meta: meta('Operator console', 'Queue, jobs, accounts, posts and moderation for operators.', 'admin') },
  { path: '/auth', owner: { shell: 'auth' }, requiresAuth: false, meta: meta('Sign in', 'Sign in to Lipcast.', 'sign in, login') },
];

/** Signed-out visitors at `/` see the landing page, rendered by mfe-content. */
export const LANDING = { remote: 'mfe_content' as RemoteName, module: './Landing', meta: defaultMeta };

export const NOT_FOUND_META: PageMeta = meta('404 Page Not Found', 'This page does not exist.', '');

/** Whether `path` fits a route pattern (`:name` matches one non-empty segment). */
function matches(pattern: string, path: string): boolean {
  const expected = pattern.split('/');
  const actual = path.split('/');
  return expected.length === actual.length && expected.every((part, index) => (part.startsWith(':') ? actual[index] !== '' : part === actual[index]));
}

/** The route of a path, if any. Trailing slashes are ignored. */
export function findRoute(pathname: string): RouteEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((route) => matches(route.path, path));
}

/** Metadata for a page: its own title and description in the product's format. */
export const pageMeta = (title: string, description: string, keywords = ''): PageMeta => meta(title, description, keywords);

/** Metadata for a path: its route's, or the 404 page's. */
export function metaForPath(pathname: string): PageMeta {
  return findRoute(pathname)?.meta ?? NOT_FOUND_META;
}

/** JSON document the shell fetches at start: federation container name → manifest URL. */
export type RemoteManifest = Record<RemoteName, string>;
export const REMOTE_MANIFEST_PATH = '/remotes.json';
