import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Logo, SiteFooter } from '@lipcast/ui';
import { loginUrl, navigateAway, useAccount } from '@lipcast/web-kit';
import '../styles.css';

/** The public landing page at `/`: it brings its own fixed header and footer. */
export default function Landing() {
  const { isSignedIn } = useAccount();
  const [redirecting, setRedirecting] = useState(false);
  const signIn = () => {
    setRedirecting(true);
    if (!navigateAway(loginUrl('/'), 'Login failed')) setRedirecting(false);
  };

  return (
    <div className="flex min-h-screen flex-col">
      <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
          <Logo />
          {isSignedIn ? (
            <Button asChild>
              <Link to="/ai-influencer">Create Your Influencer</Link>
            </Button>
          ) : (
            <Button onClick={signIn} disabled={redirecting}>
              {redirecting ? 'Redirecting...' : 'Log in or Sign Up'}
            </Button>
          )}
        </div>
      </header>
      <main className="flex-1 pt-16">
        <section className="mx-auto max-w-4xl px-4 py-24 text-center">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">Lip-synced AI videos from a script</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Pick a digital actor or create your own influencer, write what they say, choose a voice, and get a video.
          </p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
