export type ClassValue = string | false | null | undefined;

/**
 * Joins class names, skipping empty ones. It does not resolve Tailwind conflicts: to override a
 * component's utility from `className`, use the important modifier (`px-2!`).
 */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
