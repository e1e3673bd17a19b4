import type { ComponentProps, ReactNode } from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { buttonVariants, type ButtonVariant } from './button';
import { cn } from './cn';
import { portalContainer } from './portal-host';
import { contentClasses, DialogFooter, overlayClasses } from './dialog';

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export interface AlertDialogContentProps extends Omit<ComponentProps<typeof AlertDialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description: ReactNode;
}

/** A confirmation that must be answered: no click-outside close; put the Cancel and Action buttons in children. */
export function AlertDialogContent({ title, description, className, children, ...props }: AlertDialogContentProps) {
  return (
    <AlertDialogPrimitive.Portal container={portalContainer()}>
      <AlertDialogPrimitive.Overlay className={overlayClasses} />
      <AlertDialogPrimitive.Content className={cn(contentClasses, className)} {...props}>
        <div className="flex flex-col gap-1.5">
          <AlertDialogPrimitive.Title className="text-lg font-semibold text-neutral-900">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-sm text-neutral-500">
            {description}
          </AlertDialogPrimitive.Description>
        </div>
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export const AlertDialogFooter = DialogFooter;

export interface AlertDialogActionProps extends ComponentProps<typeof AlertDialogPrimitive.Action> {
  variant?: ButtonVariant;
}

export function AlertDialogAction({ variant = 'default', className, ...props }: AlertDialogActionProps) {
  return <AlertDialogPrimitive.Action className={buttonVariants({ variant, className })} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: 'outline', className })} {...props} />;
}
