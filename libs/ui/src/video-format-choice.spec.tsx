import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { VIDEO_FORMAT_IDS, type VideoFormatId } from '@lipcast/contracts';
import { VideoFormatChoice } from './video-format-choice';

function Harness({ onChange }: { onChange: (format: VideoFormatId) => void }) {
  const [format, setFormat] = useState<VideoFormatId>('portrait-card');
  return (
    <VideoFormatChoice
      value={format}
      onChange={(next) => {
        setFormat(next);
        onChange(next);
      }}
    />
  );
}

describe(VideoFormatChoice.name, () => {
  it('offers every format as a labelled radio in one named group, the portrait card checked first', () => {
    render(<Harness onChange={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Video format' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(VIDEO_FORMAT_IDS.length);
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual([...VIDEO_FORMAT_IDS]);
    expect(within(group).getByRole('radio', { name: 'Portrait card (640 × 720)' })).toHaveProperty('checked', true);
    expect(within(group).getByRole('radio', { name: '9:16 vertical, 1080p (1080 × 1920)' })).toHaveProperty('checked', false);
  });

  it('tells the chosen format and checks it alone', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: '16:9 landscape, 720p (1280 × 720)' }));
    expect(onChange).toHaveBeenCalledWith('16x9-720p');
    expect(screen.getByRole('radio', { name: '16:9 landscape, 720p (1280 × 720)' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Portrait card (640 × 720)' })).toHaveProperty('checked', false);
  });

  it('cannot be changed while disabled', () => {
    render(<VideoFormatChoice value="1x1-720p" onChange={() => undefined} disabled label="Format of the talking video" />);
    const group = screen.getByRole('radiogroup', { name: 'Format of the talking video' });
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toHaveProperty('disabled', true);
  });
});
