import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export class InvalidEnvironmentError extends Error {}

const PURPOSE = Symbol('lipcast:env-purpose');

/** What an environment variable is for; the start-up message repeats it next to a bad value. */
export function EnvPurpose(purpose: string): PropertyDecorator {
  return (target, property) => Reflect.defineMetadata(PURPOSE, purpose, target, property);
}

function describe(error: ValidationError, target: object): string {
  const purpose = Reflect.getMetadata(PURPOSE, target, error.property) as string | undefined;
  const problems = [...new Set(Object.values(error.constraints ?? {}))].join('; ');
  return `  ${error.property}${purpose ? ` (${purpose})` : ''}: ${problems}`;
}

/**
 * Reads the environment into a validated settings object (defaults come from the class's field
 * initialisers). On failure the message names every bad variable, what it is for and the rule it broke.
 */
export function readEnv<T extends object>(settings: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const instance = plainToInstance(settings, defined, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(instance, { whitelist: false });
  if (errors.length) {
    const lines = errors.map((error) => describe(error, instance));
    throw new InvalidEnvironmentError(`Invalid environment for ${settings.name}; set these variables and start again:\n${lines.join('\n')}`);
  }
  return instance;
}

/** `readEnv` for a process start: prints the one message and exits 1 instead of throwing. */
export function validateEnv<T extends object>(settings: new () => T): T {
  try {
    return readEnv(settings);
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
