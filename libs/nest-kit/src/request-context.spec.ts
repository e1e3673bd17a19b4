import { acceptOrCreateRequestId, currentRequestId, runWithRequestId } from './request-context';

describe(acceptOrCreateRequestId.name, () => {
  it('keeps a safe incoming id', () => {
    expect(acceptOrCreateRequestId('req-123:abc')).toBe('req-123:abc');
  });

  it('replaces a missing, long or unsafe id with a new UUID', () => {
    for (const incoming of [undefined, 'x'.repeat(65), 'a b', '<script>']) {
      expect(acceptOrCreateRequestId(incoming)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe(runWithRequestId.name, () => {
  it('makes the id current for the work, including after an await', async () => {
    await runWithRequestId('r1', async () => {
      await Promise.resolve();
      expect(currentRequestId()).toBe('r1');
    });
    expect(currentRequestId()).toBeUndefined();
  });
});
