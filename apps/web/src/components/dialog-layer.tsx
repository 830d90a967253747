import { createPortal } from 'react-dom';
import { useTranslation } from '../lib/i18n';
import { dialogs, dismissToast } from '../lib/dialogs';
import type { DialogState } from '../lib/dialogs';
import { ConfirmDialog } from './confirm-dialog';
import { ToastList } from './toast-list';

/** Props of `DialogLayer`. */
export interface DialogLayerProps {
  state: DialogState;
  /** The live region (kept mounted by the host) the toasts go into. */
  toastRegion: HTMLElement;
}

/** The first waiting confirmation and the toasts (loaded only once one of them is asked for). */
export function DialogLayer({ state, toastRegion }: DialogLayerProps) {
  const { t } = useTranslation();
  const [request] = state.confirms;
  return (
    <>
      {request ? (
        <ConfirmDialog
          key={request.id}
          title={t('dialogs.title')}
          text={request.text}
          confirmLabel={t('dialogs.confirm')}
          cancelLabel={t('dialogs.cancel')}
          onAnswer={(confirmed) => dialogs.answer(request.id, confirmed)}
        />
      ) : null}
      {createPortal(
        <ToastList
          toasts={state.toasts}
          regionLabel={t('shell.toasts')}
          dismissLabel={t('dialogs.dismiss')}
          onDismiss={dismissToast}
        />,
        toastRegion,
      )}
    </>
  );
}
