import type { RemoteLiveVersions } from '@lipcast/contracts';
import { LiveRemoteVersions } from './remote-releases';

describe(LiveRemoteVersions.name, () => {
  let now = 0;
  let answers: (() => Promise<RemoteLiveVersions>)[];
  let asked = 0;
  const ask = () => {
    asked++;
    return answers.shift()!();
  };
  const versions = () => new LiveRemoteVersions(ask, 1000, () => now);

  beforeEach(() => {
    now = 0;
    asked = 0;
  });

  it('reuses the registry answer for its time, then asks again', async () => {
    answers = [() => Promise.resolve({ mfe_wizard: '1.0.0' }), () => Promise.resolve({ mfe_wizard: '2.0.0' })];
    const live = versions();
    expect(await live.get()).toEqual({ mfe_wizard: '1.0.0' });
    now = 999;
    expect(await live.get()).toEqual({ mfe_wizard: '1.0.0' });
    now = 1000;
    expect(await live.get()).toEqual({ mfe_wizard: '2.0.0' });
    expect(asked).toBe(2);
  });

  it('asks once for requests arriving together', async () => {
    answers = [() => Promise.resolve({ mfe_content: '3.1.0' })];
    const live = versions();
    expect(await Promise.all([live.get(), live.get(), live.get()])).toEqual([{ mfe_content: '3.1.0' }, { mfe_content: '3.1.0' }, { mfe_content: '3.1.0' }]);
    expect(asked).toBe(1);
  });

  it('keeps the last answer while the registry cannot answer, and has no releases before any answer', async () => {
    answers = [() => Promise.reject(new Error('no responders')), () => Promise.resolve({ mfe_wizard: '1.0.0' }), () => Promise.reject(new Error('no responders'))];
    const live = versions();
    expect(await live.get()).toEqual({});
    expect(await live.get()).toEqual({ mfe_wizard: '1.0.0' });
    now = 5000;
    expect(await live.get()).toEqual({ mfe_wizard: '1.0.0' });
    expect(asked).toBe(3);
  });
});
