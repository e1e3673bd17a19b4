import { Controller } from '@nestjs/common';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { pingSubject, Subjects, type Account, type PingResponse, type Plan } from '@lipcast/contracts';
import { Handles } from './handles';
import type { ServiceClient } from './service-client';

/**
 * The contracts hold at compile time: each `@ts-expect-error` below fails the type-check
 * (`tsc -p tsconfig.json --noEmit`, which `npm test` runs over the spec files too) the day its line compiles.
 */
async function callers(services: ServiceClient): Promise<void> {
  const plans: Plan[] = await services.send(Subjects.billing.plansList, {});
  const account: Account = await services.send(Subjects.billing.accountGet, { userId: 'u' });
  const pong: PingResponse = await services.send(pingSubject('billing'), {});
  // @ts-expect-error a payload that is not the subject's request
  await services.send(Subjects.billing.accountGet, { id: 'u' });
  // @ts-expect-error a field the request does not have
  await services.send(Subjects.billing.plansList, { userId: 'u' });
  // @ts-expect-error the reply read as another subject's
  const wrong: Plan[] = await services.send(Subjects.billing.accountGet, { userId: 'u' });
  // @ts-expect-error a plain string is no subject: its contract would be unknown
  await services.send('billing.plans.list.v1', {});
  // @ts-expect-error a request/reply subject is not an event
  services.publish(Subjects.billing.plansList, []);
  void [plans, account, pong, wrong];
}

@Controller()
class PlansProbe {
  @Handles(Subjects.billing.plansList)
  list(): Promise<Plan[]> {
    return Promise.resolve([]);
  }

  // @ts-expect-error a handler whose answer is not the subject's reply
  @Handles(Subjects.billing.accountGet)
  account(): Promise<Plan[]> {
    return Promise.resolve([]);
  }

  // @ts-expect-error a handler whose payload is unrelated to the subject's request
  @Handles(Subjects.billing.accountGet)
  byId(request: { id: number }): Promise<Account> {
    return Promise.reject(new Error(`no account ${request.id}`));
  }
}

describe(Handles.name, () => {
  it('registers the handler for its subject, as @MessagePattern does', () => {
    expect(Reflect.getMetadata(PATTERN_METADATA, PlansProbe.prototype.list)).toEqual(['billing.plans.list.v1']);
    expect(Reflect.getMetadata(PATTERN_METADATA, PlansProbe.prototype.account)).toEqual([Subjects.billing.accountGet]);
  });

  it('leaves a subject a plain string at run time, as NATS sends it', () => {
    expect(typeof Subjects.billing.plansList).toBe('string');
    expect(`${pingSubject('billing')}`).toBe('billing.health.ping.v1');
    expect(callers).toBeInstanceOf(Function);
  });
});
