import { IsString, MinLength } from 'class-validator';
import { EnvPurpose, NotPlaceholder, RequiredInProduction, ServiceSettings } from '@lipcast/nest-kit';

/** The auth service's environment: the database and NATS, plus the key of deleted identities' fingerprints. */
export class AuthSettings extends ServiceSettings {
  @EnvPurpose('key of the one-way fingerprint (HMAC-SHA256 of issuer and subject) a deleted account leaves, so signing up again does not renew the free generations; keep it: a new key forgets every fingerprint')
  @RequiredInProduction()
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  @NotPlaceholder()
  IDENTITY_HASH_SECRET = 'lipcast-development-identity-hash-secret';
}
