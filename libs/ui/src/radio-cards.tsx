import { useId, type ReactNode } from 'react';
import { cn } from './cn';

export interface RadioCardOption<Value extends string> {
  value: Value;
  label: ReactNode;
  /** Drawn before the label (decorative: the label must say it all). */
  adornment?: ReactNode;
}

export interface RadioCardsProps<Value extends string> {
  /** The group's visible label. */
  label: string;
  /** A line under the label, read with the group. */
  hint?: string;
  options: readonly RadioCardOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  disabled?: boolean;
  className?: string;
}

/** A choice made of `RadioCards` with its own options: what its user gives, `label` replacing its own. */
export type ChoiceProps<Value extends string> = Pick<RadioCardsProps<Value>, 'value' | 'onChange' | 'disabled' | 'className'> & { label?: string };

/**
 * One choice among a few, as a labelled group of native radios drawn as cards: keyboard-operable
 * and announced as native radios are.
 */
export function RadioCards<Value extends string>({ label, hint, options, value, onChange, disabled, className }: RadioCardsProps<Value>) {
  const labelId = useId();
  const hintId = useId();
  const name = useId();
  return (
    <div className={cn('space-y-2', className)}>
      <p id={labelId} className="text-sm font-medium text-slate-700">
        {label}
      </p>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <div role="radiogroup" aria-labelledby={labelId} aria-describedby={hint ? hintId : undefined} className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border p-2 text-sm text-slate-900 transition-colors',
                selected ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={selected}
                disabled={disabled}
                onChange={() => onChange(option.value)}
                className="size-4 shrink-0 accent-brand-600"
              />
              {option.adornment}
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
