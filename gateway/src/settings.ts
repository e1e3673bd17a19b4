import { resolve } from 'node:path';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateBy } from 'class-validator';
import { ACTOR_CLIP_DEFAULTS, AUDIO_UPLOAD_LIMITS } from '@lipcast/contracts';
import { EnvPurpose, MediaServiceSettings, NotPlaceholder, RequiredInProduction, WholeNumber } from '@lipcast/nest-kit';
import { parseTrustProxy } from './http/trust-proxy';

const REMOTE_URL_PURPOSE = 'manifest URL of this remote, when it is deployed somewhere else than the gateway';

/** An absolute http(s) URL; hosts without a TLD (localhost, 127.0.0.1) are fine. */
const IsHttpUrl = () => IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'must be an http(s) URL' });
/** A text setting `accepts` reads, else refused with `message` (given the value). */
const Accepted = (name: string, accepts: (text: string) => boolean, message: (value: unknown) => string) =>
  ValidateBy({ name, validator: { validate: (value) => typeof value === 'string' && accepts(value), defaultMessage: (args) => message(args?.value) } });

/** Empty, or comma-separated names without spaces inside (spaces around commas are fine). */
const ADMIN_LIST_PATTERN = /^\s*([^\s,]+(\s*,\s*[^\s,]+)*)?\s*,?\s*$/;

/** The entries of `ADMIN_GROUPS`, lowercased. */
export const adminList = (value: string): string[] =>
  value.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);

/**
 * An issuer URL as OIDC compares it (openid-client checks the discovered issuer by its URL form), so
 * `https://id.example` and `https://id.example/` are the same issuer; anything else as it is.
 */
export function issuerKey(value: string): string {
  try {
    return new URL(value).href;
  } catch {
    return value;
  }
}

/** The operators `ADMIN_USERS` names, and the entries that are neither form (the settings refuse those). */
export interface AdminUsers {
  /** `issuer|subject`: the ID token's `iss` (as `issuerKey`) and `sub`, which the issuer assigns and users cannot choose. */
  subjects: { issuer: string; subject: string }[];
  /** E-mail addresses, lowercased; they count only when verified by the configured issuer (`admin-role.ts`). */
  emails: string[];
  invalid: string[];
}

const EMAIL_ADDRESS = /^[^\s@|]+@[^\s@|]+$/;
const isHttpUrl = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

/**
 * Reads `ADMIN_USERS`. An entry is `issuer|subject`, split at the first `|` (issuer URLs have none,
 * subjects may: Auth0's are `auth0|…`), or an e-mail address. A bare username is neither: most issuers
 * let users pick their username and display name, so a name can never make an operator.
 */
export function parseAdminUsers(value: string): AdminUsers {
  const users: AdminUsers = { subjects: [], emails: [], invalid: [] };
  for (const entry of value.split(',').map((item) => item.trim()).filter(Boolean)) {
    const bar = entry.indexOf('|');
    const issuer = bar > 0 ? entry.slice(0, bar) : '';
    const subject = entry.slice(bar + 1);
    if (bar > 0 && isHttpUrl(issuer) && subject) users.subjects.push({ issuer: issuerKey(issuer), subject });
    else if (bar < 0 && EMAIL_ADDRESS.test(entry)) users.emails.push(entry.toLowerCase());
    else users.invalid.push(entry);
  }
  return users;
}

/** `"grace" is` / `"grace", "bob" are`: the entries of ADMIN_USERS the start-up message names. */
function describeInvalidAdminUsers(value: unknown): string {
  const invalid = typeof value === 'string' ? parseAdminUsers(value).invalid : [];
  return `${invalid.map((entry) => `"${entry}"`).join(', ')} ${invalid.length === 1 ? 'is' : 'are'}`;
}

/**
 * `CSP_IMG_ORIGINS`: sources separated by spaces or commas, each `https:` (any https origin) or an
 * http(s) origin, optionally `*.`-wildcarded (`https://*.googleusercontent.com`); `none` allows no
 * outside pictures. Null when a source is invalid.
 */
export function parseImageSources(value: string): string[] | null {
  const sources = value.split(/[\s,]+/).filter(Boolean);
  if (sources.length === 1 && sources[0] === 'none') return [];
  const valid = (source: string) => source === 'https:' || /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(source);
  return sources.length && sources.every(valid) ? sources : null;
}

