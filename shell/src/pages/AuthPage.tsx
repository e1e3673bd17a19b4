import { Link, Navigate } from 'react-router-dom';
import { Button, Card, CardContent, CardDescription, CardHeader } from '@lipcast/ui';
import { loginUrl, useAccount } from '@lipcast/web-kit';
import { navigateAway } from '../navigation';

/** The login page: sign in with the identity provider; signed-in visitors go home. */
export function AuthPage() {
  const { isSignedIn, isLoading } = useAccount();
  if (isSignedIn) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl leading-tight font-semibold">Sign in to Lipcast</h1>
          <CardDescription>Create lip-synced videos with AI actors. Your first 3 generations are free.</CardDescription>
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
