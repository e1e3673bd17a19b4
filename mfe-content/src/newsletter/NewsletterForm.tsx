import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { API_ROUTES, type NewsletterSubscribeRequest } from '@lipcast/contracts';
import { Button, cn, Input, Label } from '@lipcast/ui';
import { callApi, toast } from '@lipcast/web-kit';

export const SUBSCRIBE_FAILED_TITLE = 'Subscription failed';

function subscribe(request: NewsletterSubscribeRequest) {
  return callApi(API_ROUTES.subscribeNewsletter, { body: request });
}

/** The newsletter sign-up (blog page, landing page): one required e-mail field and "Subscribe". */
export function NewsletterForm({ className }: { className?: string }) {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const mutation = useMutation({
    mutationFn: subscribe,
    onSuccess: (_answer, request) => {
      toast({ title: 'Almost there', description: `Check your inbox: we sent a confirmation link to ${request.email}.`, variant: 'success' });
      setEmail('');
    },
    onError: (error) => toast({ title: SUBSCRIBE_FAILED_TITLE, description: error.message, variant: 'destructive' }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate({ email: email.trim() });
  };

  return (
    <form onSubmit={submit} className={cn('flex flex-col gap-2 sm:flex-row sm:items-end', className)}>
      <div className="grid flex-1 gap-1.5">
        <Label htmlFor={inputId}>E-mail address</Label>
        <Input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Subscribing...' : 'Subscribe'}
      </Button>
    </form>
  );
}
