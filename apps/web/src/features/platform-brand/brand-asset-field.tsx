import type { BrandAsset } from '@tappa/contracts';
import { useId, useState } from 'react';
import { useRemoveBrandAsset, useUploadBrandAsset } from '../../api/platform-brand-assets';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { dialogs } from '../../lib/dialogs';
import { FilePicker } from '../../components/file-picker';

/** Doc 1 §5 for the brand panels: the types each image accepts (the server checks the content). */
const ACCEPT = {
  logo: 'image/png,image/jpeg,image/webp',
  favicon: 'image/x-icon,image/vnd.microsoft.icon,.ico,image/png',
  footer_logo: 'image/png,image/webp,image/jpeg',
} as const satisfies Record<BrandAsset, string>;

/** Props of `BrandAssetField`. */
export interface BrandAssetFieldProps {
  asset: BrandAsset;
  /** The stored image, or null when none is set. */
  url: string | null;
  /** Called with the success message after an upload or a removal. */
  onDone: (text: string) => void;
}

/**
 * One brand image: its preview, the hint of suggested size and types, a file input whose Upload
 * button stays disabled until a file is chosen (doc 1 §5), and Remove after a confirmation.
 */
export function BrandAssetField({ asset, url, onDone }: BrandAssetFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadBrandAsset();
  const remove = useRemoveBrandAsset();
  const what = t(`superadmin.brand.${asset}`);
  const busy = upload.isPending || remove.isPending;
  const error = upload.error ?? remove.error;

  const handleUpload = () => {
    if (!file) return;
    remove.reset();
    upload.mutate(
      { asset, file },
      {
        onSuccess: () => {
          setFile(null);
          onDone(t('superadmin.brand.uploaded', { what }));
        },
      },
    );
  };

  const handleRemove = async () => {
    if (!(await dialogs.confirm(t('superadmin.brand.confirmRemove', { what })))) return;
    upload.reset();
    remove.mutate(asset, { onSuccess: () => onDone(t('superadmin.brand.removed', { what })) });
  };

  return (
    <section className="brand-asset" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="brand-asset__title">
        {what}
      </h3>
      <div className={`brand-asset__preview brand-asset__preview--${asset}`}>
        {url ? (
          <img src={url} alt={t('superadmin.brand.current', { what })} />
        ) : (
          <span className="muted">{t('superadmin.brand.none')}</span>
        )}
      </div>
      <p id={`${id}-hint`} className="form-field__hint">
        {t(`superadmin.brand.${asset}Hint`)}
      </p>
      <FilePicker
        file={file}
        onChange={setFile}
        accept={ACCEPT[asset]}
        inputProps={{
          'aria-label': t('superadmin.brand.fileOf', { what }),
          'aria-describedby': `${id}-hint`,
        }}
      />
      {error ? (
        <p role="alert" className="alert alert--error">
          {errorText(error, t)}
        </p>
      ) : null}
      <div className="brand-asset__actions">
        <button
          type="button"
          className="btn btn--danger btn--small"
          disabled={!url || busy}
          aria-label={t('superadmin.brand.removeOf', { what })}
          onClick={() => void handleRemove()}
        >
          {t('superadmin.brand.remove')}
        </button>
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={!file || busy}
          aria-label={t('superadmin.brand.uploadOf', { what })}
          onClick={handleUpload}
        >
          {upload.isPending ? t('superadmin.brand.uploading') : t('superadmin.brand.upload')}
        </button>
      </div>
    </section>
  );
}
