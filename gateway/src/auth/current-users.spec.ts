import { EventEmitter } from 'node:events';
import { UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Subjects } from '@lipcast/contracts';
import type { ServiceClient } from '@lipcast/nest-kit';
import { CurrentUsers } from './current-users';
import { KeepsCurrentUser, Public, SignedInGuard } from './signed-in.guard';

/** Auth and billing as a fake port: each account read answers the next generations count. */
function countingServices() {
  const asked: string[] = [];
  let failNext = false;
  const services = {
    send: async (subject: string, payload: { id?: string; userId?: string }) => {
      asked.push(subject);
      if (subject === Subjects.auth.userGet) return { id: payload.id, email: 'ada@example.com' };
      if (failNext) {
        failNext = false;
        throw new Error('billing away');
      }
      return { generationsCount: asked.filter((entry) => entry === Subjects.billing.accountGet).length };
    },
  } as unknown as ServiceClient;
  return { services, accountReads: () => asked.filter((entry) => entry === Subjects.billing.accountGet).length, failOnce: () => (failNext = true) };
}

describe(CurrentUsers.name, () => {
  afterEach(() => jest.useRealTimers());

  it('asks auth and billing once per user and interval, and shares an answer in flight', async () => {
    jest.useFakeTimers({ now: 0 });
    const { services, accountReads } = countingServices();
    const sut = new CurrentUsers(services);
    const [first, second] = await Promise.all([sut.read('u1'), sut.read('u1')]);
    expect(first).toEqual({ id: 'u1', email: 'ada@example.com', generationsCount: 1 });
    expect(second).toBe(first);
    expect(await sut.read('u2')).toMatchObject({ id: 'u2', generationsCount: 2 });
    jest.setSystemTime(CurrentUsers.CACHE_MS - 1);
    expect(await sut.read('u1')).toMatchObject({ generationsCount: 1 });
    jest.setSystemTime(CurrentUsers.CACHE_MS);
    expect(await sut.read('u1')).toMatchObject({ generationsCount: 3 });
    expect(accountReads()).toBe(3);
  });

  it('asks again once told the user changed', async () => {
    const { services } = countingServices();
    const sut = new CurrentUsers(services);
    expect(await sut.read('u1')).toMatchObject({ generationsCount: 1 });
    sut.forget('u1');
    expect(await sut.read('u1')).toMatchObject({ generationsCount: 2 });
  });

  it('never keeps a failure', async () => {
    const { services, failOnce } = countingServices();
    const sut = new CurrentUsers(services);
    failOnce();
    await expect(sut.read('u1')).rejects.toThrow('billing away');
    expect(await sut.read('u1')).toMatchObject({ generationsCount: 2 });
  });
});

describe(`${SignedInGuard.name} and the kept current user`, () => {
  class Routes {
    @KeepsCurrentUser()
    readUser() {}

    startGeneration() {}

    @Public()
    blog() {}
  }

  /** A request to one of `Routes`, and its response (which says 'close' when it ends). */
  function requestTo(handler: keyof Routes, userId?: string) {
    const response = new EventEmitter();
    const context = {
      getHandler: () => Routes.prototype[handler],
      getClass: () => Routes,
      switchToHttp: () => ({ getRequest: () => ({ session: { userId } }), getResponse: () => response }),
    } as unknown as ExecutionContext;
    return { context, end: () => response.emit('close') };
  }

  it('drops the kept answer when a signed-in request that may change the account ends', async () => {
    const { services } = countingServices();
    const currentUsers = new CurrentUsers(services);
    const sut = new SignedInGuard(new Reflector(), currentUsers);
    await currentUsers.read('u1');

    const read = requestTo('readUser', 'u1');
    expect(sut.canActivate(read.context)).toBe(true);
    read.end();
    expect(await currentUsers.read('u1')).toMatchObject({ generationsCount: 1 });

    const generation = requestTo('startGeneration', 'u1');
    expect(sut.canActivate(generation.context)).toBe(true);
    expect(await currentUsers.read('u1')).toMatchObject({ generationsCount: 1 });
    generation.end();
    expect(await currentUsers.read('u1')).toMatchObject({ generationsCount: 2 });
  });

  it('still lets visitors through public routes only', () => {
    const sut = new SignedInGuard(new Reflector(), new CurrentUsers(countingServices().services));
    expect(sut.canActivate(requestTo('blog').context)).toBe(true);
    expect(() => sut.canActivate(requestTo('startGeneration').context)).toThrow(UnauthorizedException);
  });
});
