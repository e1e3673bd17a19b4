import { Toast } from 'radix-ui';
import { TOAST_DURATION, useToast, type ToastVariant } from '@lipcast/web-kit';
import { cn } from './cn';
import { XIcon } from './icons';

/** Spec section 9: swipe right past 50 px to dismiss; F8 moves focus to the toasts. */
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-neutral-200 bg-white text-neutral-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  destructive: 'border-red-600 bg-red-600 text-white',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
};

/**
 * Renders web-kit's toast store (one toast at a time, shared by shell and remotes). Mount it once,
 * in the shell.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map(({ id, title, description, variant = 'default', action, duration, open }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
          data-variant={variant}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:animate-toast-out',
            variantClasses[variant],
          )}
        >
          <div className="grid flex-1 gap-1">
            <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>
            {description && <Toast.Description className="text-sm opacity-90">{description}</Toast.Description>}
          </div>
          {action && (
            <Toast.Action
              altText={action.altText}
              onClick={action.onClick}
              className="inline-flex h-8 shrink-0 items-center rounded-md border border-current/30 px-3 text-sm font-medium hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
            >
              {action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <XIcon className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
