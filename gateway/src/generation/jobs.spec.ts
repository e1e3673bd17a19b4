import { ErrorCode, type JobState } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { jobAnswer } from './jobs';

const JOB: JobState = { id: '00000000-0000-4000-8000-000000000001', kind: 'lipsync', status: 'running', progress: 40, url: null, error: null };

const errorOf = (job: JobState): ServiceError => {
  try {
    jobAnswer(job);
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected an error');
};

describe(jobAnswer.name, () => {
  it('answers 200 with the url and prediction id once the job succeeded', () => {
    expect(jobAnswer({ ...JOB, status: 'succeeded', url: '/api/media/v.mp4' })).toEqual({ status: 200, body: { url: '/api/media/v.mp4', predictionId: JOB.id } });
  });

  it('answers 202 with the prediction id while it runs (or succeeded without a video yet)', () => {
    const stillRunning = { status: 202, body: { message: 'Video generation is still in progress', predictionId: JOB.id, status: 'processing' } };
    expect(jobAnswer(JOB)).toEqual(stillRunning);
    expect(jobAnswer({ ...JOB, status: 'queued' })).toEqual(stillRunning);
    expect(jobAnswer({ ...JOB, status: 'succeeded' })).toEqual(stillRunning);
  });

  it('refuses a failed job as a provider error and a canceled one as a conflict, with their messages', () => {
    expect(errorOf({ ...JOB, status: 'failed', error: 'The provider failed' })).toMatchObject({ code: ErrorCode.Upstream, message: 'The provider failed' });
    expect(errorOf({ ...JOB, status: 'failed' })).toMatchObject({ code: ErrorCode.Upstream, message: 'Video generation failed. Please try again.' });
    expect(errorOf({ ...JOB, status: 'canceled' })).toMatchObject({ code: ErrorCode.Conflict, message: 'The generation was canceled.' });
  });
});
