import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn, Input, Label } from '@lipcast/ui';

/** The message under a field; `aria-describedby` on the field points at it. */
function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {error}
    </p>
  );
}

/** A labelled input with its validation message beside it (as libs/ui's `TextareaField`). */
export function TextField({ label, error, hint, id, className, ...props }: ComponentProps<'input'> & { label: string; error?: string | null; hint?: ReactNode }) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      <Input id={fieldId} aria-invalid={!!error} aria-describedby={describedBy} {...props} />
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A labelled native select: filters are few short choices, and a native control suits keyboards and screen readers best. */
export function SelectField({
  label,
  options,
  id,
  className,
  ...props
}: Omit<ComponentProps<'select'>, 'children'> & { label: string; options: readonly { value: string; label: string }[] }) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      <select
        id={fieldId}
        className="h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
