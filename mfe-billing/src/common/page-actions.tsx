import { Link } from 'react-router-dom';
import { Button } from '@lipcast/ui';

/** After a purchase: make something, or look at the account. */
export function NextSteps() {
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild>
        <Link to="/">Create a Video</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/profile">View Your Profile</Link>
      </Button>
    </div>
  );
}

/** After a purchase that did not happen: back to the app, or try again at `tryAgainTo`. */
export function RetryActions({ tryAgainTo }: { tryAgainTo: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild variant="outline">
        <Link to="/">Return to App</Link>
      </Button>
      <Button asChild>
        <Link to={tryAgainTo}>Try Again</Link>
      </Button>
    </div>
  );
}
