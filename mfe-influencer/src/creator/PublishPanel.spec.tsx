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
  moderation: { state: 'visible', reason: null, appealed: false },
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

  it('says an influencer is under review with the reason, offers no Publish, and sends the one appeal', async () => {
    const appealed = project({ moderation: { state: 'in_review', reason: 'Several people reported it.', appealed: true } });
    const fetchMock = fakeApi({ 'POST /api/ai-influencer/projects/7/appeal': { body: appealed } });
    const onChange = jest.fn();
    render(<PublishPanel project={project({ moderation: { state: 'in_review', reason: 'Several people reported it.', appealed: false } })} onChange={onChange} />);
    expect(screen.getByText('Under review: this influencer is out of the community gallery until an operator decides.')).toBeTruthy();
    expect(screen.getByText('Reason: Several people reported it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish to the community' })).toBeNull();

    const send = screen.getByRole('button', { name: 'Send appeal' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Appeal (once): why should it stay?'), { target: { value: ' It is my own face. ' } });
    fireEvent.click(send);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(appealed));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/ai-influencer/projects/7/appeal')[0].body))).toEqual({ message: 'It is my own face.' });
  });

  it('says a removed influencer was removed, with the reason, and that the appeal was sent once it was', () => {
    fakeApi({});
    render(<PublishPanel project={project({ moderation: { state: 'removed', reason: 'Uses a celebrity likeness.', appealed: true } })} onChange={jest.fn()} />);
    expect(screen.getByText('Removed by an operator: it is out of the gallery and cannot be used in new videos.')).toBeTruthy();
    expect(screen.getByText('Reason: Uses a celebrity likeness.')).toBeTruthy();
    expect(screen.getByText('You appealed this decision. An operator will read it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).toBeNull();
  });
});
