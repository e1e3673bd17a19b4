import type { ComponentProps } from 'react';
import { Slider as SliderPrimitive } from 'radix-ui';
import { cn } from './cn';

export interface SliderProps extends ComponentProps<typeof SliderPrimitive.Root> {
  /** Accessible name of the thumb(s), e.g. "Pitch"; or point `aria-labelledby` at a visible label. */
  thumbLabel?: string;
}

/** One thumb per value; arrow keys step by `step`, Page Up/Down by ten steps, Home/End jump to the ends. */
export function Slider({ className, thumbLabel, value, defaultValue, min = 0, ...props }: SliderProps) {
  const thumbCount = (value ?? defaultValue ?? [min]).length;
  return (
    <SliderPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      min={min}
      className={cn(
        'relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50',
        'data-[orientation=vertical]:h-full data-[orientation=vertical]:w-auto data-[orientation=vertical]:flex-col',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-neutral-200 data-[orientation=vertical]:h-full data-[orientation=vertical]:w-1.5">
        <SliderPrimitive.Range className="absolute h-full bg-brand-600 data-[orientation=vertical]:w-full" />
      </SliderPrimitive.Track>
      {Array.from({ length: thumbCount }, (_, index) => (
        <SliderPrimitive.Thumb
          key={index}
          aria-label={thumbLabel}
          className="block size-5 rounded-full border-2 border-brand-600 bg-white shadow-sm transition-shadow hover:ring-4 hover:ring-brand-100 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
