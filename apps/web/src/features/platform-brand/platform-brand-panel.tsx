import { BRAND_ASSETS } from '@tappa/contracts';
import { useId } from 'react';
import { usePlatformBrand } from '../../api/platform-brand';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n';
import { BrandAssetField } from './brand-asset-field';
import { BrandColorsForm } from './brand-colors-form';
import '../../components/admin-ui.css';
import '../../components/forms.css';
import './platform-brand.css';

/** Doc 1 §9: a saved message stays 3 seconds. */
export const BRAND_NOTICE_MS = 3000;

/**
 * The Brand Assets panel of the superadmin dashboard (doc 1 §2): the platform logo, favicon and
 * footer logo, each uploaded or removed on its own, and the two colours.
 */
export function PlatformBrandPanel() {
  const { t } = useTranslation();
  const titleId = useId();
  const brand = usePlatformBrand();
  const { notice, show } = useNotice(BRAND_NOTICE_MS);
  const success = (text: string) => show({ kind: 'success', text });

  return (
    <section className="panel" aria-labelledby={titleId}>
      <Notice notice={notice} />
      <h2 id={titleId} className="panel__title">
        {t('superadmin.brandAssets')}
      </h2>
      <QueryState query={brand}>
        {(stored) => (
          <div className="brand-panel">
            <div className="brand-panel__assets">
              {BRAND_ASSETS.map((asset) => (
                <BrandAssetField
                  key={asset}
                  asset={asset}
                  url={stored[`${asset}_url`]}
                  onDone={success}
                />
              ))}
            </div>
            <BrandColorsForm
              stored={stored}
              onSaved={() => success(t('superadmin.brand.colorsSaved'))}
            />
          </div>
        )}
      </QueryState>
    </section>
  );
}
