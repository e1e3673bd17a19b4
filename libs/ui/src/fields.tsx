import type { ComponentProps } from 'react';
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
