export { cn, type ClassValue } from './cn';
export { Button, buttonVariants, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';
export { ConsentField, Input, Label, Textarea, TextareaField } from './fields';
export { Badge, type BadgeProps, type BadgeVariant } from './badge';
export { Dialog, DialogContent, DialogFooter, type DialogContentProps } from './dialog';
export {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogTrigger,
  type AlertDialogActionProps,
  type AlertDialogContentProps,
} from './alert-dialog';
export { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
export { Slider, type SliderProps } from './slider';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export { Progress, type ProgressProps } from './progress';
export { Spinner, type SpinnerProps } from './spinner';
export { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';
export { Toaster, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from './toaster';
export { preloadToaster, ToastOutlet } from './toast-outlet';
export { lazyWithPreload, preloadable, whenEngaged, whenIdle } from './idle';
export * from './page';
export { MAIN_ID, SkipLink } from './skip-link';
export * from './dev-host';
export * from './brand';
export { VideoPlayer, isMobileDevice, LOAD_RETRY_MS, OFFLINE_TIP, type VideoPlayerProps } from './video-player';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';
export { VideoFormatChoice } from './video-format-choice';
export { CaptionsChoice } from './captions-choice';
export { LipSyncNote } from './lip-sync-note';
export { ScrollRegion, type ScrollRegionProps } from './scroll-region';
export { rovingTarget, useRovingTabIndex, type RovingItemProps } from './roving-tab-index';
