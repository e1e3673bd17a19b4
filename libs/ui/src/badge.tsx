import type { ComponentProps } from 'react';
import { cn } from './cn';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'success' | 'destructive' | 'info';

const variantClasses: Record<BadgeVariant, string> = {
  default: 'bg-brand-600 text-white',
  secondary: 'bg-brand-50 text-brand-800',
  outline: 'border border-neutral-300 text-neutral-700',
  success: 'bg-emerald-50 text-emerald-800',
  destructive: 'bg-red-50 text-red-700',
  info: 'bg-sky-50 text-sky-800',
};

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}
