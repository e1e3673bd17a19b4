import { Link } from 'react-router-dom';
import { buttonVariants } from '@lipcast/ui';
import { loginUrl, useAccount } from '@lipcast/web-kit';

/**
 * What a reader can do after a post: a signed-in creator opens the wizard at `/`; a visitor signs up
 * (sign-in and sign-up are one flow) and comes back to the wizard. Nothing while the session is unknown.
 */
export function PostNextStep() {
  const { isLoading, isSignedIn } = useAccount();
  if (isLoading) return null;
  return (
    <section aria-labelledby="post-next-step-heading" className="mt-12 rounded-xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
      <h2 id="post-next-step-heading" className="text-xl font-semibold text-slate-900">
        Make your own lip-synced video
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {isSignedIn
          ? 'Pick an actor, write a few words and hear them spoken in the wizard.'
          : 'Sign up free to pick an actor, write a few words and hear them spoken.'}
      </p>
      {isSignedIn ? (
        <Link to="/" className={buttonVariants({ className: 'mt-4' })}>
          Try the wizard
        </Link>
      ) : (
        // A full-page navigation: sign-in is a server route, and the user comes back to the wizard at `/`.
        <a href={loginUrl('/')} className={buttonVariants({ className: 'mt-4' })}>
          Sign up to try it
        </a>
      )}
    </section>
  );
}
