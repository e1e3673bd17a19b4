import { ErrorCode } from '@lipcast/contracts';
import { ServiceError, StoreUnavailableError } from '@lipcast/nest-kit';
import { ProviderError } from '../ports/media';
import { isDependencyOutage } from './outages';

describe(isDependencyOutage.name, () => {
  it('is true for the store, a service or PostgreSQL being away', () => {
    expect(isDependencyOutage(new StoreUnavailableError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isDependencyOutage(new ServiceError(ErrorCode.Unavailable, 'unavailable', { subject: 'billing.credits.commit.v1' }))).toBe(true);
    expect(isDependencyOutage(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDependencyOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('is false for anything about the job itself', () => {
    expect(isDependencyOutage(new ServiceError(ErrorCode.Validation, 'Text is required'))).toBe(false);
    expect(isDependencyOutage(new ProviderError('No face was found', 'failed'))).toBe(false);
    expect(isDependencyOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDependencyOutage(new Error('ffmpeg exited with code 1'))).toBe(false);
  });
});
