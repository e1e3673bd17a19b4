import { checkContract, CONTRACT_CHECK_ENV, ContractViolation } from './contract-check';

describe('checkContract (the integration tests turn it on)', () => {
  const before = process.env[CONTRACT_CHECK_ENV];
  afterEach(() => {
    if (before === undefined) delete process.env[CONTRACT_CHECK_ENV];
    else process.env[CONTRACT_CHECK_ENV] = before;
    jest.restoreAllMocks();
  });

  const reservation = { jobId: 'j1', userId: 'u1', status: 'reserved', source: 'free' };

  it('passes a request and reply that match the subject’s checked-in contract', () => {
    process.env[CONTRACT_CHECK_ENV] = '1';
    expect(() => checkContract('billing.credits.reserve.v1', 'caller', { userId: 'u1', jobId: 'j1' }, reservation)).not.toThrow();
  });

  it('throws a violation naming the subject, the side and each wrong field', () => {
    process.env[CONTRACT_CHECK_ENV] = '1';
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const check = () => checkContract('billing.credits.reserve.v1', 'service', { userId: 'u1' }, { ...reservation, status: 'held', extra: 1 });
    expect(check).toThrow(ContractViolation);
    expect(check).toThrow(
      'NATS contract violation on billing.credits.reserve.v1 (seen by the service; libs/contracts/schemas/nats/billing.credits.reserve.v1.json):\n' +
        '  request.jobId: required, missing\n' +
        '  reply.status: must be one of "reserved", "committed", "released", is "held"\n' +
        '  reply.extra: not in the contract',
    );
  });

  it('reads null in an optional request field as absent, as the services do, but not in a required one or a reply', () => {
    process.env[CONTRACT_CHECK_ENV] = '1';
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const audio = { text: 'Hello', voice_id: 'Calm_Woman', userId: 'u1' };
    expect(() => checkContract('generation.audio.create.v1', 'caller', { ...audio, language: null }, { url: '/api/media/a.mp3' })).not.toThrow();
    expect(() => checkContract('generation.audio.create.v1', 'caller', { ...audio, text: null }, { url: '/api/media/a.mp3' })).toThrow('request.text: must be string, is null');
    expect(() => checkContract('billing.credits.reserve.v1', 'caller', { userId: 'u1', jobId: 'j1' }, { ...reservation, source: null })).toThrow('reply.source: must be one of');
  });

  it('checks nothing while off (production) or for a subject without a contract', () => {
    delete process.env[CONTRACT_CHECK_ENV];
    expect(() => checkContract('billing.credits.reserve.v1', 'caller', {}, null)).not.toThrow();
    process.env[CONTRACT_CHECK_ENV] = '1';
    expect(() => checkContract('test.echo', 'caller', {}, null)).not.toThrow();
  });
});
