import { VIDEO_FORMAT_IDS, VIDEO_FORMATS, type VideoFormatId } from '@lipcast/contracts';
import { RadioCards, type ChoiceProps } from './radio-cards';

/** A small box of the format's shape beside its label (decorative: the label says the shape). */
function Shape({ format }: { format: VideoFormatId }) {
  const { width, height } = VIDEO_FORMATS[format];
  const scale = 22 / Math.max(width, height);
  return (
    <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center">
      <span className="block rounded-sm border-2 border-current" style={{ width: Math.round(width * scale), height: Math.round(height * scale) }} />
    </span>
  );
}

const OPTIONS = VIDEO_FORMAT_IDS.map((format) => ({ value: format, label: VIDEO_FORMATS[format].label, adornment: <Shape format={format} /> }));

/**
 * The video format of a lip-sync, as a radio group of contracts' `VIDEO_FORMATS` (the portrait card
 * first, the default): one labelled radio each, with its size. Labelled "Video format" unless said.
 */
export function VideoFormatChoice({ label = 'Video format', ...props }: ChoiceProps<VideoFormatId>) {
  return <RadioCards {...props} label={label} options={OPTIONS} />;
}
