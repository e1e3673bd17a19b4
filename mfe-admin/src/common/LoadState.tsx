import { Spinner } from '@lipcast/ui';
import { errorText, isForbidden } from '../admin-api';

/** What a tab shows while its data loads or when loading failed. */
export function LoadState({ isLoading, error, label }: { isLoading: boolean; error: unknown; label: string }) {
  if (isLoading) return <Spinner label={`Loading ${label}...`} />;
  if (!error) return null;
  return (
    <p role="alert" className="text-red-600">
      {isForbidden(error) ? `You do not have access to ${label}.` : `Could not load ${label}: ${errorText(error)}`}
    </p>
  );
}
