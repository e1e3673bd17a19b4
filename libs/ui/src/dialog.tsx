import type { ComponentProps, ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from './cn';
import { portalContainer } from './portal-host';
import { XIcon } from './icons';

export const Dialog = DialogPrimitive.Root;

export const overlayClasses =
  'fixed inset-0 z-50 bg-neutral-950/50 backdrop-blur-[2px]';

export const contentClasses = cn(
  'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4',
  'overflow-y-auto rounded-xl border border-neutral-200 bg-white p-6 shadow-xl focus:outline-none',
);

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** Announced when the dialog opens; required so every dialog has an accessible name. */
  title: ReactNode;
  /** Announced after the title; required so every dialog has an accessible description. */
  description: ReactNode;
  /** Shows the corner close button (on by default; Escape always closes). */
  showClose?: boolean;
}

/** The dialog panel, in a portal above a dimmed overlay, with its title and description. */
export function DialogContent({ title, description, showClose = true, className, children, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal container={portalContainer()}>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content className={cn(contentClasses, className)} {...props}>
        <div className="flex flex-col gap-1.5 pr-6">
          <DialogPrimitive.Title className="text-lg font-semibold text-neutral-900">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-neutral-500">{description}</DialogPrimitive.Description>
        </div>
        {children}
        {showClose && (
          <DialogPrimitive.Close
            className="absolute top-4 right-4 rounded-md p-1 text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-900"
            aria-label="Close"
          >
            <XIcon className="size-4" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
