import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './queryClient';

/**
 * The page's query cache for a React root: a parcel is a root of its own, so the shell's context
 * never reaches it (defineParcel's `provider` option puts this around a parcel that loads data).
 */
export function PageQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
