import { render, screen } from '@testing-library/react';
import { jobWaitText, JobWaitNote, waitDuration } from './job-wait';

describe(jobWaitText.name, () => {
  it('says how many videos are ahead of a queued one and about how long until it is done', () => {
    expect(jobWaitText({ status: 'queued', queuePosition: 2, estimatedSeconds: 41 })).toBe('2 videos ahead of yours, about 40 s');
    expect(jobWaitText({ status: 'queued', queuePosition: 1, estimatedSeconds: 150 })).toBe('1 video ahead of yours, about 3 min');
    expect(jobWaitText({ status: 'queued', queuePosition: 0, estimatedSeconds: 7 })).toBe('Yours is next, about 7 s');
    expect(jobWaitText({ status: 'queued', queuePosition: 3 })).toBe('3 videos ahead of yours');
  });

  it('says the time left of a running one, and nothing once it ended or when its state has no figures', () => {
    expect(jobWaitText({ status: 'running', estimatedSeconds: 12 })).toBe('About 10 s left');
    expect(jobWaitText({ status: 'running', estimatedSeconds: 4.2 })).toBe('About 5 s left');
    expect(jobWaitText({ status: 'running' })).toBeNull();
    expect(jobWaitText({ status: 'succeeded', estimatedSeconds: 3 })).toBeNull();
    expect(jobWaitText(null)).toBeNull();
  });

  it('rounds coarsely so that a live region does not speak at every progress event', () => {
    expect([waitDuration(0.2), waitDuration(9), waitDuration(12), waitDuration(13), waitDuration(58), waitDuration(89), waitDuration(3600)]).toEqual(['1 s', '9 s', '10 s', '15 s', '60 s', '1 min', '60 min']);
  });
});

describe('JobWaitNote', () => {
  it('is a polite live region that is there before its first figure and speaks each change', () => {
    const { rerender } = render(<JobWaitNote state={null} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    rerender(<JobWaitNote state={{ status: 'queued', queuePosition: 2, estimatedSeconds: 40 }} />);
    expect(screen.getByRole('status').textContent).toBe('2 videos ahead of yours, about 40 s');
    rerender(<JobWaitNote state={{ status: 'running', estimatedSeconds: 12 }} />);
    expect(screen.getByRole('status')).toBe(region); // the same region, so the change is announced
    expect(region.textContent).toBe('About 10 s left');
  });
});
