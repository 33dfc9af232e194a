import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadFirstPage, startQueryClient } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const queryClient = startQueryClient();
void loadFirstPage().then(() => {
  // The first render is a transition so React renders it in slices of a few milliseconds instead
  // of one long task (Lighthouse counts tasks over 50 ms as blocking time, issue 19).
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});
