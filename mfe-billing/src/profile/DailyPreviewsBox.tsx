import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@lipcast/ui';
import type { AccountUser } from '@lipcast/web-kit';
import { previewLines, resetText } from './daily-previews';

/** Today's free previews (speech, image, script) against the plan's daily limits; nothing when the account has none. */
export function DailyPreviewsBox({ user }: { user: AccountUser }) {
  const quotas = user.dailyQuotas ?? [];
  if (quotas.length === 0) return null;
  const resets = resetText(quotas);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Daily previews</CardTitle>
        {resets && <CardDescription>{resets}</CardDescription>}
      </CardHeader>
      <CardContent>
        <ul className="space-y-1 text-sm text-slate-700">
          {previewLines(quotas).map((line) => (
            <li key={line.kind}>{line.text}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
