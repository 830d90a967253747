import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from '../lib/router';
import { createQueryClient } from '../lib/query-client';
import '../lib/staff-texts';

/** The staff's data cache: one for the whole visit, shared by every page below this layout. */
const staffQueryClient = createQueryClient();

/**
 * Layout of the pages that read the staff's data (sign-in, home and administration): provides
 * React Query's client, and adds the sign-in and home texts. It loads with those pages, so the
 * phone's pages, which read through the smaller `lib/query`, never download React Query
 * (decision 0053). A client already provided above (a test's) is kept.
 */
export function StaffData() {
  const provided = useContext(QueryClientContext);
  if (provided) return <Outlet />;
  return (
    <QueryClientProvider client={staffQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
