import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from '../lib/i18n';
import './file-picker.css';

/** The native input's own attributes: its id (for an outside label), name and description. */
export interface FilePickerInputProps {
  id?: string;
  name?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/** Props of `FilePicker`. */
export interface FilePickerProps {
  /** The chosen file; null empties the native input too (after an upload, say). */
  file: File | null;
  onChange: (file: File | null) => void;
  accept?: string;
  inputProps?: FilePickerInputProps;
}

/**
 * A file field that looks like the product: a 'Choose a file' button, the chosen file's name and,
 * for an image, a preview. The native input stays inside, visually hidden, focusable and named by
 * its labels, so keyboards, screen readers and tests (`setInputFiles`) use it as before.
 */
export function FilePicker({ file, onChange, accept, inputProps = {} }: FilePickerProps) {
  const { t } = useTranslation();
  const ownId = useId();
  const id = inputProps.id ?? ownId;
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = usePreviewUrl(file);

  useEffect(() => {
    if (file === null && inputRef.current) inputRef.current.value = '';
  }, [file]);

  return (
    <div className="file-picker">
      <input
        {...inputProps}
        ref={inputRef}
        id={id}
        className="visually-hidden file-picker__input"
        type="file"
        accept={accept}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <label htmlFor={id} className="btn btn--small file-picker__button">
        {t('filePicker.choose')}
      </label>
      {preview ? <img className="file-picker__preview" src={preview} alt="" /> : null}
      <span className="file-picker__name">{file ? file.name : t('filePicker.none')}</span>
    </div>
  );
}

/** An object URL of `file` while it is an image (revoked when it changes), else null. */
function usePreviewUrl(file: File | null): string | null {
  // jsdom and old browsers have no object URLs: no preview, the name still shows.
  const url = useMemo(
    () =>
      file?.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(file)
        : null,
    [file],
  );
  useEffect(() => {
    if (url === null) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
