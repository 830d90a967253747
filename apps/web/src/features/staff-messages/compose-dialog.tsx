import { Modal } from '../../components/modal';
import { useTranslation } from '../../lib/i18n';
import { ComposeForm } from './compose-form';
import type { GameTarget } from './compose-values';
import './staff-messages.css';

/** Props of `ComposeDialog`. */
export interface ComposeDialogProps {
  slug: string;
  game: GameTarget;
  onClose: () => void;
}

/** A message to one team from the live console's table: the compose form on its game. */
export function ComposeDialog({ slug, game, onClose }: ComposeDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages.compose' });
  return (
    <Modal title={t('titleTo', { team: game.teamName })} closeLabel={t('close')} onClose={onClose}>
      <ComposeForm slug={slug} game={game} onSent={onClose} onCancel={onClose} />
    </Modal>
  );
}
