import { useState } from 'react';
import type { ConsoleView } from './console-view-tabs';
import { LiveConsole } from './live-console';

/**
 * The console as its page holds it, for the feature's tests: acme, the route given, the view in
 * state of its own (the page keeps it in the address: its own tests cover that).
 */
export function ConsoleHarness({ routeId }: { routeId: string | null }) {
  const [view, setView] = useState<ConsoleView>('teams');
  return (
    <LiveConsole
      slug="acme"
      routeId={routeId}
      onRouteChange={() => undefined}
      view={view}
      onViewChange={setView}
    />
  );
}
