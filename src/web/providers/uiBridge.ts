// The HTTP client and the auth provider are plain modules, yet SPEC §8 asks them to show
// notifications and to change the route. Both live in React (antd's notification hooks,
// the router), so components inside the tree connect them here (routing/UiBridge.tsx).
//
// antd's notification and message code is loaded the first time something is to be shown:
// most visits never need it, and it would otherwise add ~9 KB gzip to the login page.

export interface NoticeArgs {
  message: string;
  description?: string;
}

export interface Notifier {
  warning(args: NoticeArgs): void;
  error(args: NoticeArgs): void;
}

/** Short toasts ("code sent", "password reset"). */
export interface Toaster {
  success(text: string): unknown;
  error(text: string): unknown;
}

export interface Feedback {
  notifier: Notifier;
  toaster: Toaster;
}

export type Navigate = (to: string) => void;

let navigate: Navigate | null = null;
let requestFeedback: (() => void) | null = null;
let feedback: Feedback | null = null;
let queued: ((ready: Feedback) => void)[] = [];

/** Called by the app frame: how to navigate, and how to ask for the feedback code to load. */
export function connectUi(ui: { navigate: Navigate; requestFeedback: () => void }): () => void {
  navigate = ui.navigate;
  requestFeedback = ui.requestFeedback;
  if (queued.length > 0) ui.requestFeedback();
  return () => {
    if (navigate === ui.navigate) navigate = null;
    if (requestFeedback === ui.requestFeedback) requestFeedback = null;
  };
}

/** Called once antd's notification and message holders are mounted; shows what waited for them. */
export function connectFeedback(ready: Feedback): () => void {
  feedback = ready;
  const waiting = queued;
  queued = [];
  for (const show of waiting) show(ready);
  return () => {
    if (feedback === ready) feedback = null;
  };
}

function withFeedback(show: (ready: Feedback) => void): void {
  if (feedback) {
    show(feedback);
    return;
  }
  queued.push(show);
  requestFeedback?.();
}

export function notify(kind: keyof Notifier, args: NoticeArgs): void {
  withFeedback((ready) => ready.notifier[kind](args));
}

export function toast(kind: keyof Toaster, text: string): void {
  withFeedback((ready) => ready.toaster[kind](text));
}

/** Client-side navigation when the app is mounted, a full page load otherwise. */
export function navigateTo(to: string): void {
  if (navigate) navigate(to);
  else window.location.assign(to);
}

/** The path the user is on, with its query: what a redirect back should return to. */
export const currentPath = (): string => `${window.location.pathname}${window.location.search}`;
