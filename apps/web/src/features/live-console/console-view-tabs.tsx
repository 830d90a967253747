import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n';

/** The console's two views of its teams: the table, and the map (decision 0086). */
export const CONSOLE_VIEWS = ['teams', 'map'] as const;
export type ConsoleView = (typeof CONSOLE_VIEWS)[number];

/** Props of `ConsoleViewTabs`. */
export interface ConsoleViewTabsProps {
  /** Prefix of the tabs' ids; the panel is `${idPrefix}-panel`. */
  idPrefix: string;
  current: ConsoleView;
  onChange: (view: ConsoleView) => void;
}

/** The id of a view's tab, which names the panel it shows. */
export const tabIdOf = (idPrefix: string, view: ConsoleView) => `${idPrefix}-${view}`;

/**
 * 'Squadre' / 'Mappa': a tab list (the arrow keys move between the tabs, as the settings'
 * tabs do); the console shows the chosen view in the panel they control.
 */
export function ConsoleViewTabs({ idPrefix, current, onChange }: ConsoleViewTabsProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.views' });

  function choose(view: ConsoleView) {
    onChange(view);
    document.getElementById(tabIdOf(idPrefix, view))?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const at = CONSOLE_VIEWS.indexOf(current);
    choose(CONSOLE_VIEWS[(at + step + CONSOLE_VIEWS.length) % CONSOLE_VIEWS.length]!);
  }

  return (
    <div
      className="live-console__tabs"
      role="tablist"
      aria-label={t('label')}
      onKeyDown={handleKeyDown}
    >
      {CONSOLE_VIEWS.map((view) => (
        <button
          key={view}
          id={tabIdOf(idPrefix, view)}
          type="button"
          role="tab"
          className="live-console__tab"
          aria-selected={view === current}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={view === current ? 0 : -1}
          onClick={() => choose(view)}
        >
          {t(view)}
        </button>
      ))}
    </div>
  );
}
