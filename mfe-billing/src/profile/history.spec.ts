import type { Project } from '@lipcast/contracts';
import { completedProjects, historyItems, historyStatus, textPreview } from './history';

const project = (overrides: Partial<Project>): Project => ({
  id: 1,
  createdAt: '2026-01-02T12:00:00.000Z',
  audioUrl: null,
  outputUrl: null,
  audioParams: { text: 'Hello' },
  ...overrides,
});

describe(historyStatus.name, () => {
  it('is complete with a video, audio-only with audio alone, processing with neither', () => {
    expect(historyStatus(project({ outputUrl: '/media/v.mp4', audioUrl: '/media/a.mp3' }))).toBe('complete');
    expect(historyStatus(project({ outputUrl: '/media/v.mp4' }))).toBe('complete');
    expect(historyStatus(project({ audioUrl: '/media/a.mp3' }))).toBe('audio-only');
    expect(historyStatus(project({}))).toBe('processing');
  });
});

describe(textPreview.name, () => {
  it('keeps up to 100 characters and marks the cut', () => {
    expect(textPreview('a'.repeat(100))).toBe('a'.repeat(100));
    expect(textPreview('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
  });

  it('is empty without a text', () => {
    expect(textPreview(undefined)).toBe('');
    expect(textPreview(null)).toBe('');
  });
});

describe(completedProjects.name, () => {
  it('keeps the generations with a video', () => {
    const done = project({ id: 2, outputUrl: '/media/v.mp4' });
    expect(completedProjects([project({ id: 1, audioUrl: '/a.mp3' }), done, project({ id: 3 })])).toEqual([done]);
  });
});

describe(historyItems.name, () => {
  it("keeps a video's format (none for the portrait card and videos made before formats)", () => {
    const [vertical, card] = historyItems([project({ id: 2, format: '9x16-1080p', outputUrl: '/media/v2.mp4' }), project({ id: 1, outputUrl: '/media/v1.mp4' })], []);
    expect(vertical).toMatchObject({ key: 'video-2', format: '9x16-1080p' });
    expect(card).not.toHaveProperty('format');
  });

  it("takes a video's own poster as its still (none for videos made before posters)", () => {
    const [vertical, card] = historyItems(
      [project({ id: 2, format: '9x16-1080p', outputUrl: '/media/v2.mp4', posterUrl: '/media/v2-poster.webp' }), project({ id: 1, outputUrl: '/media/v1.mp4' })],
      [],
    );
    expect(vertical).toMatchObject({ key: 'video-2', poster: '/media/v2-poster.webp' });
    expect(card).not.toHaveProperty('poster');
  });
});