/** Everything the gateway reads from the environment (docs/configuration.md lists it). */
export class GatewaySettings extends MediaServiceSettings {
  @EnvPurpose('HTTP port of the gateway')
  @Type(() => Number)
  @IsInt({ message: 'must be a port number' })
  @Min(1, { message: 'must be a port number' })
  @Max(65535, { message: 'must be a port number' })
  PORT = 3000;

  @EnvPurpose('address the gateway listens on (0.0.0.0 in a container)')
  @IsString()
  HOST = '127.0.0.1';

  @EnvPurpose('how long the gateway waits for a service to answer, in milliseconds')
  @WholeNumber(100, { unit: 'milliseconds' })
  NATS_REQUEST_TIMEOUT_MS = 5000;

  @EnvPurpose('how long POST /api/replicate/lipsync waits for the video before answering 202 (the client asks again)')
  @WholeNumber(100, { unit: 'milliseconds' })
  LIPSYNC_HOLD_MS = 100_000;

  @EnvPurpose('how long POST /api/ai-influencer/video waits for the clip before answering 202 (the client asks again; its own time-out is 120 s)')
  @WholeNumber(100, { unit: 'milliseconds' })
  INFLUENCER_VIDEO_HOLD_MS = 100_000;

  @EnvPurpose('folder holding shell/dist and each remote\'s dist (the built front end)')
  @IsString()
  WEB_ROOT = resolve(__dirname, '../..');

  @EnvPurpose('requests per minute and client IP allowed on /api')
  @WholeNumber(1)
  RATE_LIMIT_PER_MINUTE = 600;

  @EnvPurpose('requests per minute and API key allowed on the public API (/api/v1), over all its routes together (429 beyond)')
  @WholeNumber(1)
  API_RATE_LIMIT_PER_MINUTE = 600;

  @EnvPurpose(REMOTE_URL_PURPOSE) @IsOptional() @IsString() REMOTE_MFE_WIZARD_URL?: string;
  @EnvPurpose(REMOTE_URL_PURPOSE) @IsOptional() @IsString() REMOTE_MFE_INFLUENCER_URL?: string;
  @EnvPurpose(REMOTE_URL_PURPOSE) @IsOptional() @IsString() REMOTE_MFE_BILLING_URL?: string;
  @EnvPurpose(REMOTE_URL_PURPOSE) @IsOptional() @IsString() REMOTE_MFE_CONTENT_URL?: string;
  @EnvPurpose(REMOTE_URL_PURPOSE) @IsOptional() @IsString() REMOTE_MFE_ADMIN_URL?: string;

  @EnvPurpose('where profile pictures may be loaded from (Content-Security-Policy img-src): "https:" for any https origin, a list of origins, or "none"')
  @Accepted('imageSources', (text) => parseImageSources(text) !== null, () => 'must be "https:", "none" or origins such as https://lh3.googleusercontent.com, separated by spaces or commas')
  CSP_IMG_ORIGINS = 'https:';
  @EnvPurpose('sign-in attempts (login and callback requests) per client address per minute')
  @WholeNumber(1)
  SIGN_IN_RATE_LIMIT_PER_MINUTE = 30;

  @EnvPurpose('previews (speech, script, portrait, picture check) per minute and signed-in user, or per client address when signed out (429 beyond)')
  @WholeNumber(1)
  PREVIEW_RATE_LIMIT_PER_MINUTE = 30;

  @EnvPurpose("largest own actor's clip a creator may upload, in megabytes (413 beyond)")
  @WholeNumber(1, { unit: 'megabytes' })
  ACTOR_CLIP_MAX_MB: number = ACTOR_CLIP_DEFAULTS.maxMegabytes;

  @EnvPurpose("largest recording or audio file a creator may upload as their own voice, in megabytes (413 beyond)")
  @WholeNumber(1, { unit: 'megabytes' })
  AUDIO_UPLOAD_MAX_MB: number = AUDIO_UPLOAD_LIMITS.maxMegabytes;

  @EnvPurpose('OpenID Connect issuer URL users sign in with (npm start runs an embedded one)')
  @RequiredInProduction()
  @IsOptional()
  @IsHttpUrl()
  OIDC_ISSUER_URL?: string;

