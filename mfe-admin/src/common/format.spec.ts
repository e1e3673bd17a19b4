import { formatWait } from './format';

describe(formatWait.name, () => {
  it("shows a live job's place in its lane and its time left, as its user sees them", () => {
    expect(formatWait({ status: 'queued', queuePosition: 2, estimatedSeconds: 41 })).toBe('2 ahead · ~40 s');
    expect(formatWait({ status: 'queued', queuePosition: 0, estimatedSeconds: 7 })).toBe('next · ~7 s');
    expect(formatWait({ status: 'running', estimatedSeconds: 130 })).toBe('~2 min left');
    expect(formatWait({ status: 'running' })).toBe('—');
    expect(formatWait({ status: 'succeeded' })).toBe('—');
  });
});
