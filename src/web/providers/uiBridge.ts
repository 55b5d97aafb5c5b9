// The HTTP client and the auth provider are plain modules, yet SPEC §8 asks them to show
// notifications and to change the route. Both live in React context (antd <App>, the
// router), so a component inside the tree connects them here (see UiBridge.tsx).

export interface NoticeArgs {
  message: string;
  description?: string;
}

export interface Notifier {
  warning(args: NoticeArgs): void;
  error(args: NoticeArgs): void;
}

export type Navigate = (to: string) => void;

let notifier: Notifier | null = null;
let navigate: Navigate | null = null;

export function connectUi(ui: { notifier: Notifier; navigate: Navigate }): () => void {
  notifier = ui.notifier;
  navigate = ui.navigate;
  return () => {
    if (notifier === ui.notifier) notifier = null;
    if (navigate === ui.navigate) navigate = null;
  };
}

export function notify(kind: keyof Notifier, args: NoticeArgs): void {
  notifier?.[kind](args);
}

/** Client-side navigation when the app is mounted, a full page load otherwise. */
export function navigateTo(to: string): void {
  if (navigate) navigate(to);
  else window.location.assign(to);
}

/** The path the user is on, with its query: what a redirect back should return to. */
export const currentPath = (): string => `${window.location.pathname}${window.location.search}`;
