import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { EnvPurpose } from './env';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Settings every service process reads. */
export class ServiceSettings {
  @EnvPurpose('PostgreSQL connection; each process keeps its tables in its own schema')
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgresql:// URL' })
  DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/lipcast';

  @EnvPurpose('NATS server the gateway and the services talk through')
  @Matches(/^(nats|tls):\/\//, { message: 'must be a nats:// URL' })
  NATS_URL = 'nats://127.0.0.1:4222';

  @EnvPurpose('how much the JSON logs say')
  @IsIn(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL = 'info';
}

/** Settings of processes that read or write media. */
export class MediaServiceSettings extends ServiceSettings {
  @EnvPurpose('URL of the S3-compatible object store holding all media; npm start runs an embedded one')
  @Matches(/^https?:\/\//, { message: 'must be an http(s) URL' })
  S3_ENDPOINT!: string;

  @EnvPurpose('access key of the object store')
  @IsString({ message: 'is required' })
  S3_ACCESS_KEY!: string;

  @EnvPurpose('secret key of the object store')
  @IsString({ message: 'is required' })
  S3_SECRET_KEY!: string;

  @EnvPurpose('bucket for all media')
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a valid bucket name (3-63 lower-case letters, digits, dots, dashes)' })
  S3_BUCKET = 'lipcast-media';

  @EnvPurpose('region of the object store')
  @IsOptional()
  @IsString()
  S3_REGION = 'us-east-1';
}

export type StorageSettings = Pick<MediaServiceSettings, 'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET' | 'S3_REGION'>;
