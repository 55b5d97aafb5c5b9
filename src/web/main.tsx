// antd 5 on React 19: lets antd render its wave effect and static message/Modal methods.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { i18nReady } from './i18n';
import App from './App';
import { preloadRoute } from './routing/AppRoutes';

// The first page renders once its texts and its page have arrived, so it appears whole instead
// of through a sequence of loading states. (Not a top-level await: a lazy chunk importing from
// the entry chunk would wait for the entry to finish, which would wait for that chunk.)
void Promise.all([i18nReady, preloadRoute(window.location.pathname)]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
