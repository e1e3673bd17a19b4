import { resolve } from 'node:path';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { EnvPurpose, MediaServiceSettings } from '@lipcast/nest-kit';

const REMOTE_URL_PURPOSE = 'manifest URL of this remote, when it is deployed somewhere else than the gateway';

/** Everything the gateway reads from the environment (see the README's configuration table). */
/** An absolute http(s) URL; hosts without a TLD (localhost, 127.0.0.1) are fine. */
const IsHttpUrl = () => IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'must be an http(s) URL' });

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
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(100, { message: 'must be at least 100' })
  NATS_REQUEST_TIMEOUT_MS = 5000;

  @EnvPurpose('how long POST /api/replicate/lipsync waits for the video before answering 202 (the client asks again)')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(100, { message: 'must be at least 100' })
  LIPSYNC_HOLD_MS = 100_000;

  @EnvPurpose('folder holding shell/dist and each remote\'s dist (the built front end)')
  @IsString()
  WEB_ROOT = resolve(__dirname, '../..');

  @EnvPurpose('requests per minute and client IP allowed on /api')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  RATE_LIMIT_PER_MINUTE = 600;

  @EnvPurpose(REMOTE_URL_PURPOSE) @IsOptional() @IsString() REMOTE_MFE_WIZARD_URL?: string;
  @EnvPurpose(REMOTE_URL_PURPOSE) @IsOptional() @IsString() REMOTE_MFE_INFLUENCER_URL?: string;
  @EnvPurpose(REMOTE_URL_PURPOSE) @IsOptional() @IsString() REMOTE_MFE_BILLING_URL?: string;
  @EnvPurpose(REMOTE_URL_PURPOSE) @IsOptional() @IsString() REMOTE_MFE_CONTENT_URL?: string;
  @EnvPurpose('sign-in attempts (login and callback requests) per client address per minute')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be at least 1' })
  SIGN_IN_RATE_LIMIT_PER_MINUTE = 30;

  @EnvPurpose('OpenID Connect issuer URL users sign in with (npm start runs an embedded one)')
  @IsOptional()
  @IsHttpUrl()
  OIDC_ISSUER_URL?: string;

  @EnvPurpose('client id registered at the issuer')
  @IsString()
  OIDC_CLIENT_ID = 'lipcast';

  @EnvPurpose('client secret registered at the issuer')
  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  @EnvPurpose('the site\'s public origin, e.g. https://lipcast.example (sign-in redirects; else taken from each request)')
  @IsOptional()
  @IsHttpUrl()
  PUBLIC_URL?: string;

  @EnvPurpose('secret that signs the session cookie; the same on every gateway replica (required in production)')
  @ValidateIf((settings: GatewaySettings) => settings.SESSION_SECRET !== undefined || process.env.NODE_ENV === 'production')
  @IsString({ message: 'must be set in production' })
  @MinLength(32, { message: 'must be at least 32 characters' })
  SESSION_SECRET?: string;

  @EnvPurpose('hours a session lasts without a request (each request extends it)')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number of hours' })
  @Min(1, { message: 'must be at least 1' })
  SESSION_TTL_HOURS = 336;
}
