import { useId, type ComponentProps, type Ref } from 'react';
import { Label as LabelPrimitive } from 'radix-ui';
import { cn } from './cn';

const fieldClasses = cn(
  'w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs transition-colors',
  'placeholder:text-neutral-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/40',
);

/** Mark an invalid value with `aria-invalid`: the border turns red and screen readers announce it. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClasses, 'min-h-24 py-2', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn('text-sm leading-none font-medium text-neutral-800 peer-disabled:opacity-50', className)}
      {...props}
    />
  );
}

/**
 * A labelled text area with its validation message beside it (issue 16: messages next to their
 * fields, not in toasts): `aria-invalid` and `aria-describedby` point at the message while there is one.
 */
export function TextareaField({ label, error, id, ...props }: ComponentProps<'textarea'> & { label: string; error?: string | null }) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  const errorId = `${fieldId}-error`;
  return (
    <div className="space-y-2">
      <Label htmlFor={fieldId}>{label}</Label>
      <Textarea id={fieldId} aria-invalid={!!error} aria-describedby={error ? errorId : undefined} {...props} />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A required consent: the exact words the creator confirms, beside a checkbox, and why it is
 * needed beside it while `error` says so (`aria-invalid` and `aria-describedby` follow it). The
 * `inputRef` takes the focus to it when a submit is refused for it.
 */
export function ConsentField({
  text,
  checked,
  onCheckedChange,
  error,
  disabled,
  inputRef,
}: {
  text: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-start gap-2 text-sm text-slate-700">
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          required
          className="mt-0.5 h-4 w-4"
          checked={checked}
          disabled={disabled}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <span>{text}</span>
      </label>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
