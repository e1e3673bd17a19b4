/**
 * Where this app's pop-ups (dialogs, selects, menus) render. A remote's stylesheet is scoped to
 * `[data-remote="<its name>"]` (tools/webpack/scope-remote-css.cjs), and Radix portals leave the
 * element the shell mounts the remote in; so each remote gets one host of its own at the end of
 * `<body>`, carrying its name, and its styles reach its pop-ups without the shell's stylesheet
 * knowing its classes. The shell (no name) uses `<body>` as usual.
 *
 * `__LIPCAST_REMOTE__` is the remote's federation name, set by the web build (create-config.cjs);
 * it is not defined in the shell's build, in tests or in the prerender.
 */
declare const __LIPCAST_REMOTE__: string | undefined;

export const PORTAL_HOST_ATTRIBUTE = 'data-portal-host';

const thisRemote = (): string | undefined => (typeof __LIPCAST_REMOTE__ === 'string' && __LIPCAST_REMOTE__ ? __LIPCAST_REMOTE__ : undefined);

/** The element this app's portals render into: its remote's host (created on first use), or undefined for `<body>`. */
export function portalContainer(remote = thisRemote(), page: Document | undefined = globalThis.document): HTMLElement | undefined {
  if (!remote || !page) return undefined;
  const existing = page.body.querySelector<HTMLElement>(`:scope > [${PORTAL_HOST_ATTRIBUTE}][data-remote="${remote}"]`);
  if (existing) return existing;
  const host = page.createElement('div');
  host.setAttribute('data-remote', remote);
  host.setAttribute(PORTAL_HOST_ATTRIBUTE, '');
  // No box of its own: the pop-ups inside position themselves against the viewport.
  host.style.display = 'contents';
  page.body.append(host);
  return host;
}
