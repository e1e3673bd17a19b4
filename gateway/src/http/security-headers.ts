import type { NextFunction, Request, Response } from 'express';
import { Subjects } from '@lipcast/contracts';
import type { ServiceClient } from '@lipcast/nest-kit';
import { parseImageSources, type GatewaySettings } from '../settings';

/**
 * Security headers on every response the gateway sends (pages, static files, API answers). The
 * Content-Security-Policy allows our own origin and, besides it, only what is configured:
 * remotes deployed elsewhere, the identity provider (sign-in forms post there; pictures), the
 * profile-picture origins, and Stripe.js with its frames while payments are embedded. See
 * ARCHITECTURE.md, "Security headers".
 */

/** What Stripe.js and its payment frames need (Stripe's CSP guide), allowed only in embedded mode. */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

export interface CspSources {
  /** Origins of remotes deployed elsewhere (absolute `REMOTE_*_URL`s); same-origin ones add nothing. */
  remoteOrigins: string[];
  /** The OpenID Connect issuer's origin: the logout confirmation form posts to us and we redirect there. */
  issuerOrigin?: string;
  /** Where profile pictures may come from (`CSP_IMG_ORIGINS`). */
  imageSources: string[];
  /** Stripe.js and its frames (the billing service's checkout is `embedded`). */
  stripe: boolean;
  /** The object store's public origin (`S3_PUBLIC_URL`): media answers redirect there. */
  mediaOrigin?: string;
}

/** The origin of an absolute http(s) URL; null for a path on our own origin or anything else. */
export function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(sources: CspSources): string {
  const remotes = [...new Set(sources.remoteOrigins)];
  const stripe = sources.stripe ? STRIPE_SOURCES : { script: [], frame: [], connect: [], img: [] };
  const media = sources.mediaOrigin ? [sources.mediaOrigin] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // Module Federation loads remote entries and chunks as scripts; no inline script, no eval.
    ['script-src', ["'self'", ...remotes, ...stripe.script]],
    // Radix and the toaster add style elements and attributes at run time.
    ['style-src', ["'self'", "'unsafe-inline'", ...remotes]],
    // data: for the favicon and the Creator's upload preview.
    ['img-src', ["'self'", 'data:', ...remotes, ...media, ...(sources.issuerOrigin ? [sources.issuerOrigin] : []), ...sources.imageSources, ...stripe.img]],
    // blob: for the wizard's own-voice recorder, which plays back the recording it just made.
    ['media-src', ["'self'", 'blob:', ...media]],
    ['font-src', ["'self'", 'data:', ...remotes]],
    // The remotes' manifests are fetched; the job progress streams are our own.
    ['connect-src', ["'self'", ...remotes, ...stripe.connect]],
    ['frame-src', stripe.frame.length ? stripe.frame : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...(sources.issuerOrigin ? [sources.issuerOrigin] : [])]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeadersOptions {
  sources: Omit<CspSources, 'stripe'>;
  /** Whether payments are embedded (Stripe.js on our pages); asked per response, answered from a cache. */
  embeddedPayments: () => Promise<boolean>;
  /** Our public origin when configured: HSTS is sent when it, or the request, is https. */
  publicUrl?: string;
}

export function securityHeadersMiddleware(options: SecurityHeadersOptions) {
  const policies = {
    plain: contentSecurityPolicy({ ...options.sources, stripe: false }),
    withStripe: contentSecurityPolicy({ ...options.sources, stripe: true }),
  };
  const httpsOrigin = options.publicUrl?.startsWith('https://') ?? false;
  return (request: Request, response: Response, next: NextFunction) => {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    response.setHeader('X-Frame-Options', 'DENY');
    if (httpsOrigin || request.secure) response.setHeader('Strict-Transport-Security', HSTS);
    options
      .embeddedPayments()
      .catch(() => false)
      .then((stripe) => {
        response.setHeader('Content-Security-Policy', stripe ? policies.withStripe : policies.plain);
        next();
      });
  };
}

/**
 * A value asked from elsewhere, kept for `maxAgeMs`: the first caller waits for it, later ones get
 * the kept value at once while a fresh one is fetched in the background. A failed fetch counts as
 * `fallback` for the same time, so an absent billing service does not slow every response.
 */
export function cachedLookup<T>(fetch: () => Promise<T>, fallback: T, maxAgeMs: number, now = () => Date.now()): () => Promise<T> {
  let kept: { value: T; at: number } | null = null;
  let pending: Promise<T> | null = null;
  const refresh = () =>
    (pending ??= fetch()
      .catch(() => fallback)
      .then((value) => {
        kept = { value, at: now() };
        pending = null;
        return value;
      }));
  return async () => {
    if (!kept) return refresh();
    if (now() - kept.at > maxAgeMs) void refresh();
    return kept.value;
  };
}

/** How long the gateway keeps billing's answer to "are payments embedded?" before asking again. */
export const PAYMENT_MODE_MAX_AGE_MS = 60_000;
const PAYMENT_MODE_TIMEOUT_MS = 2000;

/** The gateway's security headers from its settings; whether Stripe.js is allowed follows billing's `StripeConfig`. */
export function gatewaySecurityHeaders(settings: GatewaySettings, services: ServiceClient) {
  const remoteUrls = [settings.REMOTE_MFE_WIZARD_URL, settings.REMOTE_MFE_INFLUENCER_URL, settings.REMOTE_MFE_BILLING_URL, settings.REMOTE_MFE_CONTENT_URL];
  const embeddedPayments = cachedLookup(
    async () => {
      const config = await services.send(Subjects.billing.stripeConfig, {}, PAYMENT_MODE_TIMEOUT_MS);
      return config.checkout === 'embedded' && !!config.publishableKey;
    },
    false,
    PAYMENT_MODE_MAX_AGE_MS,
  );
  return securityHeadersMiddleware({
    sources: {
      remoteOrigins: remoteUrls.map(originOf).filter((origin): origin is string => origin !== null),
      issuerOrigin: originOf(settings.OIDC_ISSUER_URL) ?? undefined,
      imageSources: parseImageSources(settings.CSP_IMG_ORIGINS) ?? [],
      mediaOrigin: originOf(settings.S3_PUBLIC_URL) ?? undefined,
    },
    embeddedPayments,
    publicUrl: settings.PUBLIC_URL,
  });
}
