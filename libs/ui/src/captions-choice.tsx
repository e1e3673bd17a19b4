import { useId } from 'react';
import { CAPTION_CHOICE_LABELS, CAPTION_CHOICES, type CaptionsChoice as CaptionsChoiceValue } from '@lipcast/contracts';
import { cn } from './cn';

export interface CaptionsChoiceProps {
  value: CaptionsChoiceValue;
  onChange: (captions: CaptionsChoiceValue) => void;
  disabled?: boolean;
  /** The group's visible label ("Burned-in captions" unless said). */
  label?: string;
  className?: string;
}

/**
 * Whether a video's captions are burned into the picture, and in which style, as a radio group of
 * contracts' `CAPTION_CHOICES` ("not burned in" first, the default). Every spoken video gets its
 * captions track and files either way; the hint says so.
 */
export function CaptionsChoice({ value, onChange, disabled, label = 'Burned-in captions', className }: CaptionsChoiceProps) {
  const labelId = useId();
  const hintId = useId();
  const name = useId();
  return (
    <div className={cn('space-y-2', className)}>
      <p id={labelId} className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <p id={hintId} className="text-xs text-slate-500">
        Every video gets captions you can turn on in the player and download (SRT, VTT).
      </p>
      <div role="radiogroup" aria-labelledby={labelId} aria-describedby={hintId} className="grid gap-2 sm:grid-cols-2">
        {CAPTION_CHOICES.map((choice) => {
          const selected = choice === value;
          return (
            <label
              key={choice}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border p-2 text-sm text-slate-900 transition-colors',
                selected ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input type="radio" name={name} value={choice} checked={selected} disabled={disabled} onChange={() => onChange(choice)} className="size-4 shrink-0 accent-brand-600" />
              <span>{CAPTION_CHOICE_LABELS[choice]}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
