import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { renderOneShot } from '../testing/render-pages';

const SCRIPT = 'Basil and mint love a sunny windowsill. Water them twice a week.';

describe('the video format in One Shot', () => {
  beforeEach(() => localStorage.clear());

  it('is chosen beside the button that starts the run and sent with it', async () => {
    const fetchMock = fakeApi({
      'GET /api/ai-influencer/pipeline/current': { body: { run: null } },
      'POST /api/openai/generate-script': { body: { script: SCRIPT } },
      'POST /api/ai-influencer/pipeline': { body: { id: 'run-3', kind: 'one_shot', status: 'queued', progress: 0, url: null, error: null } },
    });
    renderOneShot();
    fireEvent.change(await screen.findByLabelText('Influencer Description'), { target: { value: 'A calm gardener with a grey beard' } });
    fireEvent.change(screen.getByLabelText('Script Topic'), { target: { value: 'Three easy herbs to grow on a windowsill' } });
    expect(screen.queryByRole('radiogroup', { name: 'Video format' })).toBeNull(); // chosen with the script, before the spend
    fireEvent.click(screen.getByRole('button', { name: 'Write Script' }));
    await screen.findByLabelText('Script');

    fireEvent.click(screen.getByRole('radio', { name: '1:1 square, 1080p (1080 × 1080)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create One-Shot Video' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/ai-influencer/pipeline')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/ai-influencer/pipeline')[0].body))).toMatchObject({ script: SCRIPT, format: '1x1-1080p' });
  });
});
