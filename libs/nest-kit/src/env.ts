import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export class InvalidEnvironmentError extends Error {}

/**
 * Reads the environment into a validated settings object (defaults come from the class's field
 * initialisers). On failure the message names every bad variable and the constraint it broke.
 */
export function readEnv<T extends object>(settings: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const instance = plainToInstance(settings, defined, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(instance, { whitelist: false });
  if (errors.length) {
    const lines = errors.map((error: ValidationError) => `  ${error.property}: ${Object.values(error.constraints ?? {}).join('; ')}`);
    throw new InvalidEnvironmentError(`Invalid environment for ${settings.name}:\n${lines.join('\n')}`);
  }
  return instance;
}

/** `readEnv` for a process start: prints the message and exits instead of throwing. */
export function readEnvOrExit<T extends object>(settings: new () => T): T {
  try {
    return readEnv(settings);
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
