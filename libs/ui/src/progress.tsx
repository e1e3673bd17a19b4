import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from './cn';

export interface ProgressProps extends ComponentProps<typeof ProgressPrimitive.Root> {
  /** Percentage (0 to `max`); leave null for an indeterminate bar. */
  value?: number | null;
}

/** A progress bar (`role="progressbar"` with `aria-valuenow`); name it with `aria-label`. */
export function Progress({ className, value = null, max = 100, ...props }: ProgressProps) {
  const percent = value === null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-neutral-200', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full w-full bg-gradient-to-r from-brand-600 to-accent-500 transition-transform duration-500 ease-out"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
