import { toast } from '@lipcast/web-kit';

/**
 * Full-page navigation to a server route (sign-in, sign-out). If the browser refuses to leave the
 * page, the user sees `failureTitle` as a toast (spec: "Login failed", "Logout failed").
 */
export function navigateAway(url: string, failureTitle: string): void {
  try {
    window.location.assign(url);
  } catch {
    toast({ title: failureTitle, variant: 'destructive' });
  }
}
