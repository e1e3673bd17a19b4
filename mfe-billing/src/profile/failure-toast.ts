import { toast } from '@lipcast/web-kit';

/** Says that a request to the server failed: what could not be done, then the server's reason. */
export function toastFailure(title: string, error: unknown): void {
  toast({ title, description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
}
