import { useId, useState } from 'react';
import { useTenantPlayers } from '../../api/tenant-players';
import { Field } from '../../components/form-field';
import { useTranslation } from '../../lib/i18n';

/** Props of `TeamPicker`. */
export interface TeamPickerProps {
  slug: string;
  /** The chosen registered team's id, '' for none. */
  teamId: string;
  error: string | null;
  onChange: (teamId: string) => void;
}

/**
 * 'Una squadra': the tenant's registered teams (the Players list, newest first), searched by
 * name, e-mail or route, to choose one from.
 */
export function TeamPicker({ slug, teamId, error, onChange }: TeamPickerProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages.compose' });
  const searchId = useId();
  const [search, setSearch] = useState('');
  const players = useTenantPlayers(slug, search.trim());
  const found = players.data?.pages.flatMap((page) => page.players) ?? [];

  return (
    <div className="staff-messages__team-picker">
      <div className="form-field">
        <label className="form-field__label" htmlFor={searchId}>
          {t('searchTeam')}
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            // The choice is made again among the new results.
            if (teamId) onChange('');
          }}
        />
      </div>
      <Field label={t('team')} required error={error}>
        {(control) => (
          <select {...control} value={teamId} onChange={(event) => onChange(event.target.value)}>
            <option value="">{found.length === 0 ? t('noTeams') : t('chooseTeam')}</option>
            {found.map((player) => (
              <option key={player.id} value={player.id}>
                {player.route_title
                  ? `${player.team_name} (${player.route_title})`
                  : player.team_name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