  @EnvPurpose('operators of the console under /api/admin, comma-separated; checked on every admin request')
  @Accepted(
    'adminUsers',
    (text) => parseAdminUsers(text).invalid.length === 0,
    (value) =>
      `${describeInvalidAdminUsers(value)} neither issuer|subject nor an e-mail address. ` +
      'Write each operator as issuer|subject, the ID token\'s iss and sub (e.g. https://id.example.com|248289761001, or https://example.eu.auth0.com/|auth0|65f0c1), ' +
      'or as an e-mail address (e.g. ops@example.com), which counts once OIDC_ISSUER_URL says it is verified; separate them with commas; ' +
      'a username is not accepted, since users can choose it at most issuers (use ADMIN_GROUPS for a group)',
  )
  ADMIN_USERS = '';

  @EnvPurpose('OIDC groups (the ID token\'s "groups" claim) whose members are operators, comma-separated; npm start and the tests use lipcast-admins, which the dev identity provider gives usernames starting with "admin"')
  @Matches(ADMIN_LIST_PATTERN, { message: 'must be group names separated by commas' })
  ADMIN_GROUPS = '';

  @EnvPurpose('hours an operator\'s sign-in gives admin rights (/api/admin); after that the console asks them to sign in again, which reads their groups and e-mail from the issuer anew')
  @WholeNumber(1, { unit: 'hours' })
  ADMIN_SESSION_MAX_HOURS = 12;

  @EnvPurpose('client id registered at the issuer')
  @IsString()
  OIDC_CLIENT_ID = 'lipcast';

  @EnvPurpose('client secret registered at the issuer')
  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  @EnvPurpose('the site\'s public origin, e.g. https://lipcast.example (sign-in redirects; else taken from each request)')
  @RequiredInProduction()
  @IsOptional()
  @IsHttpUrl()
  PUBLIC_URL?: string;

  @EnvPurpose('seconds the gateway keeps the answers of public reads (published posts, plans, actors, voices, samples) and lets browsers keep them; 0 turns it off')
  @WholeNumber(0, { max: 300, unit: 'seconds' })
  PUBLIC_READ_CACHE_SECONDS = 5;

  @EnvPurpose('the object store\'s (or its CDN\'s) origin as browsers reach it, e.g. https://media.lipcast.example; when set, media answers are short-lived presigned redirects there, so video bytes never pass through the gateway (npm start sets it to the embedded store)')
  @IsOptional()
  @Matches(/^https?:\/\/[^/?#]+\/?$/, { message: 'must be an http(s) origin without a path, e.g. https://media.lipcast.example' })
  S3_PUBLIC_URL?: string;

  @EnvPurpose('secret that signs the session cookie; the same on every gateway replica (required in production)')
  @RequiredInProduction()
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  @NotPlaceholder()
  SESSION_SECRET?: string;

  @EnvPurpose('hours a session lasts without a request (each request extends it)')
  @WholeNumber(1, { unit: 'hours' })
  SESSION_TTL_HOURS = 336;

  @EnvPurpose('seconds between two writes of a session\'s new expiry (requests in between extend it without writing)')
  @WholeNumber(0, { unit: 'seconds' })
  SESSION_TOUCH_INTERVAL_SECONDS = 300;

  @EnvPurpose('proxies whose X-Forwarded-For is believed: a hop count (1 = the one ingress in front) or addresses, CIDR ranges and loopback/linklocal/uniquelocal, comma-separated')
  @Accepted('trustProxy', (text) => parseTrustProxy(text) !== null, () => 'must be a hop count (e.g. 1) or a comma-separated list of addresses, CIDR ranges and loopback/linklocal/uniquelocal')
  TRUST_PROXY = 'loopback';

  @EnvPurpose('where rate-limit counters live: "postgres" (shared by every gateway replica) or "memory" (this process only, for one replica)')
  @IsIn(['postgres', 'memory'], { message: 'must be "postgres" or "memory"' })
  RATE_LIMIT_STORE: 'postgres' | 'memory' = 'postgres';

  @EnvPurpose('job event streams and held lip-sync/clip requests one user may have open at once on this gateway replica (429 beyond)')
  @WholeNumber(1)
  MAX_OPEN_STREAMS_PER_USER = 10;

  @EnvPurpose('data exports (GET /api/account/export) one user may start per UTC day, across every gateway replica (429 beyond; one at a time in any case)')
  @WholeNumber(1)
  ACCOUNT_EXPORTS_PER_DAY = 3;

  @EnvPurpose('milliseconds a job event stream stays open before the gateway ends it (the browser reconnects)')
  @WholeNumber(100, { unit: 'milliseconds' })
  STREAM_LIFETIME_MS = 600_000;
}
