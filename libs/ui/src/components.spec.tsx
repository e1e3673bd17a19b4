import { fireEvent, render, screen } from '@testing-library/react';
import { Button } from './button';
import { cn } from './cn';
import { Dialog, DialogContent } from './dialog';
import { ConsentField } from './fields';
import { Progress } from './progress';
import { Spinner } from './spinner';

describe(Button.name, () => {
  it('renders a button that names its variant, the default one unless told', () => {
    render(
      <>
        <Button variant="destructive">Delete</Button>
        <Button>Save</Button>
      </>,
    );

    const sut = screen.getByRole('button', { name: 'Delete' });
    expect(sut.tagName).toBe('BUTTON');
    expect(sut.getAttribute('data-variant')).toBe('destructive');
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('data-variant')).toBe('default');
  });

  it('renders its child instead of a button with asChild, with the variant and the given props', () => {
    render(
      <Button asChild variant="outline" className="upgrade-cta">
        <a href="/subscribe">Upgrade to Premium</a>
      </Button>,
    );

    const sut = screen.getByRole('link', { name: 'Upgrade to Premium' });
    expect(sut.tagName).toBe('A');
    expect(sut.getAttribute('href')).toBe('/subscribe');
    expect(sut.getAttribute('data-variant')).toBe('outline');
    // The caller's own class name (its layout in the page) reaches the child: the className API, not a look.
    expect(sut.classList.contains('upgrade-cta')).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe(Progress.name, () => {
  it('exposes its value as aria-valuenow', () => {
    render(<Progress value={40} aria-label="Video generation" />);

    const sut = screen.getByRole('progressbar', { name: 'Video generation' });
    expect(sut.getAttribute('aria-valuenow')).toBe('40');
    expect(sut.getAttribute('aria-valuemax')).toBe('100');
  });

  it('omits aria-valuenow when indeterminate', () => {
    render(<Progress aria-label="Preparing" />);

    expect(screen.getByRole('progressbar').hasAttribute('aria-valuenow')).toBe(false);
  });
});

describe(Spinner.name, () => {
  it('has role status with an accessible label', () => {
    render(<Spinner label="Loading payment options..." />);

    expect(screen.getByRole('status', { name: 'Loading payment options...' })).toBeTruthy();
  });

  it('is labelled "Loading" by default', () => {
    render(<Spinner />);

    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});

describe(cn.name, () => {
  it('joins the truthy class names', () => {
    expect(cn('a', false, undefined, null, '', 'b')).toBe('a b');
  });
});

describe(DialogContent.name, () => {
  it('names and describes the dialog and closes with its close button', () => {
    const onOpenChange = jest.fn();
    render(
      <Dialog defaultOpen onOpenChange={onOpenChange}>
        <DialogContent title="You've reached your free limit" description="All 3 free generations are used.">
          <p>Plans</p>
        </DialogContent>
      </Dialog>,
    );

    const sut = screen.getByRole('dialog', { name: "You've reached your free limit" });
    expect(sut.getAttribute('aria-describedby')).toBe(screen.getByText('All 3 free generations are used.').id);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe(ConsentField.name, () => {
  it('is a required checkbox named by the exact words, with why it is needed beside it while refused', () => {
    const changed: boolean[] = [];
    const { rerender } = render(<ConsentField text="This is me." checked={false} onCheckedChange={(checked) => changed.push(checked)} error="Confirm it to upload." />);
    const box = screen.getByRole('checkbox', { name: 'This is me.' }) as HTMLInputElement;
    expect(box.required).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('Confirm it to upload.');
    fireEvent.click(box);
    expect(changed).toEqual([true]);
    rerender(<ConsentField text="This is me." checked onCheckedChange={() => undefined} />);
    expect(box.getAttribute('aria-invalid')).toBe('false');
    expect(box.hasAttribute('aria-describedby')).toBe(false);
  });
});
