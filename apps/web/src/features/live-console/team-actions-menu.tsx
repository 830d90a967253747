import type { LiveTeam } from '@tappa/contracts';
import { HELP_ACTIONS, type HelpAction } from '@tappa/domain';
import { MenuButton } from '../../components/menu-button';
import { useTranslation } from '../../lib/i18n';

/** What a team's menu asks for: points, a help action or a message to the team. */
export type TeamAction =
  { kind: 'points' } | { kind: 'help'; action: HelpAction } | { kind: 'message' };

/** Props of `TeamActionsMenu`. */
export interface TeamActionsMenuProps {
  team: LiveTeam;
  /** Its game is over: the help actions are shown but not chosen. */
  isFinished: boolean;
  onAction: (team: LiveTeam, action: TeamAction) => void;
  /** Whether the menu offers to write to the team. */
  canMessage: boolean;
}

/**
 * 'Azioni per {team}': points, the help actions and a message, as a team's row of the table and
 * its entry on the map both offer them (the console opens the dialog each asks for).
 */
export function TeamActionsMenu({ team, isFinished, onAction, canMessage }: TeamActionsMenuProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole' });
  return (
    <MenuButton
      label={t('actionsOf', { team: team.team_name })}
      entries={[
        {
          key: 'points',
          label: t('actions.points'),
          onSelect: () => onAction(team, { kind: 'points' }),
        },
        ...HELP_ACTIONS.map((action) => ({
          key: action,
          label: t(`actions.${action}`),
          isDanger: action === 'end_game',
          isDisabled: isFinished,
          onSelect: () => onAction(team, { kind: 'help', action }),
        })),
        ...(canMessage
          ? [
              {
                key: 'message',
                label: t('actions.message'),
                onSelect: () => onAction(team, { kind: 'message' }),
              },
            ]
          : []),
      ]}
    />
  );
}
