import { ErrorCode } from '@lipcast/contracts';
import { checkReleasable, liveRelease, rollbackOf, type ReleaseEntry } from './remote-registry.rules';

const released = (id: number, version: string, rolledBack = false): ReleaseEntry => ({ id, version, rolledBackAt: rolledBack ? new Date('2026-11-26T10:00:00Z') : null });

describe('remote registry rules', () => {
  it('takes the newest release not rolled back as live', () => {
    expect(liveRelease([released(1, '1.0.0'), released(2, '2.0.0'), released(3, '3.0.0', true)])?.version).toBe('2.0.0');
    expect(liveRelease([])).toBeUndefined();
  });

  it('releases only a published version', () => {
    expect(() => checkReleasable('mfe-wizard', '1.4.0', ['1.3.0', '1.4.0'])).not.toThrow();
    expect(() => checkReleasable('mfe-wizard', '1.5.0', ['1.3.0', '1.4.0'])).toThrow(
      expect.objectContaining({ code: ErrorCode.NotFound, message: 'mfe-wizard 1.5.0 is not published; publish it first (npm run remote -- publish mfe-wizard 1.5.0).' }),
    );
  });

  it('rolls back to the release live before the current one', () => {
    const { withdrawn, restored } = rollbackOf('mfe-wizard', [released(1, '1.0.0'), released(2, '2.0.0'), released(3, '3.0.0')]);
    expect(withdrawn.id).toBe(3);
    expect(restored).toMatchObject({ id: 2, version: '2.0.0' });
  });

  it('goes further back on a second rollback, never forward to the version withdrawn', () => {
    const { withdrawn, restored } = rollbackOf('mfe-wizard', [released(1, '1.0.0'), released(2, '2.0.0'), released(3, '3.0.0', true)]);
    expect(withdrawn.version).toBe('2.0.0');
    expect(restored.version).toBe('1.0.0');
  });

  it('skips an earlier release of the very version being withdrawn', () => {
    const { restored } = rollbackOf('mfe-wizard', [released(1, '1.0.0'), released(2, '2.0.0'), released(3, '1.0.0', true), released(4, '2.0.0', true), released(5, '2.0.0')]);
    expect(restored.version).toBe('1.0.0');
  });

  it('says clearly when there is nothing to roll back to', () => {
    expect(() => rollbackOf('mfe-wizard', [released(1, '1.0.0')])).toThrow(
      expect.objectContaining({ code: ErrorCode.Conflict, message: 'mfe-wizard has no earlier release to roll back to: 1.0.0 is its first. Release another version instead.' }),
    );
    expect(() => rollbackOf('mfe-wizard', [])).toThrow(expect.objectContaining({ code: ErrorCode.Conflict, message: 'mfe-wizard has no release to roll back.' }));
    expect(() => rollbackOf('mfe-wizard', [released(1, '1.0.0'), released(2, '2.0.0', true)])).toThrow(expect.objectContaining({ code: ErrorCode.Conflict }));
  });
});
