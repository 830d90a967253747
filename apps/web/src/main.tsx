import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from './lib/router';
import { AppRoutes, preloadPage } from './app/router';
import { createGuardedHistory } from './lib/guarded-history';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const history = createGuardedHistory();

// The first render waits for this URL's page (preloaded with index.html): no spinner first.
void preloadPage(location).then(() =>
  createRoot(container).render(
    <StrictMode>
      <Router history={history}>
        <AppRoutes />
      </Router>
    </StrictMode>,
  ),
);
