import { useEffect, useState } from 'react';
import { Icon } from '../../components/line-icon';
import { useTranslation } from '../../lib/i18n';

/** How long the copy icon shows its tick after a copy (the spec's 2 s). */
export const COPIED_MS = 2000;

/** Props of `CopyCodeButton`. */
export interface CopyCodeButtonProps {
  code: string;
  /** Called when the clipboard refuses the text. */
  onFailed: () => void;
}

/** Copies one code to the clipboard; its icon turns into a tick for 2 seconds. */
export function CopyCodeButton({ code, onFailed }: CopyCodeButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      onFailed();
    }
  }

  return (
    <button
      type="button"
      className="btn btn--small btn--ghost ac-copy"
      aria-label={copied ? t('accessCodesAdmin.copied') : t('accessCodesAdmin.copy', { code })}
      title={copied ? t('accessCodesAdmin.copied') : t('accessCodesAdmin.copy', { code })}
      onClick={() => void handleCopy()}
    >
      <Icon name={copied ? 'check' : 'copy'} size={16} />
    </button>
  );
}
