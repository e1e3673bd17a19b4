import { resolve } from 'node:path';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { MediaServiceSettings } from '@lipcast/nest-kit';

/** Everything the gateway reads from the environment (see the README's configuration table). */
export class GatewaySettings extends MediaServiceSettings {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '127.0.0.1';

  @Type(() => Number)
  @IsInt()
  @Min(100)
  NATS_REQUEST_TIMEOUT_MS = 5000;

  /** Folder holding `shell/dist` and each remote's `dist`. */
  @IsString()
  WEB_ROOT = resolve(__dirname, '../..');

  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE = 600;

  @IsOptional() @IsString() REMOTE_MFE_WIZARD_URL?: string;
  @IsOptional() @IsString() REMOTE_MFE_INFLUENCER_URL?: string;
  @IsOptional() @IsString() REMOTE_MFE_BILLING_URL?: string;
  @IsOptional() @IsString() REMOTE_MFE_CONTENT_URL?: string;
}
