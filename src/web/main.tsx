import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './app/AppRoutes';
import './styles.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      {/* Spec §9: one toast at a time. */}
      <Toaster
        visibleToasts={1}
        position="top-center"
        closeButton
        // Our own colours: sonner's rich colours fall short of WCAG AA contrast.
        toastOptions={{
          classNames: {
            title: 'font-semibold',
            description: 'text-inherit! opacity-100!',
            error: 'bg-red-50! text-red-900! border-red-300!',
            success: 'bg-green-50! text-green-900! border-green-300!',
          },
        }}
      />
    </QueryClientProvider>
  </StrictMode>,
);
