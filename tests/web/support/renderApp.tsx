import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../../../src/web/App';

/** Renders the whole console at `path`, as a browser opening that URL would. */
export function renderApp(path: string, options: Parameters<typeof userEvent.setup>[0] = {}) {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup(options);
  return { user, ...render(<App />) };
}

/** Where the browser is now: path and query. */
export const location = () => `${window.location.pathname}${window.location.search}`;

/** The home page's greeting ("上午好，张三", by the hour): the console is up. */
export const findGreeting = (name = '张三') => screen.findByRole('heading', { name: new RegExp(`[，,] ${name}$|，${name}$`) });
