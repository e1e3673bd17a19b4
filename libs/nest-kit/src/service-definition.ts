import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { Options } from '@mikro-orm/postgresql';
import type { ServiceName } from '@lipcast/contracts';
import { createPingController } from './ping';
import type { ServiceSettings } from './settings';

export interface ServiceDefinition {
  name: ServiceName;
  ormConfig: (databaseUrl: string) => Options;
  /** The service's Nest module: its database, its handlers and the readiness ping. */
  module(settings: ServiceSettings): DynamicModule;
}

/** What makes a service, in one place: its name, its database and its handlers. */
export function defineService(options: {
  name: ServiceName;
  ormConfig: (databaseUrl: string) => Options;
  controllers?: Type[];
  providers?: Provider[];
}): ServiceDefinition {
  @Module({})
  class ServiceModule {}
  Object.defineProperty(ServiceModule, 'name', { value: `${options.name[0].toUpperCase()}${options.name.slice(1)}ServiceModule` });

  return {
    name: options.name,
    ormConfig: options.ormConfig,
    module: (settings) => ({
      module: ServiceModule,
      imports: [MikroOrmModule.forRoot(options.ormConfig(settings.DATABASE_URL))],
      controllers: [createPingController(options.name), ...(options.controllers ?? [])],
      providers: options.providers ?? [],
    }),
  };
}
