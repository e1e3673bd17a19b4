import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InfluencerProject } from '@lipcast/contracts';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { PublishPanel } from './PublishPanel';

const project = (overrides: Partial<InfluencerProject> = {}): InfluencerProject => ({
  id: 7,
  createdAt: '2026-11-23T12:00:00.000Z',
  imageUrl: '/api/media/users/u/influencers/7/image.jpg',
  imageKind: 'photo',
  thumbnailUrl: '/api/media/users/u/jobs/j/thumbnail.jpg',
  outputUrl: '/api/media/users/u/jobs/j/clip.mp4',
  duration: 20,
  isApproved: false,
  name: null,
  isOwner: true,
  ...overrides,
});

describe('PublishPanel', () => {
  it('publishes only with a name and the consent box ticked, sending both', async () => {
    const published = project({ isApproved: true, name: 'Coach Mia' });
    const fetchMock = fakeApi({ 'POST /api/ai-influencer/projects/7/publish': { body: published } });
    const onChange = jest.fn();
    render(<PublishPanel project={project()} onChange={onChange} />);
    const publish = screen.getByRole('button', { name: 'Publish to the community' }) as HTMLButtonElement;
    expect(screen.getByText('This influencer is private: only you can see it.')).toBeTruthy();
    expect(publish.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Name in the gallery'), { target: { value: ' Coach Mia ' } });
    expect(publish.disabled).toBe(true); // still no consent
    fireEvent.click(screen.getByLabelText('I agree to show this influencer publicly in the community gallery'));
    expect(publish.disabled).toBe(false);
    fireEvent.click(publish);

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(published));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/ai-influencer/projects/7/publish')[0].body))).toEqual({ name: 'Coach Mia', consent: true });
  });

  it('asks for the rights and the consent of the person in an uploaded photo', () => {
    fakeApi({});
    render(<PublishPanel project={project({ imageKind: 'upload' })} onChange={jest.fn()} />);
    expect(screen.getByLabelText("I have the rights to this image and the person's consent")).toBeTruthy();
  });

  it('unpublishes a published influencer', async () => {
    const fetchMock = fakeApi({ 'POST /api/ai-influencer/projects/7/unpublish': { body: project() } });
    const onChange = jest.fn();
    render(<PublishPanel project={project({ isApproved: true, name: 'Coach Mia' })} onChange={onChange} />);
    expect(screen.getByText('Published to the community gallery as “Coach Mia”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(project()));
    expect(callsTo(fetchMock, 'POST /api/ai-influencer/projects/7/unpublish')).toHaveLength(1);
  });
});
