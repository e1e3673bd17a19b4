import type { ComponentProps } from 'react';
import { cn } from './cn';

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'role'> {
  /** Accessible name; defaults to "Loading". */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizeClasses = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ label = 'Loading', size = 'md', className, ...props }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex text-brand-600', className)} {...props}>
      <svg className={cn('animate-spin', sizeClasses[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-20" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
    </span>
  );
}
