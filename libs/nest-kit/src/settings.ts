import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Settings every service process reads. */
export class ServiceSettings {
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgresql:// URL' })
  DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/lipcast';

  @Matches(/^(nats|tls):\/\//, { message: 'NATS_URL must be a nats:// URL' })
  NATS_URL = 'nats://127.0.0.1:4222';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL = 'info';
}

/** Settings of processes that read or write media. */
export class MediaServiceSettings extends ServiceSettings {
  @Matches(/^https?:\/\//, { message: 'S3_ENDPOINT must be an http(s) URL of an S3-compatible server (npm start runs an embedded one)' })
  S3_ENDPOINT!: string;

  @IsString({ message: 'S3_ACCESS_KEY is required' })
  S3_ACCESS_KEY!: string;

  @IsString({ message: 'S3_SECRET_KEY is required' })
  S3_SECRET_KEY!: string;

  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a valid bucket name' })
  S3_BUCKET = 'lipcast-media';

  @IsOptional()
  @IsString()
  S3_REGION = 'us-east-1';
}

export type StorageSettings = Pick<MediaServiceSettings, 'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET' | 'S3_REGION'>;
