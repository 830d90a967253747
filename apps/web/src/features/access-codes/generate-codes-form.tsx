import {
  ACCESS_CODE_BATCH_DEFAULT,
  ACCESS_CODE_BATCH_MAX,
  ACCESS_CODE_BATCH_MIN,
} from '@tappa/domain';
import { type FormEvent, useState } from 'react';
import { useGenerateAccessCodes } from '../../api/access-codes';
import { Field } from '../../components/form-field';
import type { NoticeMessage } from '../../components/notice';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** The batch size typed, when it is a whole number from 1 to 1000; otherwise null. */
export function parseBatchSize(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= ACCESS_CODE_BATCH_MIN && n <= ACCESS_CODE_BATCH_MAX ? n : null;
}

/** Props of `GenerateCodesForm`. */
export interface GenerateCodesFormProps {
  tenantSlug: string;
  routeId: string;
  onNotice: (notice: NoticeMessage) => void;
}

/** How many codes to generate for the route (1–1000, default 10) and 'Genera codici'. */
export function GenerateCodesForm({ tenantSlug, routeId, onNotice }: GenerateCodesFormProps) {
  const { t } = useTranslation();
  const [count, setCount] = useState(String(ACCESS_CODE_BATCH_DEFAULT));
  const [invalid, setInvalid] = useState(false);
  const generate = useGenerateAccessCodes(tenantSlug, routeId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const n = parseBatchSize(count);
    setInvalid(n === null);
    if (n === null) return;
    generate.mutate(n, {
      onSuccess: (codes) =>
        onNotice({ kind: 'success', text: t('accessCodes.generated', { n: codes.length }) }),
      onError: (error) =>
        onNotice({
          kind: 'error',
          text: t('accessCodes.generateError', { msg: errorText(error, t) }),
        }),
    });
  }

  return (
    <form className="ac-generate" onSubmit={handleSubmit} noValidate>
      <Field
        label={t('accessCodesAdmin.count')}
        error={invalid ? t('accessCodes.invalidCount') : null}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={ACCESS_CODE_BATCH_MIN}
            max={ACCESS_CODE_BATCH_MAX}
            step={1}
            value={count}
            onChange={(event) => {
              setCount(event.target.value);
              setInvalid(false);
            }}
          />
        )}
      </Field>
      <button type="submit" className="btn btn--primary" disabled={generate.isPending}>
        {generate.isPending ? t('accessCodesAdmin.generating') : t('accessCodesAdmin.generate')}
      </button>
    </form>
  );
}
