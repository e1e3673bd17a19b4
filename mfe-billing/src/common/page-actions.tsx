import { Link } from 'react-router-dom';
import { Button, type ButtonVariant } from '@lipcast/ui';

/** A page's ways on: links drawn as buttons, in a row. */
export function LinkButtons({ links }: { links: { to: string; label: string; variant?: ButtonVariant }[] }) {
  return (
    <div className="flex flex-wrap gap-3">
      {links.map((link) => (
        <Button key={link.to} asChild variant={link.variant}>
          <Link to={link.to}>{link.label}</Link>
        </Button>
      ))}
    </div>
  );
}

/** After a purchase: make something, or look at the account. */
export function NextSteps() {
  return <LinkButtons links={[{ to: '/', label: 'Create a Video' }, { to: '/profile', label: 'View Your Profile', variant: 'outline' }]} />;
}

/** After a purchase that did not happen: back to the app, or try again at `tryAgainTo`. */
export function RetryActions({ tryAgainTo }: { tryAgainTo: string }) {
  return <LinkButtons links={[{ to: '/', label: 'Return to App', variant: 'outline' }, { to: tryAgainTo, label: 'Try Again' }]} />;
}
