import { useId } from 'react';
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS, type VideoFormatId } from '@lipcast/contracts';
import { cn } from './cn';

export interface VideoFormatChoiceProps {
  value: VideoFormatId;
  onChange: (format: VideoFormatId) => void;
  disabled?: boolean;
  /** The group's visible label ("Video format" unless said). */
  label?: string;
  className?: string;
}

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

/**
 * The video format of a lip-sync, as a radio group of contracts' `VIDEO_FORMATS` (the portrait card
 * first, the default): one labelled radio each, with its size, keyboard-operable as native radios are.
 */
export function VideoFormatChoice({ value, onChange, disabled, label = 'Video format', className }: VideoFormatChoiceProps) {
  const labelId = useId();
  const name = useId();
  return (
    <div className={cn('space-y-2', className)}>
      <p id={labelId} className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="grid gap-2 sm:grid-cols-2">
        {VIDEO_FORMAT_IDS.map((format) => {
          const selected = format === value;
          return (
            <label
              key={format}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border p-2 text-sm text-slate-900 transition-colors',
                selected ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input type="radio" name={name} value={format} checked={selected} disabled={disabled} onChange={() => onChange(format)} className="size-4 shrink-0 accent-brand-600" />
              <Shape format={format} />
              <span>{VIDEO_FORMATS[format].label}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
