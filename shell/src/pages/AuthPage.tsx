import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Button, Card, CardContent, CardDescription, CardHeader } from '@lipcast/ui';
import { FREE_GENERATIONS, LOGIN_FAILED_QUERY } from '@lipcast/contracts';
import { loginUrl, navigateAway, toast, useAccount } from '@lipcast/web-kit';

/** The login page: sign in with the identity provider; signed-in visitors go home. */
export function AuthPage() {
  const { isSignedIn, isLoading } = useAccount();
  const [search, setSearch] = useSearchParams();
  const failed = search.get('error') === LOGIN_FAILED_QUERY.error;

  useEffect(() => {
    if (!failed) return;
    toast({ title: 'Login failed', description: 'Signing in did not complete. Please try again.', variant: 'destructive' });
    setSearch({}, { replace: true });
  }, [failed, setSearch]);

  if (isSignedIn) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl leading-tight font-semibold">Sign in to Lipcast</h1>
          <CardDescription>{`Create lip-synced videos with AI actors. Your first ${FREE_GENERATIONS} generations are free.`}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Button onClick={() => navigateAway(loginUrl('/'), 'Login failed')} disabled={isLoading}>
            Sign in
          </Button>
          <Link to="/" className="text-center text-sm text-brand-700 hover:underline">
            Back to Home
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
