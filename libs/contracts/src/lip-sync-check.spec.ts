import { lipSyncWords, toLipSyncCheck } from './lip-sync-check';

describe('a lip-sync check in words', () => {
  it.each([
    [{ offsetMs: 11, confidence: 0.7 }, 'Lip-sync checked: in sync'],
    [{ offsetMs: -45, confidence: 0.7 }, 'Lip-sync checked: in sync'],
    [{ offsetMs: 120, confidence: 0.7 }, 'Lip-sync checked: slightly late, 120 ms'],
    [{ offsetMs: -80, confidence: 0.5 }, 'Lip-sync checked: slightly early, 80 ms'],
    [{ offsetMs: 300, confidence: 0.6 }, 'Lip-sync checked: out of sync, the sound 300 ms late'],
    [{ offsetMs: 272, confidence: 0.2 }, 'Lip-sync checked: not sure, the mouth and the sound match only loosely'],
    [
      { offsetMs: 300, confidence: 0.6, belowThreshold: true as const },
      'Lip-sync checked: out of sync, the sound 300 ms late. We made it again and this is the closest we got: another clip or voice may sync better.',
    ],
  ])('%j → %s', (check, words) => expect(lipSyncWords(check)).toBe(words));

  it('keeps a stored check whole and rounded, and nothing else', () => {
    expect(toLipSyncCheck({ offsetMs: 11.4, confidence: 0.7154 })).toEqual({ offsetMs: 11, confidence: 0.72 });
    expect(toLipSyncCheck({ offsetMs: 11, confidence: 1.3 })).toEqual({ offsetMs: 11, confidence: 1 });
    expect(toLipSyncCheck({ offsetMs: 300, confidence: 0.6, belowThreshold: true })).toEqual({ offsetMs: 300, confidence: 0.6, belowThreshold: true });
    expect(toLipSyncCheck({ offsetMs: 300, confidence: 0.6, belowThreshold: 'yes' })).toEqual({ offsetMs: 300, confidence: 0.6 });
    expect(toLipSyncCheck(undefined)).toBeUndefined();
    expect(toLipSyncCheck({ offsetMs: '11', confidence: 0.5 })).toBeUndefined();
    expect(toLipSyncCheck({ offsetMs: Number.NaN, confidence: 0.5 })).toBeUndefined();
  });
});
