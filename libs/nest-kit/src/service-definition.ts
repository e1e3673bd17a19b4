import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { Options } from '@mikro-orm/postgresql';
import type { ServiceName } from '@lipcast/contracts';
import { OpsRegistry } from './ops';
import { createPingController } from './ping';
import { ServiceSettings } from './settings';

export interface ServiceDefinition {
  name: ServiceName;
  ormConfig: (databaseUrl: string) => Options;
  /** The settings class read from the environment (ServiceSettings or a subclass); injectable by its class. */
  settings: Type<ServiceSettings>;
  /** The service's Nest module: its database, its handlers and the readiness ping. */
  module(settings: ServiceSettings): DynamicModule;
}

/** What makes a service, in one place: its name, its database and its handlers. */
export function defineService(options: Pick<ServiceDefinition, 'name' | 'ormConfig'> & {
  settings?: Type<ServiceSettings>;
  /** Modules the service also needs, given its settings (e.g. a client for other services, its feature modules). */
  imports?: (settings: ServiceSettings) => (DynamicModule | Type)[];
  controllers?: Type[];
  providers?: Provider[];
}): ServiceDefinition {
  const prefix = `${options.name[0].toUpperCase()}${options.name.slice(1)}`;
  @Module({})
  class ServiceModule {}
  Object.defineProperty(ServiceModule, 'name', { value: `${prefix}ServiceModule` });
  /** The settings and the operator-only status, injectable in every module of the service (its feature modules too). */
  @Module({})
  class ServiceBasicsModule {}
  Object.defineProperty(ServiceBasicsModule, 'name', { value: `${prefix}BasicsModule` });
  const settingsClass = options.settings ?? ServiceSettings;

  return {
    name: options.name,
    ormConfig: options.ormConfig,
    settings: settingsClass,
    module: (settings) => ({
      module: ServiceModule,
      imports: [
        MikroOrmModule.forRoot(options.ormConfig(settings.DATABASE_URL)),
        {
          module: ServiceBasicsModule,
          global: true,
          providers: [
            { provide: settingsClass, useValue: settings },
            // The operator-only status of this process: providers may add checks and sections to it.
            { provide: OpsRegistry, useValue: new OpsRegistry() },
          ],
          exports: [settingsClass, OpsRegistry],
        },
        ...(options.imports?.(settings) ?? []),
      ],
      controllers: [createPingController(options.name), ...(options.controllers ?? [])],
      providers: options.providers ?? [],
    }),
  };
}
