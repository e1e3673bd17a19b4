import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateBy, ValidateIf } from 'class-validator';
import { EnvPurpose, RequiredInProduction, WholeNumber } from './env';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Words of the deploy templates' placeholders (CHANGE_ME, CHANGEME1, …example…): case-insensitive. */
const PLACEHOLDER = /change|example/i;

/**
 * A secret that still holds a template's placeholder is refused at start-up: a template applied
 * unchanged would otherwise run production on a secret anyone can read in this repository.
 */
export function NotPlaceholder(): PropertyDecorator {
  return ValidateBy({
    name: 'notPlaceholder',
    validator: {
      validate: (value) => typeof value !== 'string' || !PLACEHOLDER.test(value),
      defaultMessage: () => 'holds a placeholder ("CHANGE…" or "example"): set a secret of your own',
    },
  });
}

const isLoopbackHost = (host: string) => /^(127\.\d+\.\d+\.\d+|localhost|::1)$/.test(host);
const OPS_TOKEN_REQUIRED = 'is required when OPS_HOST is not a loopback address';

/** Settings every service process reads. */
export class ServiceSettings {
  @EnvPurpose('PostgreSQL connection; each process keeps its tables in its own schema')
  @RequiredInProduction()
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgresql:// URL' })
  DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/lipcast';

  @EnvPurpose('NATS server the gateway and the services talk through; a cluster\'s servers comma-separated')
  @RequiredInProduction()
  @Matches(/^(nats|tls):\/\/[^,\s]+(\s*,\s*(nats|tls):\/\/[^,\s]+)*$/, { message: 'must be a nats:// URL, or several separated by commas' })
  NATS_URL = 'nats://127.0.0.1:4222';

  @EnvPurpose('copies of each JetStream stream and key-value bucket this process creates, each on another NATS server: 1 for a single server, 3 on a three-server cluster (a stream with 3 survives losing one server); applied to existing ones at start')
  @WholeNumber(1)
  @Max(5, { message: 'must be 5 or fewer (JetStream\'s limit)' })
  JETSTREAM_REPLICAS = 1;

  @EnvPurpose('NATS user of this process, with NATS_PASS, when the NATS server requires sign-in (deploy/nats); unset for an open server')
  @ValidateIf((settings: ServiceSettings) => settings.NATS_USER !== undefined || settings.NATS_PASS !== undefined)
  @IsString({ message: 'is required with NATS_PASS' })
  NATS_USER?: string;

  @EnvPurpose('password of NATS_USER')
  @ValidateIf((settings: ServiceSettings) => settings.NATS_USER !== undefined || settings.NATS_PASS !== undefined)
  @IsString({ message: 'is required with NATS_USER' })
  @NotPlaceholder()
  NATS_PASS?: string;

  @EnvPurpose('NKey seed (SU…) this process signs in to NATS with, instead of NATS_USER and NATS_PASS')
  @IsOptional()
  @Matches(/^SU[A-Z2-7]{56}$/, { message: 'must be a user NKey seed (SU followed by 56 letters and digits)' })
  @ValidateBy({
    name: 'natsSignInAlone',
    validator: {
      validate: (_seed, args) => {
        const settings = args?.object as ServiceSettings;
        return settings.NATS_USER === undefined && settings.NATS_PASS === undefined;
      },
      defaultMessage: () => 'cannot be combined with NATS_USER/NATS_PASS; set one way of signing in to NATS',
    },
  })
  NATS_NKEY_SEED?: string;

  @EnvPurpose('how much the JSON logs say')
  @IsIn(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL = 'info';

  @EnvPurpose('address of this process\'s operator-only listener (/healthz, /readyz, /status); 127.0.0.1 keeps it on the machine')
  @IsString()
  OPS_HOST = '127.0.0.1';

  @EnvPurpose('port of the operator-only listener (default: gateway 9400, auth 9401, generation 9402, billing 9403, content 9404; 0 = any free port)')
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be a port number' })
  @Min(0, { message: 'must be a port number' })
  @Max(65535, { message: 'must be a port number' })
  OPS_PORT?: number;

  @EnvPurpose('when set, every operator request needs "Authorization: Bearer <OPS_TOKEN>"; required when OPS_HOST is not loopback')
  // Optional on loopback only: a listener the network reaches (Kubernetes' OPS_HOST=0.0.0.0) with
  // the template's empty token would answer anyone.
  @ValidateIf((settings: ServiceSettings) => settings.OPS_TOKEN !== undefined || !isLoopbackHost(settings.OPS_HOST))
  @IsString({ message: OPS_TOKEN_REQUIRED })
  @MinLength(16, { message: ({ value }) => (value === undefined ? OPS_TOKEN_REQUIRED : 'must be at least 16 characters') })
  @NotPlaceholder()
  OPS_TOKEN?: string;

  @EnvPurpose('seconds a process takes on SIGTERM to finish what it is doing (a worker its running jobs, the gateway its requests) before it hands the rest back and exits; keep it under the orchestrator\'s termination grace period')
  @WholeNumber(0, { max: 3600, unit: 'seconds' })
  SHUTDOWN_GRACE_SECONDS = 60;
}

/** Settings of processes that read or write media. */
export class MediaServiceSettings extends ServiceSettings {
  @EnvPurpose('URL of the S3-compatible object store holding all media; npm start runs an embedded one')
  @RequiredInProduction()
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
