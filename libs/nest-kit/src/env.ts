import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { IsInt, Max, Min, validateSync, type ValidationError } from 'class-validator';

export class InvalidEnvironmentError extends Error {}

const PURPOSE = Symbol('lipcast:env-purpose');

/** What an environment variable is for; the start-up message repeats it next to a bad value. */
export function EnvPurpose(purpose: string): PropertyDecorator {
  return (target, property) => Reflect.defineMetadata(PURPOSE, purpose, target, property);
}

/**
 * A whole number read from the environment's text, at least `min` (and at most `max`): its errors
 * say "must be a whole number [of <unit>]", "must be at least <min>", "must be at most <max>".
 */
export function WholeNumber(min: number, { max, unit }: { max?: number; unit?: string } = {}): PropertyDecorator {
  const decorators = [Type(() => Number), IsInt({ message: `must be a whole number${unit ? ` of ${unit}` : ''}` }), Min(min, { message: `must be at least ${min}` })];
  if (max !== undefined) decorators.push(Max(max, { message: `must be at most ${max}` }));
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}

const REQUIRED_IN_PRODUCTION = Symbol('lipcast:env-required-in-production');

/**
 * A variable whose default (or whose absence) only suits development: with `NODE_ENV=production`
 * the process refuses to start unless the environment sets it.
 */
export function RequiredInProduction(): PropertyDecorator {
  return (target, property) => {
    const inherited = (Reflect.getMetadata(REQUIRED_IN_PRODUCTION, target) as string[] | undefined) ?? [];
    Reflect.defineMetadata(REQUIRED_IN_PRODUCTION, [...inherited, String(property)], target);
  };
}

/** The variables of a settings class (its own and its parents') that production must set. */
export function requiredInProduction(settings: new () => object): string[] {
  return [...new Set((Reflect.getMetadata(REQUIRED_IN_PRODUCTION, settings.prototype) as string[] | undefined) ?? [])];
}

function describeProblem(target: object, property: string, problems: string): string {
  const purpose = Reflect.getMetadata(PURPOSE, target, property) as string | undefined;
  return `  ${property}${purpose ? ` (${purpose})` : ''}: ${problems}`;
}

function describe(error: ValidationError, target: object): string {
  return describeProblem(target, error.property, [...new Set(Object.values(error.constraints ?? {}))].join('; '));
}

/**
 * Reads the environment into a validated settings object (defaults come from the class's field
 * initialisers). On failure the message names every bad variable, what it is for and the rule it broke.
 */
export function readEnv<T extends object>(settings: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const instance = plainToInstance(settings, defined, { enableImplicitConversion: true, exposeDefaultValues: true });
  // In production an unset variable that only has a development default is the one problem to name.
  const unsetInProduction = env.NODE_ENV === 'production' ? requiredInProduction(settings).filter((property) => defined[property] === undefined) : [];
  const lines = [
    ...validateSync(instance, { whitelist: false }).filter((error) => !unsetInProduction.includes(error.property)).map((error) => describe(error, instance)),
    ...unsetInProduction.map((property) => describeProblem(instance, property, 'must be set when NODE_ENV=production (the development default does not apply)')),
  ];
  if (lines.length) {
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
